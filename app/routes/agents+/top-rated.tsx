import { hideDirectNumber } from "#domain/listings/agent-contact";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { i18next } from "~/i18next.server";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { AgentSummary } from "~/components/listings/agent-card";

export const handle = { i18n: ["listings"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

const TOP_RATED_COUNT = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const agents = await context.services.listings.agents.topRatedAgents(TOP_RATED_COUNT);
  const t = await i18next.getFixedT(request, "listings");
  const seo: PageSeo = { title: t("seo.topRatedTitle"), description: t("seo.topRatedDescription"), path: "/agents/top-rated" };
  // The ranking never carries an agent's direct number (decision 0201).
  return { agents: agents.map(hideDirectNumber), seo };
}

/** Agents ranked by the Bayesian average of their reviews (domain/listings/agent-rating.ts). */
export default function TopRatedAgentsPage() {
  const { agents } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listings");
  return (
    <div className="container-page py-8">
      {/* Paths under /agents carry no site navigation (the portal's rule): a way back is given here. */}
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to="/agents" className="link">
          <span aria-hidden="true">← </span>
          {t("agents.back")}
        </Link>
        <Link to="/" className="link">
          {t("common:nav.home")}
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold md:text-3xl">{t("agents.topRatedTitle")}</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("agents.topRatedIntro")}</p>
      {agents.length === 0 ? (
        <p className="mt-6">{t("agents.topRatedEmpty")}</p>
      ) : (
        <ol className="mt-6 space-y-3">
          {agents.map((agent, i) => (
            <li key={agent.userId} className="card p-4">
              <AgentSummary agent={agent} headingLevel={2} rank={i + 1} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
