import { describe, expect, it } from "vitest";
import { FixedClock, DAY_MS } from "#domain/shared/clock";
import { InMemoryPlatformAccessRepository } from "#domain/guest-house-access/in-memory-platform-access-repository";
import { getPlatformAccess } from "#domain/guest-house-access/get-platform-access.query";
import { isPlatformAccessValid, PLATFORM_ACCESS_MS, type PlatformFeePayment } from "#domain/guest-house-access/platform-access.entity";

const paidAt = new Date("2026-11-01T10:00:00Z");
const payment = (over: Partial<PlatformFeePayment> = {}): PlatformFeePayment => ({
  id: "f1",
  userId: "u1",
  amount: 5000,
  paymentDate: paidAt,
  expiryDate: new Date(paidAt.getTime() + PLATFORM_ACCESS_MS),
  isValid: true,
  transactionId: "TXN-GH-1",
  method: "mtn_momo",
  ...over,
});

describe("guest-house platform access", () => {
  it("is valid while the expiry date is in the future and the payment is valid", () => {
    const p = payment();
    expect(isPlatformAccessValid(p, new Date(paidAt.getTime() + 13 * DAY_MS))).toBe(true);
    expect(isPlatformAccessValid(p, p.expiryDate)).toBe(false);
    expect(isPlatformAccessValid(payment({ isValid: false }), paidAt)).toBe(false);
  });

  it("reports active access with its end, an expired one, or none", async () => {
    const clock = new FixedClock(new Date(paidAt.getTime() + DAY_MS));
    const repo = new InMemoryPlatformAccessRepository([payment()]);
    expect(await getPlatformAccess({ platformAccess: repo, clock }, "u1")).toEqual({
      active: true,
      expiresAt: payment().expiryDate,
      expired: false,
      renewalEndsAt: new Date(payment().expiryDate.getTime() + PLATFORM_ACCESS_MS),
    });
    clock.advance(14 * DAY_MS);
    const renewal = new Date(clock.now().getTime() + PLATFORM_ACCESS_MS);
    expect(await getPlatformAccess({ platformAccess: repo, clock }, "u1")).toEqual({
      active: false,
      expiresAt: payment().expiryDate,
      expired: true,
      renewalEndsAt: renewal,
    });
    expect(await getPlatformAccess({ platformAccess: repo, clock }, "someone-else")).toEqual({
      active: false,
      expiresAt: null,
      expired: false,
      renewalEndsAt: renewal,
    });
  });

  it("finds a valid payment even when a later one was invalidated", async () => {
    const clock = new FixedClock(new Date(paidAt.getTime() + DAY_MS));
    const later = payment({ id: "f2", isValid: false, expiryDate: new Date(paidAt.getTime() + 20 * DAY_MS) });
    const repo = new InMemoryPlatformAccessRepository([payment(), later]);
    expect((await getPlatformAccess({ platformAccess: repo, clock }, "u1")).active).toBe(true);
  });
});
