import type { ListingReport } from "./listing-report.entity";
import type { FiledReport, OpenReportView, ReportRepository } from "./report-repository.port";

/** The admin review queue: open reports, oldest first. */
export function listOpenReports(deps: { reports: ReportRepository }, limit = 100): Promise<OpenReportView[]> {
  return deps.reports.listOpen(limit);
}

/** The reports a user filed (the admin's user page), newest first. */
export function listReportsFiledBy(deps: { reports: ReportRepository }, reporterId: string, limit = 20): Promise<FiledReport[]> {
  return deps.reports.listFiledBy(reporterId, limit);
}

/** A report still waiting for a decision (the uphold confirmation page), or null. */
export async function findOpenReport(deps: { reports: ReportRepository }, reportId: string): Promise<ListingReport | null> {
  const report = await deps.reports.findById(reportId);
  return report?.status === "open" ? report : null;
}
