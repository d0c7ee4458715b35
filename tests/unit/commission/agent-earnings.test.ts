import { describe, expect, it } from "vitest";
import { EARNINGS_PAGE_SIZE, getAgentEarnings } from "#domain/commission/agent-earnings.query";
import type { CommissionEarning } from "#domain/commission/commission.entity";
import { InMemoryAgentEarningsReader } from "#domain/commission/in-memory-agent-earnings-reader";
import { FixedClock } from "#domain/shared/clock";

const base = Date.parse("2026-11-01T10:00:00.000Z");
const row = (i: number, over: Partial<CommissionEarning> = {}): CommissionEarning => ({
  id: `c${String(i).padStart(2, "0")}`,
  agentId: "agent-1",
  propertyId: "prop-1",
  bookingId: `b${i}`,
  studentId: `student-${i}`,
  periodKey: `sub-${i}`,
  amount: 5000,
  type: "visitation",
  date: new Date(base + i * 3_600_000),
  status: "pending",
  paidDate: null,
  voidedAt: null,
  voidedBy: null,
  voidReason: null,
  ...over,
});

function deps(rows: CommissionEarning[]) {
  return {
    earnings: new InMemoryAgentEarningsReader({ rows: () => rows, titleOf: (id) => `Title of ${id}` }),
    clock: new FixedClock(new Date(base)),
  };
}

describe("getAgentEarnings", () => {
  it("earned is pending plus paid; voided is shown apart; other agents' rows are not counted", async () => {
    const rows = [
      row(1, { status: "paid", paidDate: new Date(base) }),
      row(2),
      row(3, { status: "voided", voidReason: "Self-dealing", voidedBy: "admin-1", voidedAt: new Date(base) }),
      row(4, { agentId: "agent-2" }),
    ];
    const r = await getAgentEarnings(deps(rows), "agent-1", 1);
    expect(r.totals).toEqual({ earned: 10000, paid: 5000, pending: 5000, voided: 5000, counts: { pending: 1, paid: 1, voided: 1 } });
    expect(r.items.map((i) => [i.id, i.status, i.voidReason, i.propertyTitle])).toEqual([
      ["c03", "voided", "Self-dealing", "Title of prop-1"],
      ["c02", "pending", null, "Title of prop-1"],
      ["c01", "paid", null, "Title of prop-1"],
    ]);
    expect(r.items[0]).not.toHaveProperty("studentId");
  });

  it("pages 10 at a time, newest first; a page past the end shows the last, a bad page the first", async () => {
    const rows = Array.from({ length: 23 }, (_, i) => row(i + 1));
    const first = await getAgentEarnings(deps(rows), "agent-1", 1);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 23 });
    expect(first.items).toHaveLength(EARNINGS_PAGE_SIZE);
    expect(first.items[0].id).toBe("c23");
    const last = await getAgentEarnings(deps(rows), "agent-1", 9);
    expect(last.page).toBe(3);
    expect(last.items.map((i) => i.id)).toEqual(["c03", "c02", "c01"]);
    expect((await getAgentEarnings(deps(rows), "agent-1", 0)).page).toBe(1);
    expect((await getAgentEarnings(deps(rows), "agent-1", Number.NaN)).page).toBe(1);
  });

  it("an agent with no commissions: zeros and an empty first page", async () => {
    const r = await getAgentEarnings(deps([]), "agent-1", 3);
    expect(r).toMatchObject({ page: 1, pageCount: 0, total: 0, items: [], totals: { earned: 0, paid: 0, pending: 0, voided: 0 } });
  });
});
