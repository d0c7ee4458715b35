import { describe, expect, it } from "vitest";
import { agentEarnings, noShowsByAgent, recordViewingOutcome } from "#domain/commission/record-viewing-outcome.use-case";
import { DAY_MS } from "#domain/shared/clock";
import { moneyWorld } from "../payment/money-world";

async function confirmedBooking(w: ReturnType<typeof moneyWorld>, over: Parameters<ReturnType<typeof moneyWorld>["book"]>[0] = {}) {
  const b = await w.book(over);
  await w.store.bookings.confirmBooking(b.id, null, w.clock.now());
  return b;
}

function deps(w: ReturnType<typeof moneyWorld>) {
  return { uow: w.store, properties: w.store.properties, clock: w.clock, ids: w.ids };
}

async function subscribe(w: ReturnType<typeof moneyWorld>, userId: string, id = `sub-${userId}`) {
  const now = w.clock.now();
  await w.store.subscriptions.insertSubscription({
    id,
    userId,
    paymentId: null,
    startsAt: now,
    endsAt: new Date(now.getTime() + 14 * DAY_MS),
    createdAt: now,
  });
}

describe("recordViewingOutcome", () => {
  it("earns the listing's agent one 5 000 FCFA visitation commission for a confirmed viewing", async () => {
    const w = moneyWorld();
    const b = await confirmedBooking(w);
    w.clock.advance(DAY_MS); // the visit day, in Buea
    const r = await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" });
    expect(r).toMatchObject({
      ok: true,
      value: {
        outcome: "confirmed",
        commission: {
          agentId: "agent-1",
          propertyId: "prop-1",
          bookingId: b.id,
          studentId: "student-1",
          amount: 5000,
          type: "visitation",
          status: "pending",
        },
      },
    });
    expect(await agentEarnings(w.store, "agent-1")).toEqual({ total: 5000, paid: 0, unpaid: 5000, count: 1 });
    expect(await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" })).toEqual({
      ok: false,
      error: { code: "commission.already_recorded" },
    });
    expect(await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "no_show" })).toEqual({
      ok: false,
      error: { code: "commission.already_recorded" },
    });
    expect((await agentEarnings(w.store, "agent-1")).count).toBe(1);
  });

  it("records a no-show without commission, counted per agent for admins", async () => {
    const w = moneyWorld();
    w.store.properties.add({ id: "prop-2", agentId: "agent-2" });
    const a = await confirmedBooking(w);
    const b = await confirmedBooking(w, { visitTime: "11:00 AM", studentId: "student-2" });
    const c = await confirmedBooking(w, { propertyId: "prop-2" });
    w.clock.advance(3 * DAY_MS);
    for (const bk of [a, b, c])
      expect((await recordViewingOutcome(deps(w), { bookingId: bk.id, studentId: bk.studentId, outcome: "no_show" })).ok).toBe(true);
    expect(await agentEarnings(w.store, "agent-1")).toEqual({ total: 0, paid: 0, unpaid: 0, count: 0 });
    expect(await noShowsByAgent(w.store)).toEqual([
      { agentId: "agent-1", noShows: 2 },
      { agentId: "agent-2", noShows: 1 },
    ]);
  });

  it("splits paid and unpaid earnings", async () => {
    const w = moneyWorld();
    const a = await confirmedBooking(w);
    const b = await confirmedBooking(w, { visitTime: "11:00 AM", studentId: "student-2" });
    w.clock.advance(DAY_MS);
    await recordViewingOutcome(deps(w), { bookingId: a.id, studentId: "student-1", outcome: "confirmed" });
    w.store.commissions.markAllPaid("agent-1", w.clock.now());
    await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-2", outcome: "confirmed" });
    expect(await agentEarnings(w.store, "agent-1")).toEqual({ total: 10000, paid: 5000, unpaid: 5000, count: 2 });
  });

  it.each([
    ["someone else's booking", "student-2", true, 1, "commission.not_your_booking"],
    ["an unconfirmed booking", "student-1", false, 1, "commission.booking_not_confirmed"],
    ["a visit still ahead", "student-1", true, 0, "commission.visit_not_yet_due"],
  ])("refuses %s", async (_, studentId, confirm, daysLater, code) => {
    const w = moneyWorld();
    const b = confirm ? await confirmedBooking(w) : await w.book();
    w.clock.advance(daysLater * DAY_MS);
    const r = await recordViewingOutcome(deps(w), { bookingId: b.id, studentId, outcome: "confirmed" });
    expect(r.ok ? "ok" : r.error.code).toBe(code);
    expect((await agentEarnings(w.store, "agent-1")).count).toBe(0);
  });

  it("refuses an unknown booking", async () => {
    const w = moneyWorld();
    expect(await recordViewingOutcome(deps(w), { bookingId: "nope", studentId: "student-1", outcome: "confirmed" })).toEqual({
      ok: false,
      error: { code: "commission.booking_not_found" },
    });
  });

  it("counts one commission when two confirmations race", async () => {
    const w = moneyWorld();
    const b = await confirmedBooking(w);
    w.clock.advance(DAY_MS);
    const results = await Promise.all(
      [1, 2, 3].map(() => recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await agentEarnings(w.store, "agent-1")).total).toBe(5000);
  });
});

describe("recordViewingOutcome against self-dealing (decision 0108)", () => {
  it("earns an agent one commission per student and subscription period; later viewings are recorded without commission", async () => {
    const w = moneyWorld();
    w.store.properties.add({ id: "prop-2", agentId: "agent-1" });
    w.store.properties.add({ id: "prop-3", agentId: "agent-2" });
    await subscribe(w, "student-1");
    const a = await w.book({ propertyId: "prop-1" });
    const b = await w.book({ propertyId: "prop-2" });
    const c = await w.book({ propertyId: "prop-3" });
    w.clock.advance(DAY_MS);
    const first = await recordViewingOutcome(deps(w), { bookingId: a.id, studentId: "student-1", outcome: "confirmed" });
    expect(first.ok && first.value.commission).toMatchObject({
      agentId: "agent-1",
      studentId: "student-1",
      periodKey: "sub-student-1",
      status: "pending",
    });
    const second = await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" });
    expect(second).toEqual({ ok: true, value: { outcome: "confirmed", commission: null } });
    expect((await w.store.bookings.findById(b.id))?.viewingOutcome).toBe("confirmed");
    // Another agent is another count.
    const third = await recordViewingOutcome(deps(w), { bookingId: c.id, studentId: "student-1", outcome: "confirmed" });
    expect(third.ok && third.value.commission?.agentId).toBe("agent-2");
    expect(await agentEarnings(w.store, "agent-1")).toEqual({ total: 5000, paid: 0, unpaid: 5000, count: 1 });
  });

  it("earns again in the student's next subscription period", async () => {
    const w = moneyWorld();
    await subscribe(w, "student-1", "sub-1");
    const a = await w.book();
    w.clock.advance(DAY_MS);
    await recordViewingOutcome(deps(w), { bookingId: a.id, studentId: "student-1", outcome: "confirmed" });
    w.clock.advance(14 * DAY_MS); // sub-1 has ended
    await subscribe(w, "student-1", "sub-2");
    const b = await w.book({ visitDate: "2026-12-17" });
    w.clock.advance(DAY_MS);
    const r = await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" });
    expect(r.ok && r.value.commission?.periodKey).toBe("sub-2");
    expect((await agentEarnings(w.store, "agent-1")).count).toBe(2);
  });

  it("takes the period from the subscription the booking's payment bought", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    await w.store.subscriptions.insertSubscription({
      id: "bought",
      userId: "student-1",
      paymentId: "pay-1",
      startsAt: w.clock.now(),
      endsAt: new Date(w.clock.now().getTime() + 14 * DAY_MS),
      createdAt: w.clock.now(),
    });
    await w.store.bookings.confirmBooking(booking.id, "pay-1", w.clock.now());
    w.clock.advance(DAY_MS);
    const r = await recordViewingOutcome(deps(w), { bookingId: booking.id, studentId: "student-1", outcome: "confirmed" });
    expect(r.ok && r.value.commission?.periodKey).toBe("bought");
  });

  it("shares one period among bookings with no known subscription", async () => {
    const w = moneyWorld();
    w.store.properties.add({ id: "prop-2", agentId: "agent-1" });
    const a = await confirmedBooking(w);
    const b = await confirmedBooking(w, { propertyId: "prop-2" });
    w.clock.advance(DAY_MS);
    const ra = await recordViewingOutcome(deps(w), { bookingId: a.id, studentId: "student-1", outcome: "confirmed" });
    expect(ra.ok && ra.value.commission?.periodKey).toBe("none");
    expect(await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" })).toEqual({
      ok: true,
      value: { outcome: "confirmed", commission: null },
    });
  });

  it("refuses to confirm a visit to the student's own listing (a booking from before the booking rule), recording nothing", async () => {
    const w = moneyWorld();
    const own = await w.book({ studentId: "student-9" });
    w.store.properties.add({ id: "prop-1", agentId: "student-9" }); // the listing's agent is the booking's student
    await w.store.bookings.confirmBooking(own.id, null, w.clock.now());
    w.clock.advance(DAY_MS);
    expect(await recordViewingOutcome(deps(w), { bookingId: own.id, studentId: "student-9", outcome: "confirmed" })).toEqual({
      ok: false,
      error: { code: "commission.own_listing_forbidden" },
    });
    expect((await w.store.bookings.findById(own.id))?.viewingOutcome).toBeNull();
    expect(w.store.commissions.all()).toHaveLength(0);
  });

  it("records one commission when confirmations of two viewings of one agent race", async () => {
    const w = moneyWorld();
    w.store.properties.add({ id: "prop-2", agentId: "agent-1" });
    await subscribe(w, "student-1");
    const a = await w.book({ propertyId: "prop-1" });
    const b = await w.book({ propertyId: "prop-2" });
    w.clock.advance(DAY_MS);
    const results = await Promise.all(
      [a, b].map((bk) => recordViewingOutcome(deps(w), { bookingId: bk.id, studentId: "student-1", outcome: "confirmed" })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.value.commission !== null)).toHaveLength(1);
    expect(w.store.commissions.all()).toHaveLength(1);
  });
});
