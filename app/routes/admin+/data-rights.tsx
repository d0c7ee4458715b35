// /admin/data-rights: the account closings and data downloads of the last 90 days (who, when, by
// which admin when served on a person's request; never the file's contents) and the last runs of
// the retention job with their counts (decisions 0227, 0228).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { dataRightsActivity, DATA_RIGHTS_ACTIVITY_DAYS } from "#domain/data-rights/data-rights-activity";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDateTime } from "~/utils/format";
import { usePersonName } from "~/utils/person-name";

export const handle = { i18n: ["data-rights", "auth"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const { accounts, retention } = context.services;
  const activity = await dataRightsActivity({ auditLog: accounts.repos.auditLog, accounts: accounts.repos.accounts }, accounts.clock.now());
  const t = await i18next.getFixedT(request, "data-rights");
  const request_ = (r: (typeof activity.closures)[number]) => ({ ...r, at: r.at.toISOString() });
  return {
    title: t("admin.title"),
    closures: activity.closures.map(request_),
    downloads: activity.downloads.map(request_),
    runs: activity.runs.map((r) => ({ ...r, at: r.at.toISOString() })),
    names: activity.names,
    periods: retention.periods,
  };
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminDataRightsPage() {
  const { t, i18n } = useTranslation(["data-rights", "auth"]);
  const { closures, downloads, runs, periods } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={t("admin.title")} intro={t("admin.intro", { days: DATA_RIGHTS_ACTIVITY_DAYS })}>
      <Requests id="closures" title={t("admin.closures")} empty={t("admin.closuresEmpty")} rows={closures} />
      <Requests id="downloads" title={t("admin.downloads")} empty={t("admin.downloadsEmpty")} rows={downloads} />
      <section aria-labelledby="retention-runs" className="mb-6">
        <h2 id="retention-runs" className="mb-2 text-lg font-semibold">
          {t("admin.runs")}
        </h2>
        <p className="mb-2 text-sm">
          {t("admin.periods", {
            contact: periods.contactMessagesDays,
            documents: periods.verificationDocumentsDays,
            emails: periods.outboxEmailsDays,
          })}
        </p>
        {runs.length === 0 ? (
          <p className="card p-4 text-sm">{t("admin.runsEmpty")}</p>
        ) : (
          <div className="card overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="retention-runs">
              <caption className="sr-only">{t("admin.runs")}</caption>
              <thead className="border-b border-slate-200 dark:border-slate-700">
                <tr>
                  {["when", "contactMessages", "documents", "emails"].map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 font-semibold">
                      {t(`admin.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {runs.map((r) => (
                  <tr key={r.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                    <td className="px-3 py-2">{formatDateTime(r.at, i18n.language)}</td>
                    <td className="px-3 py-2">{r.counts.contactMessages}</td>
                    <td className="px-3 py-2">
                      {t("admin.documentsCount", { documents: r.counts.agentDocuments + r.counts.hostDocuments, files: r.counts.files })}
                    </td>
                    <td className="px-3 py-2">{r.counts.outboxEmails + r.counts.bookingNotices}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </PortalLayout>
  );
}

function Requests({ id, title, empty, rows }: { id: string; title: string; empty: string; rows: Loaded["closures"] }) {
  const { t, i18n } = useTranslation(["data-rights", "auth"]);
  const { names } = useLoaderData<typeof loader>();
  const personName = usePersonName();
  const who = (userId: string | null) =>
    userId ? (
      <Link to={`/admin/users/${encodeURIComponent(userId)}`} className="link">
        {personName(names[userId] ?? userId)}
      </Link>
    ) : (
      "—"
    );
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="card p-4 text-sm">{empty}</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid={id}>
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                {["when", "account", "servedBy", "reason"].map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 font-semibold">
                    {t(`admin.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="px-3 py-2">{formatDateTime(r.at, i18n.language)}</td>
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">{who(r.userId)}</td>
                  <td className="px-3 py-2">{r.servedBy ? who(r.servedBy) : t("admin.themselves")}</td>
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">{r.reason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
