// The agent's reports page and its CSV (issue 9): one query, so the file and the screen always
// show the same rows and the same totals.
import type { Clock } from "../shared/clock";
import {
  byViewsThenTitle,
  conversionRate,
  totalsOf,
  reportWindow,
  rowLabels,
  type ActivityTotals,
  type PropertyActivity,
  type ReportPeriod,
  type ReportWindow,
} from "./agent-report.entity";
import type { AgentReportsReader } from "./agent-reports-reader.port";

export interface AgentReportRow extends PropertyActivity {
  conversion: number | null;
  /** What the charts and the table call the row (rowLabels): never the same for two rows. */
  label: string;
}

export interface AgentReport {
  period: ReportPeriod;
  window: ReportWindow;
  rows: AgentReportRow[];
  totals: ActivityTotals & { conversion: number | null };
}

export interface AgentReportDeps {
  reports: AgentReportsReader;
  clock: Clock;
}

export async function getAgentReport(deps: AgentReportDeps, agentId: string, period: ReportPeriod): Promise<AgentReport> {
  const window = reportWindow(deps.clock.now(), period);
  const activity = await deps.reports.activityByProperty(agentId, window);
  const totals = totalsOf(activity);
  const labels = rowLabels(activity);
  return {
    period,
    window,
    rows: [...activity]
      .sort(byViewsThenTitle)
      .map((r) => ({ ...r, conversion: conversionRate(r.confirmedViewings, r.views), label: labels.get(r.propertyId) ?? r.title })),
    totals: { ...totals, conversion: conversionRate(totals.confirmedViewings, totals.views) },
  };
}
