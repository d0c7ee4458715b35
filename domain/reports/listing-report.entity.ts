import { DAY_MS } from "../shared/clock";

export const REPORT_REASONS = ["scam", "wrong_price", "unavailable", "wrong_photos", "offensive", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const isReportReason = (value: string): value is ReportReason => (REPORT_REASONS as readonly string[]).includes(value);

export type ReportStatus = "open" | "dismissed" | "upheld";
export type ReportDecision = "dismiss" | "uphold";

export const REPORT_DETAILS_MAX = 1000;
/**
 * Open reports from this many different trusted users hide a listing until an admin reviews them.
 * Trusted: a confirmed e-mail address and an account at least TRUSTED_REPORTER_MIN_AGE_MS old, so
 * a rival cannot hide a listing with two fresh throwaway accounts (decision 0108).
 */
export const HIDE_AFTER_REPORTERS = 2;
export const TRUSTED_REPORTER_MIN_AGE_MS = DAY_MS;
/** Reports one user may file in any 24 hours. */
export const MAX_REPORTS_PER_DAY = 5;

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
