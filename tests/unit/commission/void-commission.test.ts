import { describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import { recordViewingOutcome } from "#domain/commission/record-viewing-outcome.use-case";
import { COMMISSION_VOIDED_ACTION, voidCommission, type VoidCommissionDeps } from "#domain/commission/void-commission.use-case";
import { agentEarnings } from "#domain/commission/record-viewing-outcome.use-case";
import { DAY_MS } from "#domain/shared/clock";
import { moneyWorld } from "../payment/money-world";

/** A world with one pending 5 000 FCFA commission, and the admin's void deps (all or nothing, like the database). */
async function world() {
  const w = moneyWorld();
  const booking = await w.book();
  await w.store.bookings.confirmBooking(booking.id, null, w.clock.now());
  w.clock.advance(DAY_MS);
  const r = await recordViewingOutcome(
    { uow: w.store, properties: w.store.properties, clock: w.clock, ids: w.ids },
    { bookingId: booking.id, studentId: "student-1", outcome: "confirmed" },
  );
  if (!r.ok || !r.value.commission) throw new Error("setup");
  const audit = new InMemoryAuditLog();
  const deps: VoidCommissionDeps = {
    uow: {
      run: async (work) => {
        const saved = { c: w.store.commissions.snapshot(), a: audit.snapshot() };
        try {
          return await work({ commissions: w.store.commissions, audit });
        } catch (e) {
          w.store.commissions.restore(saved.c);
          audit.restore(saved.a);
          throw e;
        }
      },
    },
    clock: w.clock,
    ids: w.ids,
  };
  return { w, audit, deps, commission: r.value.commission };
}

describe("voidCommission", () => {
  it("voids a pending commission with the reason, and writes who, what, when, before and after to the audit log", async () => {
    const { w, audit, deps, commission } = await world();
    const r = await voidCommission(deps, {
      adminId: "admin-1",
      commissionId: commission.id,
      reason: "  Agent booked through a second account  ",
    });
    expect(r).toMatchObject({
      ok: true,
      value: {
        id: commission.id,
        status: "voided",
        voidReason: "Agent booked through a second account",
        voidedBy: "admin-1",
        voidedAt: w.clock.now(),
      },
    });
    expect(await audit.list({ limit: 10 })).toEqual([
      {
        id: expect.any(String),
        actorId: "admin-1",
        action: COMMISSION_VOIDED_ACTION,
        data: {
          target: `commission:${commission.id}`,
          reason: "Agent booked through a second account",
          before: expect.stringContaining('"status":"pending"'),
          after: expect.stringContaining('"status":"voided"'),
        },
        at: w.clock.now(),
      },
    ]);
    expect(await agentEarnings(w.store, "agent-1")).toEqual({ total: 0, paid: 0, unpaid: 0, count: 0 });
  });

  it("refuses a second void, a paid commission and an unknown one, writing no audit row", async () => {
    const { w, audit, deps, commission } = await world();
    expect((await voidCommission(deps, { adminId: "admin-1", commissionId: commission.id, reason: "x" })).ok).toBe(true);
    expect(await voidCommission(deps, { adminId: "admin-2", commissionId: commission.id, reason: "again" })).toEqual({
      ok: false,
      error: { code: "commission.commission_already_voided" },
    });
    expect(await voidCommission(deps, { adminId: "admin-1", commissionId: "nope", reason: "x" })).toEqual({
      ok: false,
      error: { code: "commission.commission_not_found" },
    });
    expect(await audit.list({ limit: 10 })).toHaveLength(1);

    const other = await world();
    other.w.store.commissions.markAllPaid("agent-1", other.w.clock.now());
    expect(await voidCommission(other.deps, { adminId: "admin-1", commissionId: other.commission.id, reason: "x" })).toEqual({
      ok: false,
      error: { code: "commission.commission_already_paid" },
    });
    expect(await other.audit.list({ limit: 10 })).toHaveLength(0);
    void w;
  });

  it.each([
    ["an empty reason", "   ", { code: "commission.void_reason_required" }],
    ["a reason of 501 characters", "x".repeat(501), { code: "commission.void_reason_too_long", params: { max: 500 } }],
  ])("refuses %s", async (_, reason, error) => {
    const { deps, commission, w } = await world();
    expect(await voidCommission(deps, { adminId: "admin-1", commissionId: commission.id, reason })).toEqual({ ok: false, error });
    expect((await w.store.commissions.findById(commission.id))?.status).toBe("pending");
  });

  it("accepts a reason of exactly 500 characters", async () => {
    const { deps, commission } = await world();
    expect((await voidCommission(deps, { adminId: "admin-1", commissionId: commission.id, reason: "x".repeat(500) })).ok).toBe(true);
  });

  it("keeps the commission pending when the audit row cannot be written", async () => {
    const { deps, audit, commission, w } = await world();
    audit.record = async () => {
      throw new Error("disk full");
    };
    await expect(voidCommission(deps, { adminId: "admin-1", commissionId: commission.id, reason: "x" })).rejects.toThrow("disk full");
    expect((await w.store.commissions.findById(commission.id))?.status).toBe("pending");
  });

  it("still counts a voided commission as the period's one commission", async () => {
    const { w, deps, commission } = await world();
    await voidCommission(deps, { adminId: "admin-1", commissionId: commission.id, reason: "x" });
    w.store.properties.add({ id: "prop-2", agentId: "agent-1" });
    const b = await w.book({ propertyId: "prop-2", visitDate: "2026-12-03" });
    await w.store.bookings.confirmBooking(b.id, null, w.clock.now());
    w.clock.advance(DAY_MS);
    const r = await recordViewingOutcome(
      { uow: w.store, properties: w.store.properties, clock: w.clock, ids: w.ids },
      { bookingId: b.id, studentId: "student-1", outcome: "confirmed" },
    );
    expect(r).toEqual({ ok: true, value: { outcome: "confirmed", commission: null } });
  });
});
