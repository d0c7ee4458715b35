// The weekly payout run, per agent (decision 0129): one agent's pending earnings up to the reviewed
// moment are marked paid with that agent's transfer reference; other agents' wait for their own
// transfer; a later, voided or paid earning is left alone; every change has its audit row; bad
// input changes nothing.
import { describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import type { CommissionEarning } from "#domain/commission/commission.entity";
import { InMemoryCommissionRepository } from "#domain/commission/in-memory-commission-repository";
import { PAYOUT_MARKED_PAID_ACTION, payOutCommissions, type PayOutCommissionsDeps } from "#domain/commission/pay-out-commissions.use-case";
import { FixedClock, HOUR_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";

// Wednesday 18 Nov 2026, 10:00 UTC (11:00 in Buea).
const NOW = new Date("2026-11-18T10:00:00.000Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * HOUR_MS);

const earning = (id: string, agentId: string, date: Date): CommissionEarning => ({
  id,
  agentId,
  propertyId: `prop-${agentId}`,
  bookingId: `b-${id}`,
  studentId: null,
  periodKey: null,
  amount: 5000,
  type: "visitation",
  date,
  status: "pending",
  paidDate: null,
  voidedAt: null,
  voidedBy: null,
  voidReason: null,
  payoutReference: null,
});

async function world() {
  const commissions = new InMemoryCommissionRepository({ noShowPropertyIds: () => [], agentOf: () => undefined });
  const audit = new InMemoryAuditLog();
  const clock = new FixedClock(NOW);
  const deps: PayOutCommissionsDeps = {
    uow: {
      run: async (work) => {
        const saved = { c: commissions.snapshot(), a: audit.snapshot() };
        try {
          return await work({ commissions, audit });
        } catch (e) {
          commissions.restore(saved.c);
          audit.restore(saved.a);
          throw e;
        }
      },
    },
    clock,
    ids: new SequentialIds("audit"),
  };
  for (const e of [
    earning("a-1", "agent-a", hoursAgo(30)),
    earning("a-2", "agent-a", hoursAgo(20)),
    earning("a-3", "agent-a", hoursAgo(10)),
    earning("b-1", "agent-b", hoursAgo(25)),
  ]) {
    await commissions.insertEarning(e);
  }
  return { commissions, audit, clock, deps };
}

const statuses = async (c: InMemoryCommissionRepository) => Object.fromEntries(c.snapshot().map((e) => [e.id, e.status]));

describe("payOutCommissions (per agent)", () => {
  it("pays one agent's pending earnings up to the reviewed moment with that agent's reference; another agent's and later ones wait", async () => {
    const { commissions, audit, deps } = await world();
    const r = await payOutCommissions(deps, {
      adminId: "admin-1",
      agentId: "agent-a",
      asOf: hoursAgo(15),
      paidOn: "2026-11-18",
      reference: " MOMO-A1 ",
    });
    expect(r).toEqual({ ok: true, value: { agentId: "agent-a", count: 2, amount: 10000, reference: "MOMO-A1" } });
    expect(await statuses(commissions)).toEqual({ "a-1": "paid", "a-2": "paid", "a-3": "pending", "b-1": "pending" });
    // 18 Nov in Buea begins 17 Nov 23:00 UTC.
    expect(await commissions.findById("a-1")).toMatchObject({ paidDate: new Date("2026-11-17T23:00:00.000Z"), payoutReference: "MOMO-A1" });
    const rows = await audit.list({ limit: 10 });
    expect(rows.map((a) => [a.action, a.actorId, a.data.target]).sort()).toEqual([
      [PAYOUT_MARKED_PAID_ACTION, "admin-1", "commission:a-1"],
      [PAYOUT_MARKED_PAID_ACTION, "admin-1", "commission:a-2"],
    ]);
    expect(JSON.parse(String(rows[0]?.data.before))).toMatchObject({ status: "pending", payoutReference: null });
    expect(JSON.parse(String(rows[0]?.data.after))).toMatchObject({ status: "paid", payoutReference: "MOMO-A1" });

    const b = await payOutCommissions(deps, {
      adminId: "admin-1",
      agentId: "agent-b",
      asOf: NOW,
      paidOn: "2026-11-18",
      reference: "MOMO-B1",
    });
    expect(b).toEqual({ ok: true, value: { agentId: "agent-b", count: 1, amount: 5000, reference: "MOMO-B1" } });
    expect(await commissions.findById("b-1")).toMatchObject({ status: "paid", payoutReference: "MOMO-B1" });
    expect(await commissions.findById("a-3")).toMatchObject({ status: "pending", payoutReference: null });
  });

  it("skips an earning voided before the run and answers nothing_pending when the agent has nothing left", async () => {
    const { commissions, audit, deps } = await world();
    await commissions.voidEarning("b-1", { reason: "duplicate", by: "admin-1", at: hoursAgo(1) });
    expect(
      await payOutCommissions(deps, { adminId: "admin-1", agentId: "agent-b", asOf: NOW, paidOn: "2026-11-18", reference: "R" }),
    ).toEqual({
      ok: false,
      error: { code: "commission.payout_nothing_pending" },
    });
    expect(
      await payOutCommissions(deps, { adminId: "admin-1", agentId: "nobody", asOf: NOW, paidOn: "2026-11-18", reference: "R" }),
    ).toMatchObject({ ok: false });
    expect(await audit.count({})).toBe(0);
    expect(await statuses(commissions)).toEqual({ "a-1": "pending", "a-2": "pending", "a-3": "pending", "b-1": "voided" });
  });

  it("clamps a future asOf to now, and refuses a future date, a missing or long reference, writing nothing", async () => {
    const { commissions, audit, deps } = await world();
    await commissions.insertEarning(earning("a-4", "agent-a", new Date(NOW.getTime() + HOUR_MS)));
    const base = { adminId: "admin-1", agentId: "agent-a", asOf: NOW, paidOn: "2026-11-18", reference: "R" };
    expect(await payOutCommissions(deps, { ...base, paidOn: "2026-11-19" })).toEqual({
      ok: false,
      error: { code: "commission.payout_date_invalid" },
    });
    expect(await payOutCommissions(deps, { ...base, paidOn: "2026-02-30" })).toEqual({
      ok: false,
      error: { code: "commission.payout_date_invalid" },
    });
    expect(await payOutCommissions(deps, { ...base, reference: "   " })).toEqual({
      ok: false,
      error: { code: "commission.payout_reference_required" },
    });
    expect(await payOutCommissions(deps, { ...base, reference: "x".repeat(101) })).toMatchObject({
      ok: false,
      error: { code: "commission.payout_reference_too_long" },
    });
    expect(await audit.count({})).toBe(0);
    const r = await payOutCommissions(deps, { ...base, asOf: new Date(NOW.getTime() + 2 * HOUR_MS) });
    expect(r).toMatchObject({ ok: true, value: { count: 3 } });
    expect(await commissions.findById("a-4")).toMatchObject({ status: "pending" });
  });
});
