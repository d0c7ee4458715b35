import type { PaymentChanges, PaymentRepository, ReconcileQuery } from "./payment-repository.port";
import type { Payment, PaymentEvent, PaymentStatus } from "./payment.entity";
import type { PaymentRefund } from "./payment-refund";

const copy = (p: Payment): Payment => ({
  ...p,
  confirmedAt: p.confirmedAt ? new Date(p.confirmedAt) : null,
  createdAt: new Date(p.createdAt),
  updatedAt: new Date(p.updatedAt),
});
const copyEvent = (e: PaymentEvent): PaymentEvent => ({ ...e, data: structuredClone(e.data), createdAt: new Date(e.createdAt) });
const copyRefund = (r: PaymentRefund): PaymentRefund => ({
  ...r,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
  sendClaimedAt: r.sendClaimedAt ? new Date(r.sendClaimedAt) : null,
});
const byCreation = (a: Payment, b: Payment) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class InMemoryPaymentRepository implements PaymentRepository {
  private rows: Payment[] = [];
  private events: PaymentEvent[] = [];
  private refunds: PaymentRefund[] = [];

  async insertPayment(payment: Payment): Promise<void> {
    if (this.rows.some((r) => r.id === payment.id || r.reference === payment.reference)) {
      throw new Error(`Duplicate payment id or reference: ${payment.id} ${payment.reference}`);
    }
    this.rows.push(copy(payment));
  }

  /** Every payment, for the in-memory ledger (not part of the port). */
  allPayments(): Payment[] {
    return this.rows.map(copy);
  }

  async findById(id: string): Promise<Payment | null> {
    const p = this.rows.find((r) => r.id === id);
    return p ? copy(p) : null;
  }

  async findByReference(reference: string): Promise<Payment | null> {
    const p = this.rows.find((r) => r.reference === reference);
    return p ? copy(p) : null;
  }

  async findByProviderTxId(transId: string): Promise<Payment | null> {
    const p = this.rows.find((r) => r.providerTxId === transId);
    return p ? copy(p) : null;
  }

  async lockById(id: string): Promise<Payment | null> {
    return this.findById(id);
  }

  async updatePayment(id: string, changes: PaymentChanges): Promise<void> {
    const p = this.rows.find((r) => r.id === id);
    if (!p) throw new Error(`Payment ${id} not found`);
    if (changes.providerTxId && this.rows.some((r) => r.id !== id && r.providerTxId === changes.providerTxId)) {
      throw new Error(`Duplicate provider transaction ${changes.providerTxId}`);
    }
    Object.assign(p, copy({ ...p, ...changes }));
  }

  async addPaymentEvent(event: PaymentEvent): Promise<void> {
    if (!this.rows.some((r) => r.id === event.paymentId)) throw new Error(`Payment ${event.paymentId} not found`);
    this.events.push(copyEvent(event));
  }

  async listPaymentEvents(paymentId: string): Promise<PaymentEvent[]> {
    // Array.prototype.sort is stable: events of one instant stay in insertion order.
    return this.events
      .filter((e) => e.paymentId === paymentId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(copyEvent);
  }

  async listPaymentsToReconcile(query: ReconcileQuery): Promise<Payment[]> {
    const after = query.after;
    return this.rows
      .filter((r) => r.createdAt.getTime() <= query.now.getTime())
      .filter(
        (r) =>
          r.status === "pending" ||
          (r.status === "failed" && (r.providerTxId !== null || r.createdAt.getTime() > query.failedAtStartSince.getTime())),
      )
      .filter(
        (r) =>
          !after ||
          r.createdAt.getTime() > after.createdAt.getTime() ||
          (r.createdAt.getTime() === after.createdAt.getTime() && r.id > after.id),
      )
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, query.limit)
      .map(copy);
  }

  async countByStatus(userId?: string): Promise<Record<PaymentStatus, number>> {
    const counts: Record<PaymentStatus, number> = { pending: 0, successful: 0, failed: 0, expired: 0 };
    for (const r of this.rows) if (userId === undefined || r.userId === userId) counts[r.status] += 1;
    return counts;
  }

  /** The unit of work runs one piece of work at a time: nothing to lock. */
  async lockPurpose(): Promise<void> {}

  async listOpenForPurpose(purpose: string, failedSince: Date): Promise<Payment[]> {
    return this.rows
      .filter(
        (r) =>
          r.purpose === purpose && (r.status === "pending" || (r.status === "failed" && r.createdAt.getTime() > failedSince.getTime())),
      )
      .sort(byCreation)
      .map(copy);
  }

  async findPurchasePaidBy(purchaseId: string, exceptPaymentId: string): Promise<Payment | null> {
    const paid = this.rows
      .filter(
        (r) =>
          r.purchaseId === purchaseId &&
          r.id !== exceptPaymentId &&
          r.status === "successful" &&
          !this.refunds.some((f) => f.paymentId === r.id),
      )
      .sort(byCreation)[0];
    return paid ? copy(paid) : null;
  }

  async queueRefund(refund: PaymentRefund): Promise<"queued" | "already_queued"> {
    if (!this.rows.some((r) => r.id === refund.paymentId)) throw new Error(`Payment ${refund.paymentId} not found`);
    if (this.refunds.some((r) => r.paymentId === refund.paymentId)) return "already_queued";
    if (this.refunds.some((r) => r.id === refund.id)) throw new Error(`Duplicate refund id ${refund.id}`);
    this.refunds.push(copyRefund(refund));
    return "queued";
  }

  async findRefund(paymentId: string): Promise<PaymentRefund | null> {
    const r = this.refunds.find((f) => f.paymentId === paymentId);
    return r ? copyRefund(r) : null;
  }

  async insertRefund(refund: PaymentRefund): Promise<boolean> {
    return (await this.queueRefund(refund)) === "queued";
  }

  async claimRefund(
    paymentId: string,
    from: "to_refund" | "failed",
    fields: Pick<PaymentRefund, "note" | "keepAccess" | "requestedBy" | "phone" | "medium" | "attempt" | "sendClaimedAt" | "updatedAt">,
  ): Promise<boolean> {
    const r = this.refunds.find((f) => f.paymentId === paymentId);
    if (!r || r.status !== from) return false;
    Object.assign(r, copyRefund({ ...r, ...fields, status: "pending", transId: null, failureReason: null }));
    return true;
  }

  async claimRefundSend(paymentId: string, at: Date, staleBefore: Date): Promise<boolean> {
    const r = this.refunds.find((f) => f.paymentId === paymentId);
    if (!r || r.status !== "pending" || r.transId !== null) return false;
    if (r.sendClaimedAt && r.sendClaimedAt.getTime() > staleBefore.getTime()) return false;
    r.sendClaimedAt = new Date(at);
    r.updatedAt = new Date(at);
    return true;
  }

  async recordRefundTransId(paymentId: string, transId: string, at: Date): Promise<void> {
    const r = this.refunds.find((f) => f.paymentId === paymentId);
    if (!r) throw new Error(`Refund of ${paymentId} not found`);
    Object.assign(r, { transId, sendClaimedAt: null, updatedAt: new Date(at) });
  }

  async settleRefund(
    paymentId: string,
    outcome: { status: "succeeded" } | { status: "failed"; reason: string },
    at: Date,
  ): Promise<boolean> {
    const r = this.refunds.find((f) => f.paymentId === paymentId);
    if (!r || r.status !== "pending") return false;
    Object.assign(r, {
      status: outcome.status,
      failureReason: outcome.status === "failed" ? outcome.reason : null,
      sendClaimedAt: null,
      updatedAt: new Date(at),
    });
    return true;
  }

  async listPendingRefunds(): Promise<PaymentRefund[]> {
    return this.refunds
      .filter((r) => r.status === "pending")
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map(copyRefund);
  }

  all(): Payment[] {
    return this.rows.map(copy);
  }
  allEvents(): PaymentEvent[] {
    return this.events.map(copyEvent);
  }
  allRefunds(): PaymentRefund[] {
    return this.refunds.map(copyRefund);
  }
  snapshot(): { rows: Payment[]; events: PaymentEvent[]; refunds: PaymentRefund[] } {
    return { rows: this.rows.map(copy), events: this.events.map(copyEvent), refunds: this.refunds.map(copyRefund) };
  }
  restore(state: { rows: Payment[]; events: PaymentEvent[]; refunds: PaymentRefund[] }): void {
    this.rows = state.rows.map(copy);
    this.events = state.events.map(copyEvent);
    this.refunds = state.refunds.map(copyRefund);
  }
}
