import type { Clock } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { PublicPages } from "../shared/public-pages.port";
import type { ReportDecision } from "./listing-report.entity";
import { reportError, type ReportError } from "./report.errors";
import type { ReportRepos } from "./report-repository.port";

/** The audit action of a report decision (the admin area's convention, decision 0121). */
export const REPORT_CLOSED_ACTION = "admin.report_closed";

export interface ReviewReportInput {
  adminId: string;
  reportId: string;
  decision: ReportDecision;
}

/**
 * An admin decides on a report (the route's admin guard has checked the role; the decision is audited).
 * - dismiss: the report is closed; when no open report is left on the listing (and none was ever
 *   upheld) the listing is shown again.
 * - uphold: the listing is judged, so every open report on it is closed as upheld, and the listing
 *   stays hidden and becomes unavailable.
 * The public pages are told when the listing was hidden or shown again by the decision.
 */
export async function reviewReport(
  deps: { uow: UnitOfWork<ReportRepos>; clock: Clock; publicPages: PublicPages },
  input: ReviewReportInput,
): Promise<Result<{ propertyId: string; listingHidden: boolean }, ReportError>> {
  const now = deps.clock.now();
  let shownOrHidden = false;
  const outcome = await deps.uow.run(async ({ reports }) => {
    const report = await reports.findById(input.reportId);
    if (!report) return err(reportError("listings.report_not_found"));
    const listing = await reports.lockListing(report.propertyId);
    if (!listing) return err(reportError("listings.report_not_found"));
    // Read again under the lock: another admin may have just decided.
    const current = await reports.findById(input.reportId);
    if (current?.status !== "open") return err(reportError("listings.report_already_reviewed"));

    await reports.recordDecision({ adminId: input.adminId, reportId: report.id, decision: input.decision, at: now });
    if (input.decision === "uphold") {
      await reports.closeOpen(listing.id, "upheld", now);
      await reports.withdrawListing(listing.id, now);
      shownOrHidden = listing.hiddenAt === null;
      return ok({ propertyId: listing.id, listingHidden: true });
    }

    await reports.closeOpen(listing.id, "dismissed", now, report.id);
    const stillOpen = await reports.countOpenReporters(listing.id);
    const everUpheld = await reports.countUpheld(listing.id);
    if (stillOpen === 0 && everUpheld === 0) {
      await reports.unhideListing(listing.id);
      shownOrHidden = listing.hiddenAt !== null;
      return ok({ propertyId: listing.id, listingHidden: false });
    }
    return ok({ propertyId: listing.id, listingHidden: listing.hiddenAt !== null });
  });
  // After the commit: a page rendered before it is not kept (server/page-cache.ts).
  if (outcome.ok && shownOrHidden) deps.publicPages.changed();
  return outcome;
}
