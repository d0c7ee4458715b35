// The booking rules the money read models and use cases share (decision 0124): a running hold, a
// viewing whose outcome can be recorded, a booking the agent acts on, a listing that takes visits.
import { describe, expect, it } from "vitest";
import { BOOKABLE_PROPERTY, isBookable } from "#domain/booking/booking-property-reader.port";
import { visibleToAgent, holdIsRunning, viewingOutcomeRefusal } from "#domain/booking/booking.entity";
import { isPayable, isViewingDue } from "#domain/payment/money-views";

const t = (iso: string) => new Date(iso);

describe("holdIsRunning / isPayable", () => {
  const hold = { bookingStatus: "pending" as const, holdExpiresAt: t("2026-12-01T08:30:00.000Z") };
  it("runs until the instant it ends, not at it", () => {
    expect(holdIsRunning(hold, t("2026-12-01T08:29:59.999Z"))).toBe(true);
    expect(holdIsRunning(hold, t("2026-12-01T08:30:00.000Z"))).toBe(false);
    expect(isPayable({ bookingStatus: "pending", holdExpiresAt: "2026-12-01T08:30:00.000Z" }, t("2026-12-01T08:29:59.999Z"))).toBe(true);
    expect(isPayable({ bookingStatus: "pending", holdExpiresAt: "2026-12-01T08:30:00.000Z" }, t("2026-12-01T08:30:00.000Z"))).toBe(false);
  });
  it("only for a pending booking; a pending booking without an end still holds", () => {
    for (const bookingStatus of ["confirmed", "expired", "cancelled", "rebook_required"] as const)
      expect(holdIsRunning({ ...hold, bookingStatus }, t("2026-12-01T08:00:00Z"))).toBe(false);
    expect(holdIsRunning({ bookingStatus: "pending", holdExpiresAt: null }, t("2030-01-01T00:00:00Z"))).toBe(true);
  });
});

describe("viewingOutcomeRefusal / isViewingDue", () => {
  const visit = { studentId: "s1", bookingStatus: "confirmed" as const, visitDate: "2026-12-02", viewingOutcome: null };
  it("is due from the visit day in Buea (UTC+1), not in UTC", () => {
    expect(viewingOutcomeRefusal(visit, "a1", t("2026-12-01T22:59:59.999Z"))).toBe("not_yet_due");
    expect(viewingOutcomeRefusal(visit, "a1", t("2026-12-01T23:00:00.000Z"))).toBeNull();
    expect(isViewingDue("s1", { ...visit, agentId: "a1" }, t("2026-12-01T23:00:00.000Z"))).toBe(true);
    expect(isViewingDue("s1", { ...visit, agentId: "a1" }, t("2026-12-01T22:59:59.999Z"))).toBe(false);
  });
  it("refuses, in order, the own listing, an unconfirmed booking, a visit not yet due and a recorded outcome", () => {
    const later = t("2026-12-05T12:00:00Z");
    expect(viewingOutcomeRefusal({ ...visit, bookingStatus: "pending" }, "s1", later)).toBe("own_listing");
    expect(viewingOutcomeRefusal({ ...visit, bookingStatus: "rebook_required" }, "a1", later)).toBe("not_confirmed");
    expect(viewingOutcomeRefusal({ ...visit, viewingOutcome: "no_show" }, "a1", t("2026-12-01T12:00:00Z"))).toBe("not_yet_due");
    expect(viewingOutcomeRefusal({ ...visit, viewingOutcome: "confirmed" }, "a1", later)).toBe("already_recorded");
    expect(isViewingDue("s2", { ...visit, agentId: "s2" }, later)).toBe(false);
  });
});

describe("visibleToAgent and isBookable", () => {
  it("shows the agent only visits paid for or covered by a subscription, cancelled ones included", () => {
    expect(visibleToAgent({ bookingStatus: "confirmed", paymentStatus: "confirmed" })).toBe(true);
    expect(visibleToAgent({ bookingStatus: "cancelled", paymentStatus: "confirmed" })).toBe(true);
    expect(visibleToAgent({ bookingStatus: "pending", paymentStatus: "pending" })).toBe(false);
    expect(visibleToAgent({ bookingStatus: "expired", paymentStatus: "pending" })).toBe(false);
    expect(visibleToAgent({ bookingStatus: "rebook_required", paymentStatus: "confirmed" })).toBe(false);
    expect(visibleToAgent({ bookingStatus: "confirmed", paymentStatus: "pending" })).toBe(false);
  });
  it("takes visits only when available, switched on and not hidden (the data the stores query by)", () => {
    expect(isBookable(BOOKABLE_PROPERTY)).toBe(true);
    for (const status of ["booked", "sold", "unavailable", "rented_out"] as const)
      expect(isBookable({ ...BOOKABLE_PROPERTY, status })).toBe(false);
    expect(isBookable({ ...BOOKABLE_PROPERTY, isAvailable: false })).toBe(false);
    expect(isBookable({ ...BOOKABLE_PROPERTY, hidden: true })).toBe(false);
  });
});
