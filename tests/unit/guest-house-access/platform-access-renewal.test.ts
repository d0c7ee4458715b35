// The access rules at their boundaries: the exact instant of expiry, extension while valid, the
// invalid flag, and the grant made by a successful payment (once per payment).
import { describe, expect, it } from "vitest";
import { DAY_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryPlatformAccessRepository } from "#domain/guest-house-access/in-memory-platform-access-repository";
import { grantPlatformAccessForPayment } from "#domain/guest-house-access/grant-platform-access";
import {
  PLATFORM_ACCESS_MS,
  isPlatformAccessValid,
  nextAccessPeriod,
  platformTransactionId,
  type PlatformFeePayment,
} from "#domain/guest-house-access/platform-access.entity";
import { guestHouseVisibility } from "#domain/guest-houses/guest-house-visibility";

const t0 = new Date("2026-11-01T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const access = (over: Partial<PlatformFeePayment> = {}): PlatformFeePayment => ({
  id: "a1",
  userId: "u1",
  amount: 5000,
  paymentDate: t0,
  expiryDate: at(PLATFORM_ACCESS_MS),
  isValid: true,
  transactionId: "TXN-GH-PAY-1",
  method: "mtn_momo",
  ...over,
});

describe("platform access validity", () => {
  it("is valid one millisecond before the expiry and not at the exact instant", () => {
    const a = access();
    expect(isPlatformAccessValid(a, at(PLATFORM_ACCESS_MS - 1))).toBe(true);
    expect(isPlatformAccessValid(a, at(PLATFORM_ACCESS_MS))).toBe(false);
    expect(isPlatformAccessValid(a, at(PLATFORM_ACCESS_MS + 1))).toBe(false);
  });

  it("an access marked invalid grants nothing, even before its expiry", () => {
    expect(isPlatformAccessValid(access({ isValid: false }), t0)).toBe(false);
  });
});

describe("nextAccessPeriod", () => {
  it("starts now when there is no access, 14 days long", () => {
    expect(nextAccessPeriod([], t0)).toEqual({ startsAt: t0, expiresAt: at(14 * DAY_MS) });
  });

  it("extends from the current expiry while the access is valid (no paid day lost)", () => {
    const now = at(10 * DAY_MS);
    expect(nextAccessPeriod([access()], now).expiresAt).toEqual(at(28 * DAY_MS));
  });

  it("at the exact instant of expiry the old access is ignored: the new period starts now", () => {
    const now = at(PLATFORM_ACCESS_MS);
    expect(nextAccessPeriod([access()], now)).toEqual({ startsAt: now, expiresAt: new Date(now.getTime() + PLATFORM_ACCESS_MS) });
  });

  it("an invalidated access is not extended from", () => {
    const now = at(DAY_MS);
    expect(nextAccessPeriod([access({ isValid: false })], now).startsAt).toEqual(now);
  });

  it("extends from the latest of several valid accesses", () => {
    const later = access({ id: "a2", expiryDate: at(20 * DAY_MS) });
    expect(nextAccessPeriod([access(), later], at(DAY_MS)).expiresAt).toEqual(at(34 * DAY_MS));
  });
});

describe("grantPlatformAccessForPayment", () => {
  it("writes one access per payment with the TXN-GH transaction id, however often it runs", async () => {
    const repo = new InMemoryPlatformAccessRepository();
    const ids = new SequentialIds("acc");
    const input = { userId: "u1", paymentId: "p1", paymentReference: "PAY-ABC", method: "orange_money", amount: 5000, at: t0 };
    const first = await grantPlatformAccessForPayment({ platformAccess: repo }, ids, input);
    const again = await grantPlatformAccessForPayment({ platformAccess: repo }, ids, { ...input, at: at(DAY_MS) });
    expect(again).toEqual(first);
    const all = await repo.listForUser("u1");
    expect(all).toHaveLength(1);
    expect(all[0].transactionId).toBe(platformTransactionId("PAY-ABC"));
    expect(all[0].transactionId.startsWith("TXN-GH")).toBe(true);
    expect(all[0].expiryDate).toEqual(at(PLATFORM_ACCESS_MS));
  });

  it("a second payment while valid extends from the first one's expiry", async () => {
    const repo = new InMemoryPlatformAccessRepository();
    const ids = new SequentialIds("acc");
    const base = { userId: "u1", method: "mtn_momo", amount: 5000 };
    await grantPlatformAccessForPayment({ platformAccess: repo }, ids, { ...base, paymentId: "p1", paymentReference: "PAY-1", at: t0 });
    const second = await grantPlatformAccessForPayment({ platformAccess: repo }, ids, {
      ...base,
      paymentId: "p2",
      paymentReference: "PAY-2",
      at: at(3 * DAY_MS),
    });
    expect(second.expiryDate).toEqual(at(28 * DAY_MS));
  });
});

describe("guestHouseVisibility", () => {
  it.each([
    [null, false, { public: false, verifiedBadge: false }],
    ["pending", false, { public: false, verifiedBadge: false }],
    ["rejected", false, { public: false, verifiedBadge: false }],
    ["verified", false, { public: true, verifiedBadge: true }],
    [null, true, { public: true, verifiedBadge: false }],
    ["rejected", true, { public: true, verifiedBadge: false }],
    ["verified", true, { public: true, verifiedBadge: true }],
  ] as const)("host %s, seeded %s", (status, seeded, expected) => {
    expect(guestHouseVisibility({ hostVerificationStatus: status, seeded, hostSuspended: false })).toEqual(expected);
  });

  it.each([null, "pending", "rejected", "verified"] as const)(
    "host %s and suspended: never public, seeded or not, and no badge (issue 30)",
    (status) => {
      for (const seeded of [false, true]) {
        expect(guestHouseVisibility({ hostVerificationStatus: status, seeded, hostSuspended: true })).toEqual({
          public: false,
          verifiedBadge: false,
        });
      }
    },
  );
});
