import type { MoneyRepos } from "./money-unit-of-work";
import type { Payment, PaymentStatus, PaymentType } from "./payment.entity";

/** What the return page and the payment polls show. */
export interface PaymentView {
  reference: string;
  status: PaymentStatus;
  amount: number;
  type: PaymentType;
  bookingReference: string | null;
  /** The end of the period this payment bought, once it succeeded. */
  subscriptionEndsAt: Date | null;
  /** guest_house_access: the house the payer came from, and the end of the access bought, once it succeeded. */
  guestHouseId: string | null;
  accessExpiresAt: Date | null;
  checkoutUrl: string | null;
  failureReason: string | null;
  /** The number the payer used (as stored, e.g. 237677123456), or null. */
  phone: string | null;
  /**
   * Successful, but the purchase had already been paid by another payment (two checkouts, both
   * approved): it bought nothing and is listed for a refund (decision 0184). Null otherwise.
   */
  refund: { paidByReference: string } | null;
}

export async function toPaymentView(
  repos: Pick<MoneyRepos, "bookings" | "subscriptions" | "platformAccess" | "payments">,
  payment: Payment,
): Promise<PaymentView> {
  const booking = payment.bookingId ? await repos.bookings.findById(payment.bookingId) : null;
  const subscription = payment.status === "successful" ? await repos.subscriptions.findByPaymentId(payment.id) : null;
  const access =
    payment.status === "successful" && payment.type === "guest_house_access"
      ? await repos.platformAccess.findByPaymentId(payment.id)
      : null;
  const refund = payment.status === "successful" ? await repos.payments.findRefund(payment.id) : null;
  // Only a purchase paid twice is told "this bought nothing" here; an admin's refund of a payment
  // that had bought something is told by e-mail (decision 0219).
  const paidBy = refund?.paidByPaymentId ? await repos.payments.findById(refund.paidByPaymentId) : null;
  return {
    reference: payment.reference,
    status: payment.status,
    amount: payment.amount,
    type: payment.type,
    bookingReference: booking?.reference ?? null,
    subscriptionEndsAt: subscription?.endsAt ?? null,
    guestHouseId: payment.guestHouseId,
    accessExpiresAt: access?.expiryDate ?? null,
    checkoutUrl: payment.checkoutUrl,
    failureReason: payment.failureReason,
    phone: payment.phone,
    refund: refund?.reason === "duplicate_purchase" ? { paidByReference: paidBy?.reference ?? "" } : null,
  };
}
