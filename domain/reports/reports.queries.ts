import type { ListingReport } from "./listing-report.entity";
import type { OpenReportView, ReportRepository } from "./report-repository.port";

/** The admin review queue: open reports, oldest first. */
export function listOpenReports(deps: { reports: ReportRepository }, limit = 100): Promise<OpenReportView[]> {
  return deps.reports.listOpen(limit);
}

/** A report still waiting for a decision (the uphold confirmation page), or null. */
export async function findOpenReport(deps: { reports: ReportRepository }, reportId: string): Promise<ListingReport | null> {
  const report = await deps.reports.findById(reportId);
  return report?.status === "open" ? report : null;
}
