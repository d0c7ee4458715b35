import { describe, expect, it } from "vitest";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import { availableSlots, firstFreeVisitDate } from "#domain/booking/available-slots.query";
import { HOLD_MS } from "#domain/booking/booking.entity";
import { DAY_MS } from "#domain/shared/clock";
import { moneyWorld, START, TOMORROW } from "../payment/money-world";

async function subscribe(w: ReturnType<typeof moneyWorld>, userId: string) {
  const now = w.clock.now();
  await w.store.subscriptions.insertSubscription({
    id: `sub-${userId}`,
    userId,
    paymentId: null,
    startsAt: now,
    endsAt: new Date(now.getTime() + 14 * DAY_MS),
    createdAt: now,
  });
}

describe("bookVisit", () => {
  it("holds the slot for 30 minutes at 8 000 FCFA when the student has no subscription", async () => {
    const w = moneyWorld();
    const r = await bookVisit(w.booking, w.visit());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.needsPayment).toBe(true);
    expect(r.value.booking).toMatchObject({
      propertyId: "prop-1",
      studentId: "student-1",
      visitDate: TOMORROW,
      visitTime: "10:00 AM",
      paymentAmount: 8000,
      feeType: "student_rental",
      paymentStatus: "pending",
      bookingStatus: "pending",
      holdExpiresAt: new Date(Date.parse(START) + HOLD_MS),
      message: "Is water included?",
    });
    expect(r.value.booking.reference).toMatch(/^KN-/);
    expect(w.store.bookings.all()).toHaveLength(1);
  });

  it("confirms at once, free, with an active subscription", async () => {
    const w = moneyWorld();
    await subscribe(w, "student-1");
    const r = await bookVisit(w.booking, w.visit());
    expect(r.ok && r.value.needsPayment).toBe(false);
    expect(r.ok && r.value.booking).toMatchObject({
      paymentAmount: 0,
      paymentStatus: "confirmed",
      bookingStatus: "confirmed",
      holdExpiresAt: null,
      feeType: "student_rental",
    });
  });

  it("asks for payment again once the subscription has ended", async () => {
    const w = moneyWorld();
    await subscribe(w, "student-1");
    w.clock.advance(14 * DAY_MS);
    const r = await bookVisit(w.booking, w.visit({ visitDate: "2026-12-16" }));
    expect(r.ok && r.value.needsPayment).toBe(true);
  });

  it("refuses a slot someone holds", async () => {
    const w = moneyWorld();
    await w.book();
    const r = await bookVisit(w.booking, w.visit({ studentId: "student-2" }));
    expect(r).toEqual({ ok: false, error: { code: "booking.slot_taken" } });
    expect(w.store.bookings.all()).toHaveLength(1);
  });

  it("gives a slot whose hold has lapsed to the next student, expiring the old booking", async () => {
    const w = moneyWorld();
    const first = await w.book();
    w.clock.advance(HOLD_MS);
    const r = await bookVisit(w.booking, w.visit({ studentId: "student-2" }));
    expect(r.ok).toBe(true);
    expect((await w.store.bookings.findById(first.id))?.bookingStatus).toBe("expired");
  });

  it("rolls the expiry back when the insert fails", async () => {
    const w = moneyWorld();
    const first = await w.book();
    w.clock.advance(HOLD_MS);
    const original = w.store.bookings.insertBooking.bind(w.store.bookings);
    w.store.bookings.insertBooking = async () => {
      throw new Error("disk full");
    };
    await expect(bookVisit(w.booking, w.visit({ studentId: "student-2" }))).rejects.toThrow("disk full");
    w.store.bookings.insertBooking = original;
    expect((await w.store.bookings.findById(first.id))?.bookingStatus).toBe("pending");
  });

  it.each([
    ["rented_out", { status: "rented_out" as const }, "booking.property_rented_out"],
    ["unavailable", { status: "unavailable" as const }, "booking.property_unavailable"],
    ["sold", { status: "sold" as const }, "booking.property_unavailable"],
    ["not available", { isAvailable: false }, "booking.property_unavailable"],
    ["hidden", { hidden: true }, "booking.property_unavailable"],
  ])("refuses a property that is %s", async (_, patch, code) => {
    const w = moneyWorld();
    w.store.properties.add({ id: "prop-2", agentId: "agent-1", ...patch });
    expect(await bookVisit(w.booking, w.visit({ propertyId: "prop-2" }))).toEqual({ ok: false, error: { code } });
  });

  it("refuses an unknown property", async () => {
    const w = moneyWorld();
    expect(await bookVisit(w.booking, w.visit({ propertyId: "nope" }))).toEqual({
      ok: false,
      error: { code: "booking.property_not_found" },
    });
  });

  it.each([
    ["today", { visitDate: "2026-12-01" }, "booking.date_out_of_range"],
    ["61 days ahead", { visitDate: "2027-01-31" }, "booking.date_out_of_range"],
    ["not a date", { visitDate: "2026-02-30" }, "booking.invalid_date"],
    ["a Sunday", { visitDate: "2026-12-06" }, "booking.invalid_slot"],
    ["before opening", { visitTime: "8:00 AM" }, "booking.invalid_slot"],
    ["between slots", { visitTime: "9:30 AM" }, "booking.invalid_slot"],
    ["a 24-hour time", { visitTime: "10:00" }, "booking.invalid_slot"],
    ["no name", { visitorName: "  " }, "booking.invalid_visitor_name"],
    ["a bad e-mail", { visitorEmail: "ngozi@" }, "booking.invalid_visitor_email"],
    ["a short phone", { visitorPhone: "67712" }, "booking.invalid_visitor_phone"],
    ["letters in the phone", { visitorPhone: "677 12a 456" }, "booking.invalid_visitor_phone"],
    ["a long message", { message: "x".repeat(1001) }, "booking.message_too_long"],
  ])("refuses %s", async (_, patch, code) => {
    const w = moneyWorld();
    const r = await bookVisit(w.booking, w.visit(patch));
    expect(r.ok ? "ok" : r.error.code).toBe(code);
    expect(w.store.bookings.all()).toHaveLength(0);
  });

  it("honours a property's own visiting hours", async () => {
    const w = moneyWorld();
    w.store.properties.add({
      id: "prop-3",
      agentId: "agent-1",
      visitingHours: { days: ["sun"], from: "14:00", to: "15:00", stepMinutes: 30, closedDates: [] },
    });
    expect((await bookVisit(w.booking, w.visit({ propertyId: "prop-3", visitDate: "2026-12-06", visitTime: "2:30 PM" }))).ok).toBe(true);
    expect((await bookVisit(w.booking, w.visit({ propertyId: "prop-3", visitTime: "10:00 AM" }))).ok).toBe(false);
  });

  it("trims the visitor's details and lower-cases the e-mail", async () => {
    const w = moneyWorld();
    const b = await w.book({ visitorName: "  Ngozi  ", visitorEmail: " Ngozi@Example.CM ", visitorPhone: " +237 677 12 34 56 " });
    expect(b).toMatchObject({ visitorName: "Ngozi", visitorEmail: "ngozi@example.cm", visitorPhone: "+237 677 12 34 56" });
  });
});

describe("availableSlots", () => {
  it("marks held and confirmed slots taken and lapsed holds free", async () => {
    const w = moneyWorld();
    const property = (await w.store.properties.findPropertyForBooking("prop-1"))!;
    await w.book({ visitTime: "9:00 AM" });
    w.clock.advance(HOLD_MS);
    await w.book({ visitTime: "10:00 AM", studentId: "student-2" });
    const slots = await availableSlots({ bookings: w.store.bookings, clock: w.clock }, property, TOMORROW);
    expect(slots).toHaveLength(9);
    expect(slots.filter((s) => !s.available).map((s) => s.time)).toEqual(["10:00 AM"]);
  });

  it("offers nothing outside the bookable range or on a closed day", async () => {
    const w = moneyWorld();
    const property = (await w.store.properties.findPropertyForBooking("prop-1"))!;
    const deps = { bookings: w.store.bookings, clock: w.clock };
    expect(await availableSlots(deps, property, "2026-12-01")).toEqual([]);
    expect(await availableSlots(deps, property, "2026-12-06")).toEqual([]);
    expect(await availableSlots(deps, property, "garbage")).toEqual([]);
  });
});

describe("firstFreeVisitDate", () => {
  it("is tomorrow when tomorrow has a free time", async () => {
    const w = moneyWorld();
    const property = (await w.store.properties.findPropertyForBooking("prop-1"))!;
    expect(await firstFreeVisitDate({ bookings: w.store.bookings, clock: w.clock }, property)).toBe(TOMORROW);
  });

  it("skips the days the agent takes no visits and the days fully booked (issue 32)", async () => {
    const w = moneyWorld();
    // Saturdays and Sundays only, two slots; tomorrow is Wednesday 2 December 2026.
    const property = w.store.properties.add({
      id: "prop-weekend",
      agentId: "agent-1",
      visitingHours: { days: ["sat", "sun"], from: "10:00", to: "11:00", stepMinutes: 60, closedDates: [] },
    });
    const deps = { bookings: w.store.bookings, clock: w.clock };
    expect(await firstFreeVisitDate(deps, property)).toBe("2026-12-05");
    await w.book({ propertyId: "prop-weekend", visitDate: "2026-12-05", visitTime: "10:00 AM" });
    await w.book({ propertyId: "prop-weekend", visitDate: "2026-12-05", visitTime: "11:00 AM", studentId: "student-2" });
    expect(await firstFreeVisitDate(deps, property)).toBe("2026-12-06");
  });

  it("is null when no day in the next 60 has a visit", async () => {
    const w = moneyWorld();
    const property = w.store.properties.add({
      id: "prop-closed",
      agentId: "agent-1",
      visitingHours: { days: ["mon"], from: "10:00", to: "10:00", stepMinutes: 60, closedDates: [] },
      status: "available",
    });
    const closed = { ...property, visitingHours: { ...property.visitingHours, days: [] } };
    expect(await firstFreeVisitDate({ bookings: w.store.bookings, clock: w.clock }, closed)).toBeNull();
  });
});

describe("bookVisit against self-dealing and slot hoarding (decision 0108)", () => {
  function withProperties(w: ReturnType<typeof moneyWorld>, n: number) {
    for (let i = 2; i <= n; i++) w.store.properties.add({ id: `prop-${i}`, agentId: `agent-${i}` });
  }

  it("refuses an agent booking a visit to their own listing, storing nothing", async () => {
    const w = moneyWorld();
    expect(await bookVisit(w.booking, w.visit({ studentId: "agent-1" }))).toEqual({
      ok: false,
      error: { code: "booking.own_listing_forbidden" },
    });
    expect(w.store.bookings.all()).toHaveLength(0);
    // The same agent may visit someone else's listing.
    w.store.properties.add({ id: "prop-2", agentId: "agent-2" });
    expect((await bookVisit(w.booking, w.visit({ studentId: "agent-1", propertyId: "prop-2" }))).ok).toBe(true);
  });

  it("allows at most one live booking per property and student", async () => {
    const w = moneyWorld();
    await w.book();
    expect(await bookVisit(w.booking, w.visit({ visitTime: "11:00 AM" }))).toEqual({
      ok: false,
      error: { code: "booking.property_already_booked" },
    });
    expect(await bookVisit(w.booking, w.visit({ visitDate: "2026-12-03" }))).toEqual({
      ok: false,
      error: { code: "booking.property_already_booked" },
    });
    expect(w.store.bookings.all()).toHaveLength(1);
  });

  it("lets the student book the property again once the earlier booking's hold has lapsed", async () => {
    const w = moneyWorld();
    await w.book();
    w.clock.advance(HOLD_MS - 1);
    expect((await bookVisit(w.booking, w.visit({ visitTime: "11:00 AM" }))).ok).toBe(false);
    w.clock.advance(1);
    expect((await bookVisit(w.booking, w.visit({ visitTime: "11:00 AM" }))).ok).toBe(true);
  });

  it("allows 3 live bookings by default and refuses the 4th", async () => {
    const w = moneyWorld();
    withProperties(w, 4);
    for (const id of ["prop-1", "prop-2", "prop-3"]) await w.book({ propertyId: id });
    expect(await bookVisit(w.booking, w.visit({ propertyId: "prop-4" }))).toEqual({
      ok: false,
      error: { code: "booking.too_many_live_bookings", params: { max: 3 } },
    });
    expect(w.store.bookings.all()).toHaveLength(3);
  });

  it("takes the limit from configuration", async () => {
    const w = moneyWorld();
    withProperties(w, 3);
    const deps = { ...w.booking, maxLiveBookings: 2 };
    expect((await bookVisit(deps, w.visit({ propertyId: "prop-1" }))).ok).toBe(true);
    expect((await bookVisit(deps, w.visit({ propertyId: "prop-2" }))).ok).toBe(true);
    expect(await bookVisit(deps, w.visit({ propertyId: "prop-3" }))).toEqual({
      ok: false,
      error: { code: "booking.too_many_live_bookings", params: { max: 2 } },
    });
  });

  it("counts pending holds still running and confirmed visits still ahead; not lapsed holds, past visits or recorded outcomes", async () => {
    const w = moneyWorld();
    withProperties(w, 6);
    await subscribe(w, "student-1");
    // Confirmed (subscribed) visits: tomorrow on prop-1, and on prop-2 in three days.
    const soon = await w.book({ propertyId: "prop-1" });
    await w.book({ propertyId: "prop-2", visitDate: "2026-12-04" });
    await w.book({ propertyId: "prop-3", visitDate: "2026-12-05" });
    expect((await bookVisit(w.booking, w.visit({ propertyId: "prop-4" }))).ok).toBe(false);
    // The day after the first visit, it no longer counts (the visit is past).
    w.clock.advance(2 * DAY_MS);
    expect((await bookVisit(w.booking, w.visit({ propertyId: "prop-4", visitDate: "2026-12-07" }))).ok).toBe(true);
    expect((await bookVisit(w.booking, w.visit({ propertyId: "prop-5", visitDate: "2026-12-07" }))).ok).toBe(false);
    // A visit recorded on its day frees its place at once.
    w.clock.advance(DAY_MS); // 4 December: the prop-2 visit is today
    const today = w.store.bookings.all().find((b) => b.propertyId === "prop-2")!;
    await w.store.bookings.recordViewingOutcome(today.id, "confirmed", w.clock.now());
    expect((await bookVisit(w.booking, w.visit({ propertyId: "prop-5", visitDate: "2026-12-07" }))).ok).toBe(true);
    expect(soon.bookingStatus).toBe("confirmed");
  });

  it("lets a second student book while the first is at the limit", async () => {
    const w = moneyWorld();
    withProperties(w, 4);
    for (const id of ["prop-1", "prop-2", "prop-3"]) await w.book({ propertyId: id });
    expect((await bookVisit(w.booking, w.visit({ propertyId: "prop-4", studentId: "student-2" }))).ok).toBe(true);
  });

  it("lets only one of two simultaneous bookings through at the limit", async () => {
    const w = moneyWorld();
    withProperties(w, 4);
    for (const id of ["prop-1", "prop-2"]) await w.book({ propertyId: id });
    const results = await Promise.all(["prop-3", "prop-4"].map((id) => bookVisit(w.booking, w.visit({ propertyId: id }))));
    expect(results.map((r) => (r.ok ? "ok" : r.error.code)).sort()).toEqual(["booking.too_many_live_bookings", "ok"]);
    expect(w.store.bookings.all()).toHaveLength(3);
  });
});
