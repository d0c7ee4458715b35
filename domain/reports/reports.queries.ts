import type { FiledReport, OpenReportView, ReportRepository } from "./report-repository.port";

/** The admin review queue: open reports, oldest first. */
export function listOpenReports(deps: { reports: ReportRepository }, limit = 100): Promise<OpenReportView[]> {
  return deps.reports.listOpen(limit);
}

/** The reports a user filed (the admin's user page), newest first. */
export function listReportsFiledBy(deps: { reports: ReportRepository }, reporterId: string, limit = 20): Promise<FiledReport[]> {
  return deps.reports.listFiledBy(reporterId, limit);
}
