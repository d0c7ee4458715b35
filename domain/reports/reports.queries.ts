import type { OpenReportView, ReportRepository } from "./report-repository.port";

/** The admin review queue: open reports, oldest first. */
export function listOpenReports(deps: { reports: ReportRepository }, limit = 100): Promise<OpenReportView[]> {
  return deps.reports.listOpen(limit);
}
