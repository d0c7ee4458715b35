import type { Payment, PaymentEvent, PaymentStatus } from "./payment.entity";

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
}
