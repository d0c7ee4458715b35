// The agent earnings read model (issue 9) on the in-memory store, SQLite and PostgreSQL: totals per
// status equal the sums over the raw rows, one agent never sees another's, the list is newest
// first and paginated, carries the property's title and the void reason, and nothing about the student.
import { afterEach, beforeEach, expect, it } from "vitest";
import type { AgentEarningsReader } from "#domain/commission/agent-earnings-reader.port";
import type { CommissionEarning } from "#domain/commission/commission.entity";
import { InMemoryMoneyStore } from "#domain/payment/in-memory-money-unit-of-work";
import { KyselyAgentEarningsReader } from "#infrastructure/repositories/kysely-agent-earnings-reader";
import { describeEachDatabase } from "../../support/test-database";
import { at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

const earning = (id: string, minute: number, over: Partial<CommissionEarning> = {}): CommissionEarning => ({
  id,
  agentId: "agent-1",
  propertyId: "prop-1",
  bookingId: `booking-${id}`,
  studentId: "student-1",
  periodKey: `period-${id}`,
  amount: 5000,
  type: "visitation",
  date: at(minute),
  status: "pending",
  paidDate: null,
  voidedAt: null,
  voidedBy: null,
  voidReason: null,
  ...over,
});

describeEachDatabase(moneyKinds())("AgentEarningsReader on %s", (kind) => {
  let f: MoneyFixture;
  let reader: AgentEarningsReader;

  async function markPaid(id: string): Promise<void> {
    if (f.uow instanceof InMemoryMoneyStore) {
      const rows = f.uow.commissions.all().map((r) => (r.id === id ? { ...r, status: "paid" as const, paidDate: at(100) } : r));
      f.uow.commissions.restore(rows);
    } else {
      await f
        .db!.db.updateTable("commission_earnings")
        .set({ status: "paid", paid: 1, paid_date: at(100).toISOString() })
        .where("id", "=", id)
        .execute();
    }
  }

  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    await f.addProperty({ id: "prop-1", agentId: "agent-1", title: "Studio near UB gate" });
    await f.addProperty({ id: "prop-2", agentId: "agent-1", title: "Room in Bonduma" });
    await f.addProperty({ id: "prop-9", agentId: "agent-2", title: "Rival's flat" });
    reader = f.uow instanceof InMemoryMoneyStore ? f.uow.earnings : new KyselyAgentEarningsReader(f.db!.db);
  });
  afterEach(() => f.destroy());

  it("sums each status, only for the agent asked about", async () => {
    expect(await reader.totalsByStatus("agent-1")).toEqual([]);
    await f.repos.commissions.insertEarning(earning("c1", 1));
    await f.repos.commissions.insertEarning(earning("c2", 2, { propertyId: "prop-2", amount: 4000 }));
    await f.repos.commissions.insertEarning(earning("c3", 3));
    await f.repos.commissions.insertEarning(earning("c4", 4, { propertyId: "prop-2" }));
    await f.repos.commissions.insertEarning(earning("c9", 5, { agentId: "agent-2", propertyId: "prop-9", amount: 7000 }));
    await markPaid("c1");
    await markPaid("c2");
    expect(await f.repos.commissions.voidEarning("c3", { reason: "Self-dealing: own listing", by: "admin-1", at: at(50) })).toBe(true);
    const sorted = (await reader.totalsByStatus("agent-1")).sort((a, b) => a.status.localeCompare(b.status));
    expect(sorted).toEqual([
      { status: "paid", amount: 9000, count: 2 },
      { status: "pending", amount: 5000, count: 1 },
      { status: "voided", amount: 5000, count: 1 },
    ]);
    expect(await reader.totalsByStatus("agent-2")).toEqual([{ status: "pending", amount: 7000, count: 1 }]);
  });

  it("lists newest first with the property's title and the void reason, 'limit' rows from 'offset', never the student", async () => {
    for (let i = 1; i <= 12; i++)
      await f.repos.commissions.insertEarning(earning(`c${String(i).padStart(2, "0")}`, i, { propertyId: i % 2 ? "prop-1" : "prop-2" }));
    // Same instant: the id breaks the tie, so pages never overlap.
    await f.repos.commissions.insertEarning(earning("c13", 12));
    await f.repos.commissions.insertEarning(earning("c99", 20, { agentId: "agent-2", propertyId: "prop-9" }));
    await f.repos.commissions.voidEarning("c11", { reason: "Viewing never happened", by: "admin-1", at: at(60) });
    await markPaid("c01");

    const first = await reader.listEarnings("agent-1", { offset: 0, limit: 10 });
    expect(first.total).toBe(13);
    expect(first.items.map((i) => i.id)).toEqual(["c13", "c12", "c11", "c10", "c09", "c08", "c07", "c06", "c05", "c04"]);
    expect(first.items[2]).toEqual({
      id: "c11",
      date: at(11),
      propertyId: "prop-1",
      propertyTitle: "Studio near UB gate",
      amount: 5000,
      status: "voided",
      voidReason: "Viewing never happened",
    });
    expect(first.items[1]).toEqual({
      id: "c12",
      date: at(12),
      propertyId: "prop-2",
      propertyTitle: "Room in Bonduma",
      amount: 5000,
      status: "pending",
      voidReason: null,
    });
    for (const item of first.items)
      expect(Object.keys(item).sort()).toEqual(["amount", "date", "id", "propertyId", "propertyTitle", "status", "voidReason"]);

    const second = await reader.listEarnings("agent-1", { offset: 10, limit: 10 });
    expect(second.items.map((i) => [i.id, i.status])).toEqual([
      ["c03", "pending"],
      ["c02", "pending"],
      ["c01", "paid"],
    ]);
    expect(await reader.listEarnings("agent-2", { offset: 0, limit: 10 })).toMatchObject({
      total: 1,
      items: [{ id: "c99", propertyTitle: "Rival's flat" }],
    });
    expect(await reader.listEarnings("agent-3", { offset: 0, limit: 10 })).toEqual({ total: 0, items: [] });
  });
});
