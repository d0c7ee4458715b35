// The rules of the visit lifecycle after booking (issue 9, docs/decisions/0117): which booking the
// agent may answer, which one the student may cancel or move, and what a reason must look like.
// Pure functions; the use cases in booking-lifecycle.use-cases.ts apply them.
import type { Booking } from "./booking.entity";

export const MIN_REASON_LENGTH = 3;
export const MAX_REASON_LENGTH = 500;

/**
 * A visit that is paid for or covered by a subscription, confirmed, on `today` (Buea date) or later
 * and with no outcome recorded: the agent may answer it and the student may cancel or move it.
 * Unpaid bookings are not in the lifecycle: their hold simply lapses after 30 minutes.
 */
export function isUpcomingVisit(booking: Booking, today: string): boolean {
  return booking.bookingStatus === "confirmed" && booking.paymentStatus === "confirmed" && booking.viewingOutcome === null && booking.visitDate >= today;
}

/** Whether the agent's bookings screen lists it: paid or subscription-covered, whatever happened since. */
export function isVisibleToAgent(booking: Booking): boolean {
  return booking.paymentStatus === "confirmed";
}

/** NUL and other control characters, except tab and line breaks. */
function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** A trimmed reason within the bounds (`required`: at least MIN_REASON_LENGTH), or null. */
export function cleanReason(raw: string, required: boolean): string | null {
  const reason = raw.trim();
  if (hasControl(reason) || reason.length > MAX_REASON_LENGTH) return null;
  if (required && reason.length < MIN_REASON_LENGTH) return null;
  return reason;
}
