// What a guest typed on a guest house's booking form before being sent to pay the platform access
// (issue 32, decision 0243). Kept on the server, per guest and guest house, for a day, so the form
// comes back filled whichever way the guest returns: the "Continue your booking" button, a retry
// after a failed payment, another tab, another browser (a provider's page that opens in the phone's
// other browser) or after signing in again. Only its author ever sees it; booking with it or
// signing out forgets it. The stay in it passed checkStay when it was kept; the booking checks
// everything again.
import { DAY_MS, type Clock } from "../shared/clock";
import type { RequestGuestHouseBookingInput } from "./request-guest-house-booking.use-case";

/** How long a draft waits for its guest. */
export const BOOKING_DRAFT_MS = DAY_MS;

/**
 * The booking request as the guest sent it (the stay as checkStay read it, the message trimmed),
 * all but its language: the attempt booked from the draft takes the guest's language then.
 */
export interface BookingDraft extends Omit<RequestGuestHouseBookingInput, "language"> {
  savedAt: Date;
}

export interface BookingDraftStore {
  /** Keeps the draft, replacing the guest's earlier one for the same house. */
  saveDraft(draft: BookingDraft): Promise<void>;
  /** The guest's draft for the house saved at or after `savedSince`, or null. */
  findDraft(userId: string, guestHouseId: string, savedSince: Date): Promise<BookingDraft | null>;
  /** The guest's latest draft, any house, saved at or after `savedSince`, or null. */
  findLatestDraft(userId: string, savedSince: Date): Promise<BookingDraft | null>;
  /** Forgets every draft of the guest (signing out). */
  forgetDrafts(userId: string): Promise<void>;
  /** Forgets every guest's drafts saved before `cutoff` (they are of no use any more); answers how many. */
  forgetDraftsSavedBefore(cutoff: Date): Promise<number>;
}

export interface BookingDraftDeps {
  drafts: BookingDraftStore;
  clock: Clock;
}

/** The form as the guest left it for this house, or null (none, older than a day, or someone else's). */
export function findBookingDraft(deps: BookingDraftDeps, userId: string, guestHouseId: string): Promise<BookingDraft | null> {
  return deps.drafts.findDraft(userId, guestHouseId, new Date(deps.clock.now().getTime() - BOOKING_DRAFT_MS));
}

/**
 * The house whose form the guest left last (within the day), or null: the access paid from
 * /profile instead of from the form still leads back to it.
 */
export function latestBookingDraft(deps: BookingDraftDeps, userId: string): Promise<BookingDraft | null> {
  return deps.drafts.findLatestDraft(userId, new Date(deps.clock.now().getTime() - BOOKING_DRAFT_MS));
}

/** Signing out: nobody who signs in next on this device, nor the guest later, finds the old form. */
export function forgetBookingDrafts(deps: Pick<BookingDraftDeps, "drafts">, userId: string): Promise<void> {
  return deps.drafts.forgetDrafts(userId);
}

/**
 * Deletes every guest's drafts older than a day; answers how many. Run by the retention job
 * (decision 0227), so a draft nobody comes back for is gone within a day of its end even when no
 * other guest keeps one.
 */
export function forgetStaleBookingDrafts(deps: {
  drafts: Pick<BookingDraftStore, "forgetDraftsSavedBefore">;
  clock: Clock;
}): Promise<number> {
  return deps.drafts.forgetDraftsSavedBefore(new Date(deps.clock.now().getTime() - BOOKING_DRAFT_MS));
}

/** Keeps what the guest typed, and lets go of every draft older than a day. */
export async function keepBookingDraft(deps: BookingDraftDeps, draft: Omit<BookingDraft, "savedAt">): Promise<void> {
  await deps.drafts.saveDraft({ ...draft, savedAt: deps.clock.now() });
  await forgetStaleBookingDrafts(deps);
}
