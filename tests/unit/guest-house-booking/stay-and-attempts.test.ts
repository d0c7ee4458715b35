// The stay rules (dates, nights, capacity, blocked nights) and the booking use cases with in-memory
// adapters: own house, hidden house, access required/expired, the WhatsApp handoff marking the flag.
import { describe, expect, it } from "vitest";
import { DAY_MS, FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { checkStay, MAX_STAY_NIGHTS } from "#domain/guest-house-booking/stay";
import { InMemoryBookableGuestHouses, InMemoryBookingAttemptRepository } from "#domain/guest-house-booking/in-memory-guest-house-booking";
import { requestGuestHouseBooking } from "#domain/guest-house-booking/request-guest-house-booking.use-case";
import { openBookingWhatsapp } from "#domain/guest-house-booking/open-booking-whatsapp.use-case";
import { findBookingDraft, forgetBookingDrafts, latestBookingDraft } from "#domain/guest-house-booking/booking-draft";
import { InMemoryPlatformAccessRepository } from "#domain/guest-house-access/in-memory-platform-access-repository";
import { PLATFORM_ACCESS_MS } from "#domain/guest-house-access/platform-access.entity";
import { addDays } from "#domain/booking/visit-date";

// 10:00 in Buea on 1 November 2026.
const now = new Date("2026-11-01T09:00:00Z");
const today = "2026-11-01";
const house = { maxGuests: 3, blockedDates: ["2026-11-10", "2026-11-11"] };
const stay = (checkIn: string, checkOut: string, guests = 2) => checkStay({ checkIn, checkOut, guests }, house, now);
const code = (r: ReturnType<typeof stay>) => (r.ok ? "ok" : r.error.code);

describe("checkStay", () => {
  it("accepts a check-in today and refuses yesterday", () => {
    expect(code(stay(today, "2026-11-02"))).toBe("ok");
    expect(code(stay("2026-10-31", "2026-11-02"))).toBe("guest-houses.check_in_past");
  });

  it("uses Buea's date: 23:30 UTC on 31 October is already 1 November there", () => {
    const late = new Date("2026-10-31T23:30:00Z");
    expect(checkStay({ checkIn: "2026-10-31", checkOut: "2026-11-02", guests: 1 }, house, late).ok).toBe(false);
    expect(checkStay({ checkIn: "2026-11-01", checkOut: "2026-11-02", guests: 1 }, house, late).ok).toBe(true);
  });

  it("needs the check-out after the check-in", () => {
    expect(code(stay("2026-11-03", "2026-11-03"))).toBe("guest-houses.check_out_not_after_check_in");
    expect(code(stay("2026-11-03", "2026-11-02"))).toBe("guest-houses.check_out_not_after_check_in");
  });

  it("allows exactly 30 nights and refuses 31", () => {
    const r = stay("2026-11-12", addDays("2026-11-12", MAX_STAY_NIGHTS));
    expect(r.ok && r.value.nights).toBe(30);
    expect(code(stay("2026-11-12", addDays("2026-11-12", MAX_STAY_NIGHTS + 1)))).toBe("guest-houses.too_many_nights");
  });

  it("refuses a stay over a blocked night, and accepts leaving on a blocked day (that night is not stayed)", () => {
    expect(code(stay("2026-11-09", "2026-11-11"))).toBe("guest-houses.dates_blocked");
    expect(code(stay("2026-11-11", "2026-11-12"))).toBe("guest-houses.dates_blocked");
    expect(code(stay("2026-11-08", "2026-11-10"))).toBe("ok");
    expect(code(stay("2026-11-12", "2026-11-14"))).toBe("ok");
  });

  it("takes 1 to the capacity of guests", () => {
    expect(code(stay(today, "2026-11-02", 3))).toBe("ok");
    expect(code(stay(today, "2026-11-02", 4))).toBe("guest-houses.guests_over_capacity");
    expect(code(stay(today, "2026-11-02", 0))).toBe("guest-houses.invalid_guests");
    expect(code(stay(today, "2026-11-02", 1.5))).toBe("guest-houses.invalid_guests");
  });

  it("refuses dates that are not calendar dates", () => {
    expect(code(stay("2026-02-30", "2026-03-02"))).toBe("guest-houses.invalid_date");
    expect(code(stay("tomorrow", "2026-11-05"))).toBe("guest-houses.invalid_date");
  });
});

function world() {
  const clock = new FixedClock(now);
  const houses = new InMemoryBookableGuestHouses();
  houses.add(
    {
      id: "gh-1",
      name: "Molyko Lodge",
      hostId: "host-1",
      maxGuests: 2,
      whatsapp: "237670000001",
      hostVerificationStatus: "verified",
      seeded: false,
      hostSuspended: false,
    },
    ["2026-11-05"],
  );
  houses.add({
    id: "gh-hidden",
    name: "New House",
    hostId: "host-2",
    maxGuests: 2,
    whatsapp: "237670000002",
    hostVerificationStatus: "pending",
    seeded: false,
    hostSuspended: false,
  });
  houses.add({
    id: "gh-2",
    name: "Great Soppo Inn",
    hostId: "host-2",
    maxGuests: 2,
    whatsapp: "237670000003",
    hostVerificationStatus: "verified",
    seeded: false,
    hostSuspended: false,
  });
  const attempts = new InMemoryBookingAttemptRepository((id) => houses.houses.get(id)?.name ?? "");
  const platformAccess = new InMemoryPlatformAccessRepository();
  const deps = { houses, attempts, platformAccess, clock, ids: new SequentialIds("ba") };
  const give = (userId: string, expiry: Date, isValid = true) =>
    platformAccess.add({
      id: `acc-${userId}`,
      userId,
      amount: 5000,
      paymentDate: now,
      expiryDate: expiry,
      isValid,
      transactionId: `TXN-GH-${userId}`,
      method: "mtn_momo",
    });
  const input = (over: Partial<Parameters<typeof requestGuestHouseBooking>[1]> = {}) => ({
    userId: "guest-1",
    guestHouseId: "gh-1",
    checkIn: "2026-11-02",
    checkOut: "2026-11-04",
    guests: 2,
    message: "  Arriving by bus.  ",
    language: "fr" as const,
    ...over,
  });
  return { clock, houses, attempts, deps, give, input };
}

describe("requestGuestHouseBooking", () => {
  it("without access nothing is stored and access_required is answered", async () => {
    const w = world();
    const r = await requestGuestHouseBooking(w.deps, w.input());
    expect(r.ok ? "ok" : r.error).toEqual({ code: "guest-houses.access_required", params: { expired: 0 } });
    expect(w.attempts.attempts).toHaveLength(0);
  });

  it("records the attempt with access, trimmed message, language, flag false", async () => {
    const w = world();
    w.give("guest-1", new Date(now.getTime() + PLATFORM_ACCESS_MS));
    const r = await requestGuestHouseBooking(w.deps, w.input());
    expect(r.ok).toBe(true);
    expect(w.attempts.attempts).toEqual([
      expect.objectContaining({
        userId: "guest-1",
        guestHouseId: "gh-1",
        checkIn: "2026-11-02",
        checkOut: "2026-11-04",
        guests: 2,
        message: "Arriving by bus.",
        language: "fr",
        whatsappMessageSent: false,
      }),
    ]);
  });

  it("an access that expired (15 days later) or was invalidated asks to pay again", async () => {
    const w = world();
    w.give("guest-1", new Date(now.getTime() + PLATFORM_ACCESS_MS));
    w.clock.advance(15 * DAY_MS);
    const r = await requestGuestHouseBooking(w.deps, w.input({ checkIn: "2026-11-17", checkOut: "2026-11-18" }));
    expect(r.ok ? "ok" : r.error).toEqual({ code: "guest-houses.access_required", params: { expired: 1 } });
    const v = world();
    v.give("guest-1", new Date(now.getTime() + PLATFORM_ACCESS_MS), false);
    const s = await requestGuestHouseBooking(v.deps, v.input());
    expect(s.ok ? "ok" : s.error.code).toBe("guest-houses.access_required");
  });

  it("refuses the host's own house, a hidden house, blocked nights and too many guests", async () => {
    const w = world();
    w.give("host-1", new Date(now.getTime() + PLATFORM_ACCESS_MS));
    w.give("guest-1", new Date(now.getTime() + PLATFORM_ACCESS_MS));
    const codes = await Promise.all([
      requestGuestHouseBooking(w.deps, w.input({ userId: "host-1" })),
      requestGuestHouseBooking(w.deps, w.input({ guestHouseId: "gh-hidden" })),
      requestGuestHouseBooking(w.deps, w.input({ checkIn: "2026-11-04", checkOut: "2026-11-06" })),
      requestGuestHouseBooking(w.deps, w.input({ guests: 3 })),
    ]);
    expect(codes.map((r) => (r.ok ? "ok" : r.error.code))).toEqual([
      "guest-houses.own_guest_house_forbidden",
      "guest-houses.guest_house_not_found",
      "guest-houses.dates_blocked",
      "guest-houses.guests_over_capacity",
    ]);
    expect(w.attempts.attempts).toHaveLength(0);
  });
});

describe("the form kept while the guest pays the access (decision 0243)", () => {
  const drafts = (w: ReturnType<typeof world>) => ({ drafts: w.attempts, clock: w.clock });

  it("is kept when access is required, as checked (trimmed message), for its author and house only", async () => {
    const w = world();
    expect((await requestGuestHouseBooking(w.deps, w.input())).ok).toBe(false);
    expect(await findBookingDraft(drafts(w), "guest-1", "gh-1")).toEqual({
      userId: "guest-1",
      guestHouseId: "gh-1",
      checkIn: "2026-11-02",
      checkOut: "2026-11-04",
      guests: 2,
      message: "Arriving by bus.",
      savedAt: now,
    });
    expect(await findBookingDraft(drafts(w), "guest-2", "gh-1")).toBeNull();
    expect(await findBookingDraft(drafts(w), "guest-1", "gh-2")).toBeNull();
  });

  it("is not kept for a stay that fails its checks (the guest fixes it before paying)", async () => {
    const w = world();
    const r = await requestGuestHouseBooking(w.deps, w.input({ guests: 3 }));
    expect(r.ok ? "ok" : r.error.code).toBe("guest-houses.guests_over_capacity");
    expect(await findBookingDraft(drafts(w), "guest-1", "gh-1")).toBeNull();
  });

  it("waits a day, then is gone; keeping another one lets go of the old ones", async () => {
    const w = world();
    await requestGuestHouseBooking(w.deps, w.input());
    w.clock.advance(DAY_MS);
    expect(await findBookingDraft(drafts(w), "guest-1", "gh-1")).not.toBeNull();
    w.clock.advance(1);
    expect(await findBookingDraft(drafts(w), "guest-1", "gh-1")).toBeNull();
    await requestGuestHouseBooking(w.deps, w.input({ userId: "guest-2", checkIn: "2026-11-03", checkOut: "2026-11-04" }));
    expect(w.attempts.drafts.size).toBe(1);
  });

  it("one per house: a second house typed in another tab does not replace the first; the latest is found", async () => {
    const w = world();
    await requestGuestHouseBooking(w.deps, w.input());
    w.clock.advance(60_000);
    await requestGuestHouseBooking(w.deps, w.input({ guestHouseId: "gh-2", guests: 1, message: "Other tab" }));
    expect((await findBookingDraft(drafts(w), "guest-1", "gh-1"))?.message).toBe("Arriving by bus.");
    expect((await findBookingDraft(drafts(w), "guest-1", "gh-2"))?.message).toBe("Other tab");
    expect((await latestBookingDraft(drafts(w), "guest-1"))?.guestHouseId).toBe("gh-2");
  });

  it("booking with it forgets it; signing out forgets all of the guest's", async () => {
    const w = world();
    await requestGuestHouseBooking(w.deps, w.input());
    await requestGuestHouseBooking(w.deps, w.input({ guestHouseId: "gh-2", guests: 1 }));
    w.give("guest-1", new Date(now.getTime() + PLATFORM_ACCESS_MS));
    expect((await requestGuestHouseBooking(w.deps, w.input())).ok).toBe(true);
    expect(await findBookingDraft(drafts(w), "guest-1", "gh-1")).toBeNull();
    expect(await findBookingDraft(drafts(w), "guest-1", "gh-2")).not.toBeNull();
    await forgetBookingDrafts(drafts(w), "guest-1");
    expect(await latestBookingDraft(drafts(w), "guest-1")).toBeNull();
  });
});

describe("openBookingWhatsapp", () => {
  it("marks the owner's attempt and answers the number; another user gets attempt_not_found and nothing changes", async () => {
    const w = world();
    w.give("guest-1", new Date(now.getTime() + PLATFORM_ACCESS_MS));
    const r = await requestGuestHouseBooking(w.deps, w.input());
    if (!r.ok) throw new Error(r.error.code);
    const stranger = await openBookingWhatsapp(w.deps, { userId: "guest-2", attemptId: r.value.attemptId });
    expect(stranger.ok ? "ok" : stranger.error.code).toBe("guest-houses.attempt_not_found");
    expect(w.attempts.attempts[0].whatsappMessageSent).toBe(false);
    const mine = await openBookingWhatsapp(w.deps, { userId: "guest-1", attemptId: r.value.attemptId });
    expect(mine.ok && mine.value.whatsapp).toBe("237670000001");
    expect(w.attempts.attempts[0].whatsappMessageSent).toBe(true);
  });
});
