import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { publicChange, type PublicPages } from "../shared/public-pages.port";
import { DAY_MS } from "../shared/clock";
import {
  HIDE_AFTER_REPORTERS,
  MAX_REPORTS_PER_DAY,
  REPORT_DETAILS_MAX,
  TRUSTED_REPORTER_MIN_AGE_MS,
  isReportReason,
} from "./listing-report.entity";
import { reportError, type ReportError } from "./report.errors";
import type { ReportRepos } from "./report-repository.port";

export interface ReportDeps {
  uow: UnitOfWork<ReportRepos>;
  clock: Clock;
  ids: IdGenerator;
  publicPages: PublicPages;
}

export interface ReportListingInput {
  userId: string;
  propertyId: string;
  reason: string;
  details?: string;
}

/**
 * A user flags a listing (at most MAX_REPORTS_PER_DAY in any 24 hours). Once open reports come from
 * two different trusted users (confirmed e-mail, account older than a day) the listing is hidden
 * until an admin reviews them; the report and the hiding land together or not at all. Reports
 * from other users are kept for the admins but do not hide anything. Only a listing hidden here
 * changes the public pages.
 */
export async function reportListing(
  deps: ReportDeps,
  input: ReportListingInput,
): Promise<Result<{ reportId: string; listingHidden: boolean }, ReportError>> {
  if (!isReportReason(input.reason)) return err(reportError("listings.invalid_report_reason"));
  const details = (input.details ?? "").trim();
  if (details.length > REPORT_DETAILS_MAX) {
    return err(reportError("listings.report_details_too_long", { max: REPORT_DETAILS_MAX }));
  }
  const reason = input.reason;
  const now = deps.clock.now();

  const outcome = deps.uow.run(async ({ reports }) => {
    const listing = await reports.lockListing(input.propertyId);
    // A hidden listing cannot be seen, hence cannot be reported.
    if (!listing || listing.hiddenAt) return err(reportError("listings.property_not_found"));
    if (listing.agentId === input.userId) return err(reportError("listings.cannot_report_own_listing"));
    await reports.lockReporter(input.userId);
    if ((await reports.countReportsSince(input.userId, new Date(now.getTime() - DAY_MS))) >= MAX_REPORTS_PER_DAY) {
      return err(reportError("listings.too_many_reports", { max: MAX_REPORTS_PER_DAY }));
    }

    const reportId = deps.ids.id();
    const added = await reports.add({
      id: reportId,
      propertyId: listing.id,
      reporterId: input.userId,
      reason,
      details,
      status: "open",
      createdAt: now,
      reviewedAt: null,
    });
    if (!added) return err(reportError("listings.already_reported"));

    const reporters = await reports.countTrustedOpenReporters(listing.id, new Date(now.getTime() - TRUSTED_REPORTER_MIN_AGE_MS));
    const listingHidden = reporters >= HIDE_AFTER_REPORTERS;
    if (listingHidden) await reports.hideListing(listing.id, now);
    return ok({ reportId, listingHidden });
  });
  return publicChange(deps.publicPages, outcome, ({ listingHidden }) => listingHidden);
}
