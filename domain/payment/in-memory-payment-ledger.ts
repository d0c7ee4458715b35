import type { InMemoryPaymentRepository } from "./in-memory-payment-repository";
import type { GatewayStats, LedgerPayment, PaymentLedger, PaymentLedgerQuery } from "./payment-ledger.port";
import type { RefundStatus } from "./payment-refund";

export class InMemoryPaymentLedger implements PaymentLedger {
  private payers = new Map<string, { name: string; email: string }>();

  constructor(private readonly payments: InMemoryPaymentRepository) {}

  putPayer(userId: string, name: string, email: string): void {
    this.payers.set(userId, { name, email });
  }

  async list(query: PaymentLedgerQuery): Promise<{ items: LedgerPayment[]; total: number }> {
    const refunds = new Map(this.payments.allRefunds().map((r) => [r.paymentId, r.status]));
    const kept = this.payments
      .allPayments()
      .filter(
        (p) =>
          (query.status === undefined || p.status === query.status) &&
          (query.type === undefined || p.type === query.type) &&
          (query.gateway === undefined || p.gateway === query.gateway),
      )
      .filter((p) => query.refund === undefined || refunds.get(p.id) === query.refund)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return {
      total: Math.min(kept.length, query.countLimit),
      items: kept.slice(query.offset, query.offset + query.limit).map((p) => ({
        ...p,
        payerName: this.payers.get(p.userId)?.name ?? "",
        payerEmail: this.payers.get(p.userId)?.email ?? "",
        refundStatus: refunds.get(p.id) ?? null,
      })),
    };
  }

  async countRefunds(status: RefundStatus): Promise<number> {
    return this.payments.allRefunds().filter((r) => r.status === status).length;
  }

  async statsByGateway(): Promise<GatewayStats[]> {
    const by = new Map<string, GatewayStats>();
    for (const p of this.payments.allPayments()) {
      const s = by.get(p.gateway) ?? {
        gateway: p.gateway,
        count: 0,
        amount: 0,
        successfulCount: 0,
        successfulAmount: 0,
        failedCount: 0,
        expiredCount: 0,
        pendingCount: 0,
      };
      s.count += 1;
      s.amount += p.amount;
      if (p.status === "successful") {
        s.successfulCount += 1;
        s.successfulAmount += p.amount;
      } else if (p.status === "failed") s.failedCount += 1;
      else if (p.status === "expired") s.expiredCount += 1;
      else s.pendingCount += 1;
      by.set(p.gateway, s);
    }
    return [...by.values()].sort((a, b) => (a.gateway < b.gateway ? -1 : a.gateway > b.gateway ? 1 : 0));
  }
}
