import { describe, expect, it } from "vitest";
import { agentEarnings, noShowsByAgent, recordViewingOutcome } from "../../../domain/commission/record-viewing-outcome.use-case";
import { DAY_MS } from "../../../domain/shared/clock";
import { moneyWorld } from "../payment/money-world";

async function confirmedBooking(w: ReturnType<typeof moneyWorld>, over: Parameters<ReturnType<typeof moneyWorld>["book"]>[0] = {}) {
  const b = await w.book(over);
  await w.store.bookings.confirmBooking(b.id, null, w.clock.now());
  return b;
}

function deps(w: ReturnType<typeof moneyWorld>) {
  return { uow: w.store, properties: w.store.properties, clock: w.clock, ids: w.ids };
}

describe("recordViewingOutcome", () => {
  it("earns the listing's agent one 5 000 FCFA visitation commission for a confirmed viewing", async () => {
    const w = moneyWorld();
    const b = await confirmedBooking(w);
    w.clock.advance(DAY_MS); // the visit day, in Buea
    const r = await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" });
    expect(r).toMatchObject({ ok: true, value: { outcome: "confirmed", commission: { agentId: "agent-1", propertyId: "prop-1", bookingId: b.id, amount: 5000, type: "visitation", paid: false } } });
    expect(await agentEarnings(w.store, "agent-1")).toEqual({ total: 5000, paid: 0, unpaid: 5000, count: 1 });
    expect(await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" })).toEqual({ ok: false, error: { code: "commission.already_recorded" } });
    expect(await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "no_show" })).toEqual({ ok: false, error: { code: "commission.already_recorded" } });
    expect((await agentEarnings(w.store, "agent-1")).count).toBe(1);
  });

  it("records a no-show without commission, counted per agent for admins", async () => {
    const w = moneyWorld();
    w.store.properties.add({ id: "prop-2", agentId: "agent-2" });
    const a = await confirmedBooking(w);
    const b = await confirmedBooking(w, { visitTime: "11:00 AM" });
    const c = await confirmedBooking(w, { propertyId: "prop-2" });
    w.clock.advance(3 * DAY_MS);
    for (const id of [a.id, b.id, c.id]) expect((await recordViewingOutcome(deps(w), { bookingId: id, studentId: "student-1", outcome: "no_show" })).ok).toBe(true);
    expect(await agentEarnings(w.store, "agent-1")).toEqual({ total: 0, paid: 0, unpaid: 0, count: 0 });
    expect(await noShowsByAgent(w.store)).toEqual([{ agentId: "agent-1", noShows: 2 }, { agentId: "agent-2", noShows: 1 }]);
  });

  it("splits paid and unpaid earnings", async () => {
    const w = moneyWorld();
    const a = await confirmedBooking(w);
    const b = await confirmedBooking(w, { visitTime: "11:00 AM" });
    w.clock.advance(DAY_MS);
    await recordViewingOutcome(deps(w), { bookingId: a.id, studentId: "student-1", outcome: "confirmed" });
    w.store.commissions.markAllPaid("agent-1", w.clock.now());
    await recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" });
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
    expect(await recordViewingOutcome(deps(w), { bookingId: "nope", studentId: "student-1", outcome: "confirmed" })).toEqual({ ok: false, error: { code: "commission.booking_not_found" } });
  });

  it("counts one commission when two confirmations race", async () => {
    const w = moneyWorld();
    const b = await confirmedBooking(w);
    w.clock.advance(DAY_MS);
    const results = await Promise.all([1, 2, 3].map(() => recordViewingOutcome(deps(w), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await agentEarnings(w.store, "agent-1")).total).toBe(5000);
  });
});
