import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import type { SubscriptionRepository } from "./subscription-repository.port";
import { nextPeriod, subscriptionStatus, type Subscription, type SubscriptionStatus } from "./subscription.entity";

/** {active, endsAt, expired} for the UI: 'Your subscription has expired', Renew Access. */
export async function getSubscriptionStatus(
  deps: { subscriptions: SubscriptionRepository; clock: Clock },
  userId: string,
): Promise<SubscriptionStatus> {
  return subscriptionStatus(await deps.subscriptions.latestSubscriptionEnd(userId), deps.clock.now());
}

/**
 * Grants the period a successful payment bought, exactly once per payment. Call inside the unit of
 * work that marks the payment successful. Answers the subscription (new or the one already granted).
 */
export async function grantSubscriptionForPayment(
  repos: { subscriptions: SubscriptionRepository },
  ids: IdGenerator,
  input: { userId: string; paymentId: string; at: Date },
): Promise<Subscription> {
  const existing = await repos.subscriptions.findByPaymentId(input.paymentId);
  if (existing) return existing;
  const latestEnd = await repos.subscriptions.latestSubscriptionEnd(input.userId);
  const period = nextPeriod(latestEnd, input.at);
  const subscription: Subscription = {
    id: ids.id(),
    userId: input.userId,
    paymentId: input.paymentId,
    startsAt: period.startsAt,
    endsAt: period.endsAt,
    createdAt: input.at,
  };
  const result = await repos.subscriptions.insertSubscription(subscription);
  if (result === "duplicate_payment") {
    const granted = await repos.subscriptions.findByPaymentId(input.paymentId);
    if (!granted) throw new Error(`Subscription for payment ${input.paymentId} reported duplicate but not found`);
    return granted;
  }
  return subscription;
}
