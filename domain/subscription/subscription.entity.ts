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
