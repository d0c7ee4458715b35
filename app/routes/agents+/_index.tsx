import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { i18next } from "~/i18next.server";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { AgentSummary } from "~/components/listings/agent-card";
import { Pagination } from "~/components/listings/pagination";
import { pageParam } from "~/utils/page-param.server";
import { notFound } from "~/utils/not-found.server";
import { agentDirectoryPage } from "#domain/listings/agent-directory.queries";
import { hideDirectNumber } from "#domain/listings/agent-contact";

export const handle = { i18n: ["listings"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

const directoryHref = (page: number) => (page > 1 ? `/agents?page=${page}` : "/agents");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageParam(new URL(request.url));
  const result = await agentDirectoryPage(context.services.listings.agents, { page });
  if (!result.ok) throw notFound();
  const t = await i18next.getFixedT(request, "listings");
  const seo: PageSeo = {
    title: page > 1 ? t("seo.agentsTitlePage", { page }) : t("seo.agentsTitle"),
    description: t("seo.agentsDescription"),
    path: directoryHref(page),
  };
  // The directory never carries an agent's direct number (decision 0201).
  return { directory: { ...result.value, items: result.value.items.map(hideDirectNumber) }, seo };
}

export default function AgentsPage() {
  const { directory } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listings");
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t("agents.title")}</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("agents.intro")}</p>

      <section aria-labelledby="how-heading" className="card mt-6 p-5">
        <h2 id="how-heading" className="text-xl font-semibold">
          {t("agents.howTitle")}
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5">
          <li>{t("agents.how1")}</li>
          <li>{t("agents.how2")}</li>
          <li>{t("agents.how3")}</li>
        </ol>
        <p className="mt-4 flex flex-wrap gap-3">
          <Link to="/agents/landing" className="btn-primary">
            {t("agents.landingLink")}
          </Link>
          <Link to="/terms-agents" className="btn-secondary">
            {t("common:footer.termsAgents")}
          </Link>
        </p>
      </section>

      <section aria-labelledby="directory-heading" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="directory-heading" className="text-xl font-semibold">
            {t("agents.directory")}
          </h2>
          <Link to="/agents/top-rated" className="link">
            {t("agents.topRatedLink")}
          </Link>
        </div>
        {directory.items.length === 0 ? (
          <p className="mt-4">{t("agents.directoryEmpty")}</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {directory.items.map((agent) => (
              <li key={agent.userId} className="card p-4">
                <AgentSummary agent={agent} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={directory.page} pageCount={directory.pageCount} hrefFor={directoryHref} label={t("agents.pages")} />
      </section>
    </div>
  );
}
