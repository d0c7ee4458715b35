export const REPORT_REASONS = ["scam", "wrong_price", "unavailable", "wrong_photos", "offensive", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const isReportReason = (value: string): value is ReportReason => (REPORT_REASONS as readonly string[]).includes(value);

export type ReportStatus = "open" | "dismissed" | "upheld";
export type ReportDecision = "dismiss" | "uphold";

export const REPORT_DETAILS_MAX = 1000;
/** Open reports from this many different users hide a listing until an admin reviews them. */
export const HIDE_AFTER_REPORTERS = 2;

export interface ListingReport {
  id: string;
  propertyId: string;
  reporterId: string;
  reason: ReportReason;
  details: string;
  status: ReportStatus;
  createdAt: Date;
  reviewedAt: Date | null;
}

/** What moderation needs to know about the reported listing. */
export interface ReportedListing {
  id: string;
  agentId: string;
  hiddenAt: Date | null;
}
