import type { Subscription } from "./subscription.entity";

export interface SubscriptionRepository {
  /** The subscription covering `at` that ends last, if any. */
  findActiveSubscription(userId: string, at: Date): Promise<Subscription | null>;
  /**
   * The end of the user's latest period, or null. Inside a unit of work the adapter also locks the
   * user (PostgreSQL) so two payments of one user extend one after the other.
   */
  latestSubscriptionEnd(userId: string): Promise<Date | null>;
  findByPaymentId(paymentId: string): Promise<Subscription | null>;
  /** 'duplicate_payment' when a subscription already exists for that payment (the database decides). */
  insertSubscription(subscription: Subscription): Promise<"inserted" | "duplicate_payment">;
  /** Every period of the user, earliest start first (then id). */
  listForUser(userId: string): Promise<Subscription[]>;
  /** Moves one period (a refund withdraws the days a payment bought: decision 0219). */
  setPeriod(id: string, period: { startsAt: Date; endsAt: Date }): Promise<void>;
}
