// /agents/reports.csv?period=7|30|90 (issue 9): the agent's report as a CSV download, from the same
// query as /agents/reports, so its rows and totals row are the page's. Formula-safe cells
// (app/utils/csv.ts); headers in the reader's language. Private: never cached by a proxy.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAgentReport } from "#domain/agent-reports/agent-report.query";
import { parseReportPeriod } from "#domain/agent-reports/agent-report.entity";
import { reportCsvRows } from "~/components/agent-reports/report-format";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { toCsv } from "~/utils/csv";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const period = parseReportPeriod(new URL(request.url).searchParams.get("period"));
  const report = await getAgentReport(context.services.agentReports, user.id, period);
  const t = await i18next.getFixedT(request, "portal");
  const body = toCsv(
    reportCsvRows(report, {
      property: t("reports.table.property"),
      views: t("reports.totals.views"),
      visitBookings: t("reports.totals.visitBookings"),
      confirmedViewings: t("reports.totals.confirmedViewings"),
      conversion: t("reports.csv.conversion"),
      total: t("reports.table.total"),
    }),
  );
  const filename = t("reports.csv.filename", { from: report.window.firstDay, to: report.window.lastDay });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
