import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DAY_MS, FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { nextPeriod, subscriptionStatus, SUBSCRIPTION_DURATION_MS } from "#domain/subscription/subscription.entity";
import { getSubscriptionStatus, grantSubscriptionForPayment } from "#domain/subscription/subscription.use-cases";
import { InMemorySubscriptionRepository } from "#domain/subscription/in-memory-subscription-repository";

const now = new Date("2026-12-01T08:00:00Z");

describe("subscription periods", () => {
  it("last 14 days from now when none is active", () => {
    expect(nextPeriod(null, now)).toEqual({ startsAt: now, endsAt: new Date(now.getTime() + 14 * DAY_MS) });
    const lapsed = new Date(now.getTime() - DAY_MS);
    expect(nextPeriod(lapsed, now).startsAt).toEqual(now);
    expect(nextPeriod(now, now).startsAt).toEqual(now); // ends exactly now: no longer active
  });

  it("extend from the current end while active", () => {
    const end = new Date(now.getTime() + 3 * DAY_MS);
    expect(nextPeriod(end, now)).toEqual({ startsAt: end, endsAt: new Date(end.getTime() + 14 * DAY_MS) });
  });

  it("are active while now < endsAt, and say when they have expired", () => {
    const end = new Date(now.getTime() + 1000);
    expect(subscriptionStatus(end, now)).toEqual({ active: true, endsAt: end, expired: false });
    expect(subscriptionStatus(end, end)).toEqual({ active: false, endsAt: end, expired: true });
    expect(subscriptionStatus(null, now)).toEqual({ active: false, endsAt: null, expired: false });
  });

  it("never lose a paid day however payments fall", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 * DAY_MS }), { minLength: 1, maxLength: 8 }), (gaps) => {
        let end: Date | null = null;
        let at = now.getTime();
        // Time still paid for, counted from `at`: what is left of the last period, plus 14 days per payment.
        let remainingMs = 0;
        for (const gap of gaps) {
          at += gap;
          remainingMs = Math.max(remainingMs - gap, 0) + SUBSCRIPTION_DURATION_MS;
          const p = nextPeriod(end, new Date(at));
          expect(p.endsAt.getTime() - p.startsAt.getTime()).toBe(SUBSCRIPTION_DURATION_MS);
          expect(p.startsAt.getTime()).toBeGreaterThanOrEqual(at);
          end = p.endsAt;
          expect(end.getTime() - at).toBe(remainingMs);
        }
      }),
    );
  });
});

describe("granting a subscription for a payment", () => {
  it("happens once per payment and stacks different payments", async () => {
    const repo = new InMemorySubscriptionRepository();
    const ids = new SequentialIds("s");
    const first = await grantSubscriptionForPayment({ subscriptions: repo }, ids, { userId: "u1", paymentId: "p1", at: now });
    const again = await grantSubscriptionForPayment({ subscriptions: repo }, ids, { userId: "u1", paymentId: "p1", at: now });
    expect(again).toEqual(first);
    const second = await grantSubscriptionForPayment({ subscriptions: repo }, ids, { userId: "u1", paymentId: "p2", at: now });
    expect(second.startsAt).toEqual(first.endsAt);
    expect(repo.all()).toHaveLength(2);
    expect(await repo.findActiveSubscription("u1", now)).toMatchObject({ paymentId: "p1" });
  });

  it("is reported by getSubscriptionStatus", async () => {
    const repo = new InMemorySubscriptionRepository();
    const clock = new FixedClock(now);
    expect(await getSubscriptionStatus({ subscriptions: repo, clock }, "u1")).toEqual({ active: false, endsAt: null, expired: false });
    await grantSubscriptionForPayment({ subscriptions: repo }, new SequentialIds(), { userId: "u1", paymentId: "p1", at: now });
    expect(await getSubscriptionStatus({ subscriptions: repo, clock }, "u1")).toMatchObject({ active: true, expired: false });
    clock.advance(14 * DAY_MS);
    expect(await getSubscriptionStatus({ subscriptions: repo, clock }, "u1")).toMatchObject({ active: false, expired: true });
  });
});
