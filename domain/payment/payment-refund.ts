// Money given back to the payer (decisions 0184, 0219). Two ways in:
// - a success for a purchase another payment had already paid (two checkouts for one visit, both
//   approved) is recorded `to_refund` by the money path: it bought nothing;
// - an admin refunds a successful payment from its page (reason `admin`), withdrawing what it
//   bought unless they keep it as goodwill.
// Either way the refund is sent through the disbursement provider (domain/payout) to the number
// that paid, whole, with our reference as the provider's externalId, and is settled only when the
// provider says SUCCESSFUL or FAILED (refund-payment.use-case.ts).
import type { PayoutMedium } from "../payout/payout.entity";
import type { Payment } from "./payment.entity";

/**
 * `to_refund`: recorded, nothing sent yet (a duplicate purchase waiting for an admin).
 * `pending`: handed to the provider (or about to be), outcome unknown.
 * `succeeded`: the provider paid it back. `failed`: the provider refused it; an admin may retry.
 */
export const REFUND_STATUSES = ["to_refund", "pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const isRefundStatus = (v: unknown): v is RefundStatus =>
  typeof v === "string" && (REFUND_STATUSES as readonly string[]).includes(v);

/** Why the money goes back: a purchase paid twice, or an admin's decision (their words in `note`). */
export type RefundReason = "duplicate_purchase" | "admin";

export interface PaymentRefund {
  id: string;
  /** The payment to give back, whole: one refund per payment at most. */
  paymentId: string;
  /** The payer. The number to send it to is the payment's own (payments.phone). */
  userId: string;
  amount: number;
  reason: RefundReason;
  /** The payment that had already bought the purchase (duplicate_purchase only). */
  paidByPaymentId: string | null;
  status: RefundStatus;
  createdAt: Date;
  updatedAt: Date;
  /** The admin's reason, as typed (required to send a refund). */
  note: string | null;
  /** The admin kept what the payment bought (goodwill): nothing was withdrawn. */
  keepAccess: boolean;
  /** The admin who asked for it. */
  requestedBy: string | null;
  /** Where it is sent: the payer's nine national digits and network, copied from the payment. */
  phone: string | null;
  medium: PayoutMedium | null;
  /** How many times it was handed to the provider (a failed refund may be retried). */
  attempt: number;
  /** The provider's transaction id of the current attempt, once it answered. */
  transId: string | null;
  /** Why the provider refused the last attempt. */
  failureReason: string | null;
  /** When a process last took the right to send the current attempt; null once the provider has a transaction. */
  sendClaimedAt: Date | null;
}

/** The fields of a refund nobody has asked to send yet. */
export const NOT_SENT = {
  note: null,
  keepAccess: false,
  requestedBy: null,
  phone: null,
  medium: null,
  attempt: 0,
  transId: null,
  failureReason: null,
  sendClaimedAt: null,
} as const satisfies Partial<PaymentRefund>;

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
    ...NOT_SENT,
  };
}

/**
 * Our reference for one attempt, sent as the provider's externalId: the refund's id for the first,
 * `<id>-<n>` after. A failed attempt moved no money, and a retry must not be mistaken for it when
 * a lost answer is looked up by reference.
 */
export function refundReference(refund: Pick<PaymentRefund, "id" | "attempt">): string {
  const attempt = refund.attempt;
  return attempt <= 1 ? refund.id : `${refund.id}-${attempt}`;
}

/** The payer's number as the provider wants it (6XXXXXXXX) and its network, or null when the payment has none usable. */
export function refundDestination(payment: Pick<Payment, "phone" | "method">): { phone: string; medium: PayoutMedium } | null {
  if (!payment.phone || !payment.method) return null;
  const national = payment.phone.replace(/\D/g, "").replace(/^237(?=\d{9}$)/, "");
  return /^6\d{8}$/.test(national) ? { phone: national, medium: payment.method } : null;
}

/** Whether an admin may (re)send this refund now: none yet, a duplicate waiting, or a failed attempt. */
export type RefundStart =
  { kind: "new" } | { kind: "duplicate" } | { kind: "retry" } | { kind: "refused"; why: "in_progress" | "refunded" };

export function refundStart(existing: Pick<PaymentRefund, "status"> | null): RefundStart {
  if (!existing) return { kind: "new" };
  switch (existing.status) {
    case "to_refund":
      return { kind: "duplicate" };
    case "failed":
      return { kind: "retry" };
    case "pending":
      return { kind: "refused", why: "in_progress" };
    case "succeeded":
      return { kind: "refused", why: "refunded" };
  }
}

/** What the audit log keeps of a refund before and after a change. */
export function refundAuditState(r: PaymentRefund): Record<string, unknown> {
  return {
    paymentId: r.paymentId,
    amount: r.amount,
    status: r.status,
    reason: r.reason,
    note: r.note,
    keepAccess: r.keepAccess,
    phone: r.phone,
    attempt: r.attempt,
    transId: r.transId,
    failureReason: r.failureReason,
  };
}

/** The shortest and longest reason an admin may give. */
export const REFUND_NOTE_MIN = 3;
export const REFUND_NOTE_MAX = 500;
