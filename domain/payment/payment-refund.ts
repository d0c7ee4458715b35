// Money to give back (decision 0184). Today one reason: a success for a purchase another payment
// had already paid (two checkouts for one visit, both approved). The refund itself is sent by the
// money-out work (issue 34); until then the record is listed for admins as "to refund".
import type { Payment } from "./payment.entity";

/** `to_refund`: recorded, nothing sent yet. The money-out work adds the states of a refund sent. */
export const REFUND_STATUSES = ["to_refund"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const isRefundStatus = (v: unknown): v is RefundStatus =>
  typeof v === "string" && (REFUND_STATUSES as readonly string[]).includes(v);

export type RefundReason = "duplicate_purchase";

export interface PaymentRefund {
  id: string;
  /** The payment to give back, whole: one refund per payment at most. */
  paymentId: string;
  /** The payer. The number to send it to is the payment's own (payments.phone). */
  userId: string;
  amount: number;
  reason: RefundReason;
  /** The payment that had already bought the purchase. */
  paidByPaymentId: string;
  status: RefundStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** The refund of a payment whose purchase `paidBy` had already bought. */
export function duplicatePurchaseRefund(id: string, payment: Payment, paidBy: Payment, at: Date): PaymentRefund {
  return {
    id,
    paymentId: payment.id,
    userId: payment.userId,
    amount: payment.amount,
    reason: "duplicate_purchase",
    paidByPaymentId: paidBy.id,
    status: "to_refund",
    createdAt: at,
    updatedAt: at,
  };
}
