// The payout run's rules (issue 34, decision 0212): the cut-off, nothing twice (not across runs,
// not after a lost answer), failure returns the earnings to pending, a balance too low stops it.
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryDisbursements } from "#domain/payout/in-memory-disbursements";
import { InMemoryPayoutStore, inMemoryPayoutUnitOfWork } from "#domain/payout/in-memory-payout-store";
import { reconcilePayouts, runPayouts, type PayoutDeps } from "#domain/payout/run-payouts.use-case";
import { SEND_CLAIM_STALE_MS } from "#domain/payout/payout.entity";
import { FixedClock } from "#domain/shared/clock";
import { InMemoryMailer } from "#domain/shared/mailer.port";
import { SequentialIds } from "#domain/shared/ids";
import type { PayoutEmails } from "#domain/payout/payout-emails.port";

const T0 = new Date("2026-11-30T08:00:00.000Z");
const minutes = (m: number) => new Date(T0.getTime() + m * 60_000);

const emails: PayoutEmails = {
  numberChanged: () => ({ subject: "changed", text: "" }),
  paid: ({ amount, reference }) => ({ subject: `paid ${amount} ${reference}`, text: "" }),
  failed: ({ reason }) => ({ subject: `failed ${reason}`, text: "" }),
};

describe("runPayouts", () => {
  let store: InMemoryPayoutStore;
  let gateway: InMemoryDisbursements;
  let clock: FixedClock;
  let mailer: InMemoryMailer;
  let deps: PayoutDeps;

  beforeEach(() => {
    store = new InMemoryPayoutStore();
    gateway = new InMemoryDisbursements();
    clock = new FixedClock(minutes(60));
    mailer = new InMemoryMailer();
    deps = {
      uow: inMemoryPayoutUnitOfWork(store),
      gateway,
      clock,
      ids: new SequentialIds("po"),
      notify: { mailer, emails, appUrl: "http://app", formatAmount: (n) => `${n} FCFA` },
    };
    store.contacts.set("agent-1", { name: "Ada", email: "ada@example.com", language: "en" });
    store.contacts.set("agent-2", { name: "Bea", email: "bea@example.com", language: "fr" });
    void store.saveNumber({ agentId: "agent-1", phone: "670000000", medium: "mtn_momo", updatedAt: T0 });
    void store.saveNumber({ agentId: "agent-2", phone: "690000001", medium: "orange_money", updatedAt: T0 });
    store.addEarning({ id: "e1", agentId: "agent-1", amount: 5000, date: minutes(1), status: "pending" });
    store.addEarning({ id: "e2", agentId: "agent-1", amount: 5000, date: minutes(2), status: "pending" });
    store.addEarning({ id: "e3", agentId: "agent-1", amount: 5000, date: minutes(40), status: "pending" });
    store.addEarning({ id: "e4", agentId: "agent-2", amount: 5000, date: minutes(3), status: "pending" });
    store.addEarning({ id: "v1", agentId: "agent-1", amount: 5000, date: minutes(1), status: "voided" });
  });

  it("sends one payout per agent for their pending earnings up to the cut-off, recorded pending with our reference", async () => {
    const result = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.payouts.map((p) => [p.agentId, p.amount, p.earningCount, p.status])).toEqual([
      ["agent-1", 10000, 2, "pending"],
      ["agent-2", 5000, 1, "pending"],
    ]);
    expect(gateway.sent.map((s) => [s.reference, s.amount, s.phone, s.medium])).toEqual(
      result.value.payouts.map((p) => [p.id, p.amount, p.phone, p.medium]),
    );
    // Earned after the cut-off: left for the next run.
    expect(store.earning("e3")?.payoutId).toBeNull();
    // Nothing is paid before the provider says so.
    expect(store.earning("e1")?.status).toBe("pending");
    expect(store.state.audit.map((a) => a.action)).toEqual(["payout.created", "payout.created"]);
  });

  it("a cut-off in the future is clamped to now", async () => {
    store.addEarning({ id: "late", agentId: "agent-1", amount: 5000, date: minutes(90), status: "pending" });
    const result = await runPayouts(deps, { actorId: null, cutOff: minutes(500) });
    expect(result.ok && result.value.payouts[0].earningCount).toBe(3);
    expect(store.earning("late")?.payoutId).toBeNull();
  });

  it("marks the earnings paid only when the provider says SUCCESSFUL, with its reference, and tells the agent", async () => {
    const result = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    if (!result.ok) throw new Error("run refused");
    const [p1] = result.value.payouts;
    await reconcilePayouts(deps, null);
    expect(store.earning("e1")?.status).toBe("pending");
    gateway.settle(p1.id, "successful");
    const report = await reconcilePayouts(deps, null);
    expect(report.outcomes[p1.id]).toBe("successful");
    expect(store.earning("e1")).toMatchObject({ status: "paid", payoutReference: p1.transId });
    expect(store.earning("e2")?.status).toBe("paid");
    expect((await store.findById(p1.id))?.status).toBe("successful");
    expect(mailer.lastTo("ada@example.com")?.subject).toBe(`paid 10000 FCFA ${p1.transId}`);
    // A second check changes nothing and writes nothing.
    const audits = store.state.audit.length;
    await reconcilePayouts(deps, null);
    expect(store.state.audit.length).toBe(audits);
  });

  it("a FAILED payout puts the earnings back to pending with the reason, and the next run pays them", async () => {
    const first = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    if (!first.ok) throw new Error("run refused");
    const p2 = first.value.payouts.find((p) => p.agentId === "agent-2")!;
    gateway.settle(p2.id, "failed", "Receiver account not found");
    await reconcilePayouts(deps, null);
    expect(await store.findById(p2.id)).toMatchObject({ status: "failed", reason: "Receiver account not found" });
    expect(store.earning("e4")).toMatchObject({ status: "pending", payoutId: null });
    expect(store.state.audit.at(-1)).toMatchObject({ action: "payout.failed" });
    expect(mailer.lastTo("bea@example.com")?.subject).toBe("failed Receiver account not found");
    const second = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    expect(second.ok && second.value.payouts.map((p) => [p.agentId, p.amount])).toEqual([["agent-2", 5000]]);
  });

  it("a request the provider refuses (4xx) sent nothing: the earnings go back at once", async () => {
    gateway.nextSend = "reject";
    const result = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    if (!result.ok) throw new Error("run refused");
    expect(result.value.payouts[0]).toMatchObject({ status: "failed", reason: "invalid phone number" });
    expect(store.earning("e1")?.payoutId).toBeNull();
  });

  it("never pays an earning twice: a second run finds nothing due", async () => {
    await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    const again = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    expect(again).toEqual({ ok: false, error: { code: "payouts.nothing_due" } });
    expect(gateway.sent).toHaveLength(2);
  });

  it("two runs at once send each agent's earnings once", async () => {
    const [a, b] = await Promise.all([
      runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) }),
      runPayouts(deps, { actorId: "admin-2", cutOff: minutes(30) }),
    ]);
    const made = [a, b].flatMap((r) => (r.ok ? r.value.payouts : []));
    expect(made.map((p) => p.agentId).sort()).toEqual(["agent-1", "agent-2"]);
    expect(gateway.sent).toHaveLength(2);
  });

  it("a send whose answer was lost is found by our reference, never sent again", async () => {
    gateway.nextSend = "timeout_after";
    const result = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    if (!result.ok) throw new Error("run refused");
    const lost = result.value.payouts[0];
    expect(lost).toMatchObject({ status: "pending", transId: null });
    // While the claim is fresh nobody touches it.
    expect((await reconcilePayouts(deps, null)).outcomes[lost.id]).toBe("sending");
    clock.advance(SEND_CLAIM_STALE_MS);
    await reconcilePayouts(deps, null);
    expect(gateway.sent.filter((s) => s.reference === lost.id)).toHaveLength(1);
    expect((await store.findById(lost.id))?.transId).toBe(gateway.sent[0].transId);
    expect((await store.events(lost.id)).map((e) => e.type)).toEqual(["created", "send_unconfirmed", "found_by_reference"]);
  });

  it("a send that never reached the provider is sent again with the same reference once its claim is stale", async () => {
    gateway.nextSend = "timeout_before";
    const result = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    if (!result.ok) throw new Error("run refused");
    const lost = result.value.payouts[0];
    clock.advance(SEND_CLAIM_STALE_MS);
    await reconcilePayouts(deps, null);
    expect(gateway.sent.filter((s) => s.reference === lost.id)).toHaveLength(1);
    expect((await store.findById(lost.id))?.transId).not.toBeNull();
  });

  it("stops with a clear message when the balance does not cover the run, claiming nothing", async () => {
    gateway.available = 14_999;
    const result = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    expect(result).toEqual({ ok: false, error: { code: "payouts.balance_too_low", params: { balance: 14_999, needed: 15_000 } } });
    expect(gateway.sent).toHaveLength(0);
    expect(store.state.payouts).toHaveLength(0);
    expect(store.earning("e1")?.payoutId).toBeNull();
  });

  it("leaves out agents without a payout number", async () => {
    store.state.numbers = store.state.numbers.filter((n) => n.agentId !== "agent-2");
    const result = await runPayouts(deps, { actorId: "admin-1", cutOff: minutes(30) });
    expect(result.ok && result.value.payouts.map((p) => p.agentId)).toEqual(["agent-1"]);
    expect(store.earning("e4")?.payoutId).toBeNull();
  });
});

describe("the manual mark-paid path beside provider payouts", () => {
  it("neither lists nor pays an earning a provider payout has claimed", async () => {
    const { InMemoryCommissionRepository } = await import("#domain/commission/in-memory-commission-repository");
    const repo = new InMemoryCommissionRepository({ noShowPropertyIds: () => [], agentOf: () => undefined });
    const base = {
      agentId: "agent-1",
      propertyId: "p",
      studentId: null,
      periodKey: null,
      amount: 5000,
      type: "visitation" as const,
      date: minutes(1),
      status: "pending" as const,
      paidDate: null,
      voidedAt: null,
      voidedBy: null,
      voidReason: null,
    };
    await repo.insertEarning({ ...base, id: "claimed", bookingId: "b1", payoutId: "po-1" });
    await repo.insertEarning({ ...base, id: "free", bookingId: "b2" });
    expect((await repo.pendingUpTo("agent-1", minutes(5))).map((e) => e.id)).toEqual(["free"]);
    expect(await repo.markPaid("claimed", { paidDate: minutes(5), reference: "MANUAL" })).toBe(false);
    expect(await repo.markPaid("free", { paidDate: minutes(5), reference: "MANUAL" })).toBe(true);
  });
});
