// /agents/reports (issue 9): for the approved agent's own properties, over the last 7, 30 or 90
// Buea days, views, visit bookings, confirmed viewings and conversion, as SVG bar charts drawn on
// the server (each with a title and summary, the table below as their text alternative) and as a
// CSV download (/agents/reports.csv) built from the same query, so its totals are the page's.
// The period is a plain GET form, so everything works without JavaScript. Definitions: decision 0119.
import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { getAgentReport } from "#domain/agent-reports/agent-report.query";
import { parseReportPeriod, REPORT_PERIODS } from "#domain/agent-reports/agent-report.entity";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { BarChart, type BarDatum } from "~/components/agent-reports/bar-chart";
import { formatConversion } from "~/components/agent-reports/report-format";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { ScrollRegion } from "~/components/scroll-region";
import { formatDate } from "~/utils/format";

export const handle = { i18n: ["auth", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const period = parseReportPeriod(new URL(request.url).searchParams.get("period"));
  const report = await getAgentReport(context.services.agentReports, user.id, period);
  const t = await i18next.getFixedT(request, "portal");
  return {
    title: t("reports.title"),
    period: report.period,
    firstDay: report.window.firstDay,
    lastDay: report.window.lastDay,
    rows: report.rows,
    totals: report.totals,
  };
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Metric = "views" | "visitBookings" | "confirmedViewings";

export default function AgentReportsPage() {
  const { t, i18n } = useTranslation("portal");
  const data = useLoaderData<typeof loader>();
  const { period, rows, totals } = data;
  // Calendar days: noon UTC is the same date in Buea.
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, i18n.language);
  return (
    <PortalLayout portal="agent" title={t("reports.title")} intro={t("reports.intro")}>
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="period-form">
        <div>
          <label htmlFor="report-period" className="block text-sm font-medium">
            {t("reports.period.label")}
          </label>
          <select id="report-period" name="period" defaultValue={String(period)} key={period} className="input mt-1">
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`reports.period.option_${p}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("reports.period.submit")}
        </button>
        <a href={`/agents/reports.csv?period=${period}`} download className="btn-primary" data-testid="download-csv">
          {t("reports.download", { period: t(`reports.period.option_${period}`) })}
        </a>
      </Form>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="report-range">
        {t("reports.period.range", { from: day(data.firstDay), to: day(data.lastDay) })}
      </p>

      {rows.length === 0 ? (
        <div className="card mt-6 p-6">
          <p>{t("reports.empty")}</p>
          <Link to="/agents/new-property" className="link mt-2 inline-block">
            {t("reports.addProperty")}
          </Link>
        </div>
      ) : (
        <>
          <section aria-labelledby="report-totals" className="mt-6">
            <h2 id="report-totals" className="text-lg font-semibold">
              {t("reports.totals.label")}
            </h2>
            <dl className="mt-3 grid grid-cols-1 gap-4 min-[360px]:grid-cols-2 lg:grid-cols-4">
              {(["views", "visitBookings", "confirmedViewings"] as const).map((m) => (
                <Total key={m} testId={`total-${m}`} label={t(`reports.totals.${m}`)} value={String(totals[m])} />
              ))}
              <Total
                testId="total-conversion"
                label={t("reports.totals.conversion")}
                value={formatConversion(totals.conversion, i18n.language)}
              />
            </dl>
          </section>
          <section aria-labelledby="report-charts" className="mt-8">
            <h2 id="report-charts" className="text-lg font-semibold">
              {t("reports.charts.label")}
            </h2>
            <div className="mt-3 grid max-w-4xl gap-4">
              {(["views", "visitBookings", "confirmedViewings"] as const).map((m) => (
                <CountChart key={m} metric={m} rows={rows} total={totals[m]} />
              ))}
              <ConversionChart rows={rows} overall={totals.conversion} />
            </div>
          </section>
          <ReportTable rows={rows} totals={totals} />
          <section aria-labelledby="report-definitions" className="mt-8 max-w-3xl">
            <h2 id="report-definitions" className="text-lg font-semibold">
              {t("reports.definitions.title")}
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {(["views", "visitBookings", "confirmedViewings", "conversion"] as const).map((m) => (
                <li key={m}>{t(`reports.definitions.${m}`)}</li>
              ))}
            </ul>
          </section>
        </>
      )}
    </PortalLayout>
  );
}

function Total({ testId, label, value }: { testId: string; label: string; value: string }) {
  return (
    <div className="card p-4" data-testid={testId}>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold" data-testid="value">
        {value}
      </dd>
    </div>
  );
}

function CountChart({ metric, rows, total }: { metric: Metric; rows: Data["rows"]; total: number }) {
  const { t } = useTranslation("portal");
  const data: BarDatum[] = rows.map((r) => ({ key: r.propertyId, label: r.label, value: r[metric], display: String(r[metric]) }));
  const top = [...data].sort((a, b) => (b.value ?? 0) - (a.value ?? 0))[0];
  const description = t("reports.charts.description", { count: rows.length, top: top.label, value: top.display, total });
  return <BarChart testId={`chart-${metric}`} title={t(`reports.charts.${metric}`)} description={description} data={data} />;
}

function ConversionChart({ rows, overall }: { rows: Data["rows"]; overall: number | null }) {
  const { t, i18n } = useTranslation("portal");
  const data: BarDatum[] = rows.map((r) => ({
    key: r.propertyId,
    label: r.label,
    value: r.conversion,
    display: formatConversion(r.conversion, i18n.language),
  }));
  const top = [...data].sort((a, b) => (b.value ?? -1) - (a.value ?? -1))[0];
  const description = t("reports.charts.conversionDescription", {
    count: rows.length,
    top: top.label,
    value: top.display,
    total: formatConversion(overall, i18n.language),
  });
  return <BarChart testId="chart-conversion" title={t("reports.charts.conversion")} description={description} data={data} />;
}

function ReportTable({ rows, totals }: { rows: Data["rows"]; totals: Data["totals"] }) {
  const { t, i18n } = useTranslation("portal");
  const cell = "px-4 py-2 text-right whitespace-nowrap";
  return (
    <section aria-labelledby="report-table" className="mt-8">
      <h2 id="report-table" className="text-lg font-semibold">
        {t("reports.table.label")}
      </h2>
      <ScrollRegion label={t("reports.table.label")} className="card mt-3">
        <table className="w-full text-left text-sm" data-testid="report-table">
          <thead className="border-b border-slate-200 dark:border-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2">
                {t("reports.table.property")}
              </th>
              {(["views", "visitBookings", "confirmedViewings", "conversion"] as const).map((m) => (
                <th key={m} scope="col" className="px-4 py-2 text-right">
                  {t(`reports.totals.${m}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.propertyId} className="border-b border-slate-100 dark:border-slate-800" data-testid="report-row">
                <th scope="row" className="px-4 py-2 font-normal">
                  {r.label}
                </th>
                <td className={cell}>{r.views}</td>
                <td className={cell}>{r.visitBookings}</td>
                <td className={cell}>{r.confirmedViewings}</td>
                <td className={cell}>{formatConversion(r.conversion, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr data-testid="report-total-row">
              <th scope="row" className="px-4 py-2">
                {t("reports.table.total")}
              </th>
              <td className={cell}>{totals.views}</td>
              <td className={cell}>{totals.visitBookings}</td>
              <td className={cell}>{totals.confirmedViewings}</td>
              <td className={cell}>{formatConversion(totals.conversion, i18n.language)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </section>
  );
}
