import type { PaymentChanges, PaymentRepository, ReconcileQuery } from "./payment-repository.port";
import type { Payment, PaymentEvent, PaymentStatus } from "./payment.entity";

const copy = (p: Payment): Payment => ({
  ...p,
  confirmedAt: p.confirmedAt ? new Date(p.confirmedAt) : null,
  createdAt: new Date(p.createdAt),
  updatedAt: new Date(p.updatedAt),
});
const copyEvent = (e: PaymentEvent): PaymentEvent => ({ ...e, data: structuredClone(e.data), createdAt: new Date(e.createdAt) });

export class InMemoryPaymentRepository implements PaymentRepository {
  private rows: Payment[] = [];
  private events: PaymentEvent[] = [];

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
      .filter((r) => !after || r.createdAt.getTime() > after.createdAt.getTime() || (r.createdAt.getTime() === after.createdAt.getTime() && r.id > after.id))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, query.limit)
      .map(copy);
  }

  async countByStatus(userId?: string): Promise<Record<PaymentStatus, number>> {
    const counts: Record<PaymentStatus, number> = { pending: 0, successful: 0, failed: 0, expired: 0 };
    for (const r of this.rows) if (userId === undefined || r.userId === userId) counts[r.status] += 1;
    return counts;
  }

  all(): Payment[] {
    return this.rows.map(copy);
  }
  allEvents(): PaymentEvent[] {
    return this.events.map(copyEvent);
  }
  snapshot(): { rows: Payment[]; events: PaymentEvent[] } {
    return { rows: this.rows.map(copy), events: this.events.map(copyEvent) };
  }
  restore(state: { rows: Payment[]; events: PaymentEvent[] }): void {
    this.rows = state.rows.map(copy);
    this.events = state.events.map(copyEvent);
  }
}
