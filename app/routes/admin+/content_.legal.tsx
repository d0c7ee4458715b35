// /admin/content/legal: the three legal pages (terms, terms for agents, privacy), each with when it
// last changed, a link to edit it and to the public page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { listLegalPages } from "#domain/help-content/help-content.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDateTime } from "~/utils/format";

export const handle = { i18n: ["auth", "help-content"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const pages = await listLegalPages(context.services.helpContent);
  const t = await i18next.getFixedT(request, "help-content");
  return {
    title: t("legal.title"),
    pages: pages.map((p) => ({ slug: p.slug, titleEn: p.titleEn, titleFr: p.titleFr, updatedAt: p.updatedAt.toISOString() })),
  };
}

export default function AdminLegalPagesPage() {
  const { t, i18n } = useTranslation("help-content");
  const { pages } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={t("legal.title")} intro={t("legal.intro")}>
      {pages.length === 0 ? (
        <p className="card p-6">{t("legal.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {pages.map((p) => (
            <li key={p.slug} className="card p-4" data-testid="admin-legal-page">
              <h2 className="text-lg font-semibold">{p.titleEn}</h2>
              {p.titleFr ? (
                <p className="text-sm text-slate-700 dark:text-slate-300" lang="fr">
                  {p.titleFr}
                </p>
              ) : null}
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {t("updatedAt", { date: formatDateTime(p.updatedAt, i18n.language) })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={`/admin/content/legal/${p.slug}`} className="btn-primary">
                  {t("legal.edit")}
                  <span className="sr-only">: {p.titleEn}</span>
                </Link>
                <Link to={`/${p.slug}`} className="btn-secondary">
                  {t("legal.view")}
                  <span className="sr-only">: {p.titleEn}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </PortalLayout>
  );
}
