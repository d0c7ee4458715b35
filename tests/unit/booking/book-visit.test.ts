import { describe, expect, it } from "vitest";
import { bookVisit } from "../../../domain/booking/book-visit.use-case";
import { availableSlots } from "../../../domain/booking/available-slots.query";
import { HOLD_MS } from "../../../domain/booking/booking.entity";
import { DAY_MS } from "../../../domain/shared/clock";
import { moneyWorld, START, TOMORROW } from "../payment/money-world";

async function subscribe(w: ReturnType<typeof moneyWorld>, userId: string) {
  const now = w.clock.now();
  await w.store.subscriptions.insertSubscription({ id: `sub-${userId}`, userId, paymentId: null, startsAt: now, endsAt: new Date(now.getTime() + 14 * DAY_MS), createdAt: now });
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
    expect(r.ok && r.value.booking).toMatchObject({ paymentAmount: 0, paymentStatus: "confirmed", bookingStatus: "confirmed", holdExpiresAt: null, feeType: "student_rental" });
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
    expect(await bookVisit(w.booking, w.visit({ propertyId: "nope" }))).toEqual({ ok: false, error: { code: "booking.property_not_found" } });
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
    w.store.properties.add({ id: "prop-3", agentId: "agent-1", visitingHours: { days: ["sun"], from: "14:00", to: "15:00", stepMinutes: 30, closedDates: [] } });
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
