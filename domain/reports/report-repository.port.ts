import type { ListingReport, ReportDecision, ReportReason, ReportStatus, ReportedListing } from "./listing-report.entity";

/** An open report as the admin reports page shows it. */
export interface OpenReportView {
  id: string;
  propertyId: string;
  propertyTitle: string;
  reporterId: string;
  reporterName: string;
  reason: ReportReason;
  details: string;
  createdAt: Date;
  listingHidden: boolean;
}

/** A report with the title of the listing it is about. */
export interface FiledReport extends ListingReport {
  propertyTitle: string;
}

export interface ReportRepository {
  /**
   * Finds the listing and holds it for the rest of the unit of work, so that two reports (or a
   * report and a review) on the same listing run one after the other and never miss the threshold.
   */
  lockListing(propertyId: string): Promise<ReportedListing | null>;
  /**
   * Holds the reporter for the rest of the unit of work, so that two reports by one user run one
   * after the other and never both slip under the daily limit.
   */
  lockReporter(userId: string): Promise<void>;
  /** How many reports (any status) the user filed at or after `since`. */
  countReportsSince(reporterId: string, since: Date): Promise<number>;
  /** False when the reporter already has an open report on this listing. */
  add(report: ListingReport): Promise<boolean>;
  findById(reportId: string): Promise<ListingReport | null>;
  /** Number of different users with an open report on the listing. */
  countOpenReporters(propertyId: string): Promise<number>;
  /**
   * Number of different users with an open report on the listing whose e-mail address is confirmed
   * and whose account was created at or before `accountsCreatedBy`.
   */
  countTrustedOpenReporters(propertyId: string, accountsCreatedBy: Date): Promise<number>;
  countUpheld(propertyId: string): Promise<number>;
  /** Closes every open report of the listing (or only `reportId` when given) with the decision's status; answers how many. */
  closeOpen(propertyId: string, status: Exclude<ReportStatus, "open">, at: Date, reportId?: string): Promise<number>;
  /** Sets hidden_at unless it is already set. */
  hideListing(propertyId: string, at: Date): Promise<void>;
  unhideListing(propertyId: string): Promise<void>;
  /** An upheld report: the listing stays hidden and is marked unavailable. */
  withdrawListing(propertyId: string, at: Date): Promise<void>;
  /**
   * Records who decided what, in the audit log, as the admin area's convention has it:
   * `admin.report_closed` with { target: "report:<id>", before, after } (decision 0121).
   */
  recordDecision(entry: { adminId: string; reportId: string; decision: ReportDecision; at: Date }): Promise<void>;
  /** Open reports, oldest first (the review queue). */
  listOpen(limit: number): Promise<OpenReportView[]>;
  /** The reports a user filed, any status, newest first, with the listing's title. */
  listFiledBy(reporterId: string, limit: number): Promise<FiledReport[]>;
}

export type ReportRepos = { reports: ReportRepository };
