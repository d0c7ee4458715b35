// A subscription gives two weeks of visit booking. Paying again while active extends from the
// current end, so no paid day is lost; otherwise the new period starts now.
import { DAY_MS } from "../shared/clock";

export const SUBSCRIPTION_PRICE_XAF = 8000;
export const SUBSCRIPTION_DURATION_MS = 14 * DAY_MS;

export interface Subscription {
  id: string;
  userId: string;
  /** The payment that bought it: one subscription per payment, at most. */
  paymentId: string | null;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
}

export interface SubscriptionStatus {
  active: boolean;
  /** The end of the latest period, or null when the user never subscribed. */
  endsAt: Date | null;
  /** True when the user had a subscription that has ended: the UI says 'Your subscription has expired'. */
  expired: boolean;
}

export function isActive(endsAt: Date | null, at: Date): boolean {
  return endsAt !== null && at.getTime() < endsAt.getTime();
}

export function subscriptionStatus(latestEnd: Date | null, at: Date): SubscriptionStatus {
  const active = isActive(latestEnd, at);
  return { active, endsAt: latestEnd, expired: latestEnd !== null && !active };
}

/** The period a new payment buys, given the user's latest end. */
export function nextPeriod(latestEnd: Date | null, now: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = isActive(latestEnd, now) ? new Date((latestEnd as Date).getTime()) : new Date(now.getTime());
  return { startsAt, endsAt: new Date(startsAt.getTime() + SUBSCRIPTION_DURATION_MS) };
}

/**
 * A refund withdraws the days a payment bought (decision 0219): the refunded period shrinks to
 * nothing and the periods chained right after it (each bought while the one before was running,
 * so it starts exactly at its end) move earlier by its length. The user's coverage ends that many
 * days sooner; a period bought after a gap is not moved. Answers the periods to change.
 */
export function withdrawPeriod(periods: readonly Subscription[], refundedId: string): { id: string; startsAt: Date; endsAt: Date }[] {
  const refunded = periods.find((p) => p.id === refundedId);
  if (!refunded) return [];
  const length = refunded.endsAt.getTime() - refunded.startsAt.getTime();
  const changes = [{ id: refunded.id, startsAt: refunded.startsAt, endsAt: new Date(refunded.startsAt.getTime()) }];
  if (length <= 0) return [];
  let chainEnd = refunded.endsAt.getTime();
  const later = periods
    .filter((p) => p.id !== refundedId && p.startsAt.getTime() >= chainEnd)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
  for (const p of later) {
    if (p.startsAt.getTime() !== chainEnd) break;
    chainEnd = p.endsAt.getTime();
    changes.push({ id: p.id, startsAt: new Date(p.startsAt.getTime() - length), endsAt: new Date(p.endsAt.getTime() - length) });
  }
  return changes;
}
