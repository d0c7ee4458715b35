// One open checkout per purpose, one payment per purchase (decision 0184). A student who opens a
// checkout, goes back and starts another must not be able to pay both: the new start closes the
// earlier one at the provider first, and a success that still arrives for a purchase already paid
// is kept for a refund, never turned into something the payer did not ask for.
import type { Payment, PaymentType } from "./payment.entity";

/**
 * What a payment is for: the booking it pays, or (without a booking) the user's subscription,
 * guest-house access or test payment. Starts of one purpose are serialised on a lock row of it.
 */
export function paymentPurpose(payment: { type: PaymentType; userId: string; bookingId: string | null }): string {
  return payment.bookingId !== null ? `booking:${payment.bookingId}` : `${payment.type}:${payment.userId}`;
}

/**
 * The purchase a new checkout belongs to. A booking is bought once, so every payment for it is one
 * purchase. Otherwise a checkout that replaces earlier open ones continues their purchase (the
 * payer went back and started again), and one started with none open is a purchase of its own (a
 * renewal the payer chose while nothing else was open).
 */
export function purchaseIdFor(payment: { id: string; bookingId: string | null; purpose: string }, replaced: readonly Payment[]): string {
  if (payment.bookingId !== null) return payment.purpose;
  const earlier = replaced[0];
  return earlier ? (earlier.purchaseId ?? earlier.id) : payment.id;
}
