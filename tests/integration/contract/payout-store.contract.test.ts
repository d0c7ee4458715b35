// The payout store (issue 34, decision 0212) on the in-memory store, SQLite and PostgreSQL: the
// payout number, what is due, claims that never take an earning twice, settlements that pay or
// release what was claimed (once), the send claim, the lists and the timeline. Then, on the two
// databases, two payout runs started at once pay each earning once.
import { afterEach, beforeEach, expect, it } from "vitest";
import type { CommissionEarning } from "#domain/commission/commission.entity";
import { InMemoryDisbursements } from "#domain/payout/in-memory-disbursements";
import { InMemoryPayoutStore } from "#domain/payout/in-memory-payout-store";
import type { Payout } from "#domain/payout/payout.entity";
import type { PayoutStore } from "#domain/payout/payout-store.port";
import { runPayouts } from "#domain/payout/run-payouts.use-case";
import { FixedClock } from "#domain/shared/clock";
import { cryptoIds } from "#infrastructure/payments/crypto-reference-generator";
import { KyselyPayoutStore, kyselyPayoutUnitOfWork } from "#infrastructure/repositories/kysely-payout-store";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

const earning = (id: string, agentId: string, minute: number): CommissionEarning => ({
  id,
  agentId,
  propertyId: agentId === "agent-1" ? "prop-1" : "prop-2",
  bookingId: `booking-${id}`,
  studentId: `student-${id}`,
  periodKey: `period-${id}`,
  amount: 5000,
  type: "visitation",
  date: at(minute),
  status: "pending",
  paidDate: null,
  voidedAt: null,
  voidedBy: null,
  voidReason: null,
});

const payout = (id: string, over: Partial<Payout> = {}): Payout => ({
  id,
  agentId: "agent-1",
  amount: 10000,
  phone: "670000000",
  medium: "mtn_momo",
  status: "pending",
  transId: null,
  reason: null,
  cutOff: at(30),
  earningCount: 2,
  sendClaimedAt: at(31),
  createdBy: "admin-1",
  createdAt: at(31),
  updatedAt: at(31),
  ...over,
});

describeEachDatabase(moneyKinds())("PayoutStore on %s", (kind) => {
  let f: MoneyFixture | null = null;
  let store: PayoutStore;
  let memory: InMemoryPayoutStore | null = null;

  async function addEarning(e: CommissionEarning) {
    if (memory) memory.addEarning(e);
    else await f!.repos.commissions.insertEarning(e);
  }
  async function earningState(id: string) {
    if (memory) {
      const e = memory.earning(id)!;
      return { status: e.status, payoutId: e.payoutId, payoutReference: e.payoutReference };
    }
    const e = (await f!.repos.commissions.findById(id))!;
    return { status: e.status, payoutId: e.payoutId ?? null, payoutReference: e.payoutReference ?? null };
  }

  beforeEach(async () => {
    if (kind === "memory") {
      memory = new InMemoryPayoutStore();
      store = memory;
      memory.contacts.set("agent-1", { name: "User agent-1", email: "agent-1@example.cm", language: "en" });
    } else {
      memory = null;
      f = await createMoneyFixture(kind);
      await f.addProperty({ id: "prop-1", agentId: "agent-1" });
      await f.addProperty({ id: "prop-2", agentId: "agent-2" });
      store = new KyselyPayoutStore(f.db!.db);
    }
    for (const [id, agent, minute] of [
      ["e1", "agent-1", 1],
      ["e2", "agent-1", 2],
      ["e3", "agent-1", 40],
      ["e4", "agent-2", 3],
    ] as const)
      await addEarning(earning(id, agent, minute));
  });
  afterEach(async () => {
    await f?.destroy();
    f = null;
  });

  it("saves, replaces and reads the payout number; reads the payee's contact", async () => {
    expect(await store.findNumber("agent-1")).toBeNull();
    await store.saveNumber({ agentId: "agent-1", phone: "670000000", medium: "mtn_momo", updatedAt: at(1) });
    await store.saveNumber({ agentId: "agent-1", phone: "690000000", medium: "orange_money", updatedAt: at(2) });
    expect(await store.findNumber("agent-1")).toEqual({ agentId: "agent-1", phone: "690000000", medium: "orange_money", updatedAt: at(2) });
    expect(await store.contact("agent-1")).toEqual({ name: "User agent-1", email: "agent-1@example.cm", language: "en" });
  });

  it("sums what is due per agent with a number, up to the cut-off, leaving claimed earnings out", async () => {
    expect(await store.dueUpTo(at(30))).toEqual([]);
    await store.saveNumber({ agentId: "agent-1", phone: "670000000", medium: "mtn_momo", updatedAt: at(1) });
    expect(await store.dueUpTo(at(30))).toEqual([{ agentId: "agent-1", phone: "670000000", amount: 10000, count: 2 }]);
    expect(await store.dueUpTo(at(40))).toEqual([{ agentId: "agent-1", phone: "670000000", amount: 15000, count: 3 }]);
    await store.insert(payout("po-1"));
    expect(await store.claimEarnings("agent-1", at(30), "po-1")).toEqual([
      { id: "e1", amount: 5000 },
      { id: "e2", amount: 5000 },
    ]);
    expect(await store.dueUpTo(at(40))).toEqual([{ agentId: "agent-1", phone: "670000000", amount: 5000, count: 1 }]);
    // Claimed once: a second claim takes nothing of them.
    expect(await store.claimEarnings("agent-1", at(30), "po-2")).toEqual([]);
    expect(await earningState("e1")).toEqual({ status: "pending", payoutId: "po-1", payoutReference: null });
    if (f) {
      // The manual "mark paid" (decision 0129) leaves what a provider payout is paying alone.
      expect((await f.repos.commissions.pendingUpTo("agent-1", at(40))).map((e) => e.id)).toEqual(["e3"]);
      expect(await f.repos.commissions.markPaid("e1", { paidDate: at(50), reference: "MANUAL-1" })).toBe(false);
      // Nor can it be voided while the payout is in flight: the money may already be on its way.
      expect(await f.repos.commissions.voidEarning("e1", { reason: "late", by: "admin-1", at: at(50) })).toBe(false);
      expect(await earningState("e1")).toEqual({ status: "pending", payoutId: "po-1", payoutReference: null });
    }
  });

  it("a success pays what the payout claimed with the provider's reference, once", async () => {
    await store.insert(payout("po-1"));
    await store.claimEarnings("agent-1", at(30), "po-1");
    await store.recordTransId("po-1", "TX1234567", at(32));
    expect(await store.markSucceeded("po-1", at(33))).toBe(true);
    expect(await store.markSucceeded("po-1", at(34))).toBe(false);
    expect(await store.markFailed("po-1", "late", at(34))).toBe(false);
    expect(await store.findById("po-1")).toEqual(
      payout("po-1", { status: "successful", transId: "TX1234567", sendClaimedAt: null, updatedAt: at(33) }),
    );
    expect(await earningState("e1")).toEqual({ status: "paid", payoutId: "po-1", payoutReference: "TX1234567" });
    expect(await earningState("e3")).toEqual({ status: "pending", payoutId: null, payoutReference: null });
  });

  it("a failure gives the claimed earnings back to the pending pool, once", async () => {
    await store.insert(payout("po-1"));
    await store.claimEarnings("agent-1", at(30), "po-1");
    expect(await store.markFailed("po-1", "Receiver account not found", at(33))).toBe(true);
    expect(await store.markSucceeded("po-1", at(34))).toBe(false);
    expect(await store.findById("po-1")).toMatchObject({ status: "failed", reason: "Receiver account not found" });
    expect(await earningState("e1")).toEqual({ status: "pending", payoutId: null, payoutReference: null });
    expect(await store.claimEarnings("agent-1", at(30), "po-2")).toHaveLength(2);
  });

  it("gives the send claim to one taker, and again only once it is stale or while there is no transaction", async () => {
    await store.insert(payout("po-1", { sendClaimedAt: at(31) }));
    expect(await store.claimSend("po-1", at(32), at(30))).toBe(false);
    expect(await store.claimSend("po-1", at(33), at(31))).toBe(true);
    expect(await store.claimSend("po-1", at(33), at(32))).toBe(false);
    await store.recordTransId("po-1", "TX1", at(34));
    expect(await store.claimSend("po-1", at(90), at(89))).toBe(false);
    expect((await store.findById("po-1"))?.sendClaimedAt).toBeNull();
  });

  it("finds a payout by the provider's transaction id once recorded (the payout webhook)", async () => {
    await store.insert(payout("po-1"));
    expect(await store.findByTransId("TX12345")).toBeNull();
    await store.recordTransId("po-1", "TX12345", at(32));
    expect((await store.findByTransId("TX12345"))?.id).toBe("po-1");
    expect(await store.findByTransId("TX99999")).toBeNull();
  });

  it("lists pending payouts oldest first, an agent's and the recent ones newest first, and keeps the timeline", async () => {
    await store.insert(payout("po-1", { createdAt: at(1) }));
    await store.insert(payout("po-2", { createdAt: at(2), status: "failed" }));
    await store.insert(payout("po-3", { createdAt: at(3), agentId: "agent-2" }));
    expect((await store.listOpen()).map((p) => p.id)).toEqual(["po-1", "po-3"]);
    expect((await store.listByAgent("agent-1", 10)).map((p) => p.id)).toEqual(["po-2", "po-1"]);
    expect((await store.listRecent({ limit: 2 })).map((p) => p.id)).toEqual(["po-3", "po-2"]);
    expect((await store.listRecent({ limit: 10, status: "failed" })).map((p) => p.id)).toEqual(["po-2"]);
    // The admin's filters (decision 0225): by agent, from (inclusive) and to (exclusive), together.
    expect((await store.listRecent({ limit: 10, agentId: "agent-1" })).map((p) => p.id)).toEqual(["po-2", "po-1"]);
    expect((await store.listRecent({ limit: 10, from: at(2), to: at(3) })).map((p) => p.id)).toEqual(["po-2"]);
    expect((await store.listRecent({ limit: 10, agentId: "agent-1", status: "pending", from: at(1) })).map((p) => p.id)).toEqual(["po-1"]);
    expect(await store.listRecent({ limit: 10, agentId: "agent-2", to: at(3) })).toEqual([]);
    expect(await store.listPayees()).toEqual(["agent-1", "agent-2"]);
    await store.addEvent({ id: "ev-1", payoutId: "po-1", type: "created", data: { amount: 10000 }, at: at(1) });
    await store.addEvent({ id: "ev-2", payoutId: "po-1", type: "sent", data: { transId: "TX1" }, at: at(2) });
    expect(await store.events("po-1")).toEqual([
      { id: "ev-1", payoutId: "po-1", type: "created", data: { amount: 10000 }, at: at(1) },
      { id: "ev-2", payoutId: "po-1", type: "sent", data: { transId: "TX1" }, at: at(2) },
    ]);
    // Written within one millisecond (the run records, then sends at once), ids sorting the other
    // way: the timeline still reads created, then sent, then the outcome.
    await store.addEvent({ id: "z-created", payoutId: "po-3", type: "created", data: {}, at: at(3) });
    await store.addEvent({ id: "m-sent", payoutId: "po-3", type: "sent", data: {}, at: at(3) });
    await store.addEvent({ id: "a-succeeded", payoutId: "po-3", type: "succeeded", data: {}, at: at(3) });
    expect((await store.events("po-3")).map((e) => e.type)).toEqual(["created", "sent", "succeeded"]);
  });
});

describeEachDatabase(allDatabaseKinds())("Payout runs started at once on %s", (kind) => {
  let f: MoneyFixture;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
  });
  afterEach(() => f.destroy());

  it("pay each earning once", async () => {
    const db = f.db!.db;
    const store = new KyselyPayoutStore(db);
    for (let a = 1; a <= 4; a++) {
      await f.addProperty({ id: `prop-${a}`, agentId: `agent-${a}` });
      await store.saveNumber({ agentId: `agent-${a}`, phone: `67000000${a}`, medium: "mtn_momo", updatedAt: at(0) });
      for (let i = 1; i <= 3; i++)
        await f.repos.commissions.insertEarning({ ...earning(`e${a}${i}`, `agent-${a}`, i), propertyId: `prop-${a}` });
    }
    const gateway = new InMemoryDisbursements();
    const deps = { uow: kyselyPayoutUnitOfWork(db), gateway, clock: new FixedClock(at(60)), ids: cryptoIds };
    const runs = await Promise.all([1, 2, 3].map(() => runPayouts(deps, { actorId: null, cutOff: at(30) })));
    const payouts = runs.flatMap((r) => (r.ok ? r.value.payouts : []));
    expect(payouts.map((p) => p.agentId).sort()).toEqual(["agent-1", "agent-2", "agent-3", "agent-4"]);
    expect(payouts.every((p) => p.amount === 15000)).toBe(true);
    expect(gateway.sent).toHaveLength(4);
    const claimed = await db.selectFrom("commission_earnings").select(["id", "payout_id"]).execute();
    expect(claimed).toHaveLength(12);
    for (const row of claimed) expect(payouts.map((p) => p.id)).toContain(row.payout_id);
    expect(await db.selectFrom("payouts").select("id").execute()).toHaveLength(4);
  });
});
