// How the agent's reports page and its CSV write figures, so the two can never disagree.
import type { AgentReport } from "#domain/agent-reports/agent-report.query";
import type { CsvCell } from "~/utils/csv";
import { numberFormat } from "~/utils/format";

/** A conversion rate as a percentage with one decimal, e.g. 0.125 → 12.5; null stays null. */
export function conversionPercent(rate: number | null): number | null {
  return rate === null ? null : Math.round(rate * 1000) / 10;
}

/** "12.5 %" / "12,5 %" on screen; "—" when there were no views to convert. */
export function formatConversion(rate: number | null, language: string): string {
  const percent = conversionPercent(rate);
  if (percent === null) return "—";
  return `${numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percent)} %`;
}

export interface ReportCsvLabels {
  property: string;
  views: string;
  visitBookings: string;
  confirmedViewings: string;
  conversion: string;
  total: string;
}

/**
 * The report as CSV rows: a header, one row per property in the page's order, then the totals row
 * (the same totals the page shows); the file's name says the period. Conversion is a percentage with a
 * dot decimal, empty when there were no views.
 */
export function reportCsvRows(report: Pick<AgentReport, "rows" | "totals">, labels: ReportCsvLabels): CsvCell[][] {
  return [
    [labels.property, labels.views, labels.visitBookings, labels.confirmedViewings, labels.conversion],
    ...report.rows.map((r) => [r.title, r.views, r.visitBookings, r.confirmedViewings, conversionPercent(r.conversion)]),
    [
      labels.total,
      report.totals.views,
      report.totals.visitBookings,
      report.totals.confirmedViewings,
      conversionPercent(report.totals.conversion),
    ],
  ];
}
