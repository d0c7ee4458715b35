import type { Payment, PaymentEvent, PaymentStatus } from "./payment.entity";

export type PaymentChanges = Partial<Pick<Payment, "status" | "providerTxId" | "checkoutUrl" | "failureReason" | "confirmedAt">> & {
  updatedAt: Date;
};

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
   * Payments created at or before `now` that may still change at the provider: pending ones, and failed
   * ones that reached the provider (a checkout link can still succeed after a failed attempt).
   * Oldest first.
   */
  listPaymentsToReconcile(now: Date): Promise<Payment[]>;
  countByStatus(userId?: string): Promise<Record<PaymentStatus, number>>;
}
