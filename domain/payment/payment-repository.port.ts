import type { Payment, PaymentEvent, PaymentStatus } from "./payment.entity";
import type { PaymentRefund } from "./payment-refund";

export type PaymentChanges = Partial<Pick<Payment, "status" | "providerTxId" | "checkoutUrl" | "failureReason" | "confirmedAt">> & {
  updatedAt: Date;
};

/** Where a page of the reconciliation list resumes: after this payment, in (createdAt, id) order. */
export interface ReconcileCursor {
  createdAt: Date;
  id: string;
}

export interface ReconcileQuery {
  now: Date;
  failedAtStartSince: Date;
  after: ReconcileCursor | null;
  limit: number;
}

export interface PaymentRepository {
  insertPayment(payment: Payment): Promise<void>;
  findById(id: string): Promise<Payment | null>;
  findByReference(reference: string): Promise<Payment | null>;
  findByProviderTxId(transId: string): Promise<Payment | null>;
  /** Reads the payment and, inside a unit of work, locks it (PostgreSQL) until the work ends. */
  lockById(id: string): Promise<Payment | null>;
  updatePayment(id: string, changes: PaymentChanges): Promise<void>;
  addPaymentEvent(event: PaymentEvent): Promise<void>;
  listPaymentEvents(paymentId: string): Promise<PaymentEvent[]>;
  /**
   * One page of the payments created at or before `now` that may still change at the provider:
   * pending ones; failed ones that reached the provider (a checkout link can still succeed after a
   * failed attempt); and failed ones without a provider transaction created after
   * `failedAtStartSince` (the initiation's answer was lost, the provider may have the transaction).
   * Oldest first (created_at, then id), at most `limit`, after the cursor.
   */
  listPaymentsToReconcile(query: ReconcileQuery): Promise<Payment[]>;
  countByStatus(userId?: string): Promise<Record<PaymentStatus, number>>;

  // One open checkout per purpose, one payment per purchase (decision 0184).
  /**
   * Inside a unit of work, takes the purpose's lock row until the work ends (PostgreSQL; SQLite's
   * transactions already run one at a time), creating it if needed. Every change to a payment's
   * status locks its purpose first, then the payment, so two starts or two successes of one
   * purpose run one after the other.
   */
  lockPurpose(purpose: string): Promise<void>;
  /**
   * The purpose's payments that may still take money: pending ones, and failed ones created after
   * `failedSince` (a checkout link can still succeed after a failed attempt, for its lifetime).
   * Oldest first (created_at, then id).
   */
  listOpenForPurpose(purpose: string, failedSince: Date): Promise<Payment[]>;
  /**
   * The successful payment that bought `purchaseId`: successful, of that purchase, not
   * `exceptPaymentId`, and not itself listed for a refund. The oldest if several; null if none.
   */
  findPurchasePaidBy(purchaseId: string, exceptPaymentId: string): Promise<Payment | null>;
  /** Records a refund; 'already_queued' when the payment has one (payment_id is unique), which is kept. */
  queueRefund(refund: PaymentRefund): Promise<"queued" | "already_queued">;
  findRefund(paymentId: string): Promise<PaymentRefund | null>;

  // Refunds sent through the disbursement provider (decision 0219). Each write is conditional: two
  // admins (or a double click) asking at once start one refund, and one attempt is settled once.
  /** Writes a new refund (status pending); false when the payment already has one (payment_id is unique). */
  insertRefund(refund: PaymentRefund): Promise<boolean>;
  /**
   * Moves the payment's refund from `from` (to_refund: a duplicate waiting; failed: a retry) to
   * pending with these fields, only if it is still in `from`; false otherwise.
   */
  claimRefund(
    paymentId: string,
    from: "to_refund" | "failed",
    fields: Pick<PaymentRefund, "note" | "keepAccess" | "requestedBy" | "phone" | "medium" | "attempt" | "sendClaimedAt" | "updatedAt">,
  ): Promise<boolean>;
  /** Takes the right to send the current attempt: only while pending with no provider transaction and no claim taken after `staleBefore`. */
  claimRefundSend(paymentId: string, at: Date, staleBefore: Date): Promise<boolean>;
  /** The provider's transaction id of the current attempt; releases the send claim. */
  recordRefundTransId(paymentId: string, transId: string, at: Date): Promise<void>;
  /** pending → succeeded, or pending → failed with the provider's reason. False when not pending. */
  settleRefund(paymentId: string, outcome: { status: "succeeded" } | { status: "failed"; reason: string }, at: Date): Promise<boolean>;
  /** Pending refunds, oldest first. */
  listPendingRefunds(): Promise<PaymentRefund[]>;
}
