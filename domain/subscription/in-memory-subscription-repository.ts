import type { SubscriptionRepository } from "./subscription-repository.port";
import type { Subscription } from "./subscription.entity";

const copy = (s: Subscription): Subscription => ({
  ...s,
  startsAt: new Date(s.startsAt),
  endsAt: new Date(s.endsAt),
  createdAt: new Date(s.createdAt),
});

export class InMemorySubscriptionRepository implements SubscriptionRepository {
  private rows: Subscription[] = [];

  async findActiveSubscription(userId: string, at: Date): Promise<Subscription | null> {
    const active = this.rows
      .filter((s) => s.userId === userId && s.startsAt.getTime() <= at.getTime() && at.getTime() < s.endsAt.getTime())
      .sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime());
    return active[0] ? copy(active[0]) : null;
  }

  async latestSubscriptionEnd(userId: string): Promise<Date | null> {
    const ends = this.rows.filter((s) => s.userId === userId).map((s) => s.endsAt.getTime());
    return ends.length ? new Date(Math.max(...ends)) : null;
  }

  async findByPaymentId(paymentId: string): Promise<Subscription | null> {
    const s = this.rows.find((r) => r.paymentId === paymentId);
    return s ? copy(s) : null;
  }

  async insertSubscription(subscription: Subscription): Promise<"inserted" | "duplicate_payment"> {
    if (subscription.paymentId !== null && this.rows.some((r) => r.paymentId === subscription.paymentId)) return "duplicate_payment";
    if (this.rows.some((r) => r.id === subscription.id)) throw new Error(`Duplicate subscription id ${subscription.id}`);
    this.rows.push(copy(subscription));
    return "inserted";
  }

  async listForUser(userId: string): Promise<Subscription[]> {
    return this.rows
      .filter((s) => s.userId === userId)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id))
      .map(copy);
  }

  async setPeriod(id: string, period: { startsAt: Date; endsAt: Date }): Promise<void> {
    const row = this.rows.find((s) => s.id === id);
    if (!row) throw new Error(`Subscription ${id} not found`);
    row.startsAt = new Date(period.startsAt);
    row.endsAt = new Date(period.endsAt);
  }

  all(): Subscription[] {
    return this.rows.map(copy);
  }
  snapshot(): Subscription[] {
    return this.rows.map(copy);
  }
  restore(rows: Subscription[]): void {
    this.rows = rows.map(copy);
  }
}
