// The notices a confirmed booking and a successful payment write, in the unit of work of the
// change. Their dedupe keys make them once-only: a webhook delivered five times, a poll racing it,
// or the reconciler arriving late all write one e-mail each.
import type { BookingNoticeOutbox } from "./booking-notice-outbox.port";

/** "Your visit is confirmed" to the student and "a visit is booked" to the property's agent. */
export async function enqueueBookingConfirmed(notices: BookingNoticeOutbox, bookingId: string, at: Date): Promise<void> {
  for (const recipient of ["student", "agent"] as const) {
    await notices.enqueue({ kind: "booking_confirmed", bookingId, recipient, dedupeKey: `confirmed:${bookingId}:${recipient}` }, at);
  }
}

/** The receipt of a successful payment made for a booking, to the student who paid. */
export async function enqueuePaymentReceipt(
  notices: BookingNoticeOutbox,
  input: { bookingId: string; paymentId: string },
  at: Date,
): Promise<void> {
  await notices.enqueue(
    {
      kind: "payment_receipt",
      bookingId: input.bookingId,
      recipient: "student",
      data: { paymentId: input.paymentId },
      dedupeKey: `receipt:${input.paymentId}`,
    },
    at,
  );
}
