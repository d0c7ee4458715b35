// The weekly run by itself (decision 0223) and the payout webhook (decision 0224).
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryDisbursements } from "#domain/payout/in-memory-disbursements";
import { InMemoryPayoutStore, inMemoryPayoutUnitOfWork } from "#domain/payout/in-memory-payout-store";
import { handlePayoutWebhook, runPayouts, type PayoutDeps } from "#domain/payout/run-payouts.use-case";
import {
  armScheduledPayouts,
  runScheduledPayouts,
  SCHEDULED_PAYOUT_JOB,
  SCHEDULED_RUN_ACTION,
  type PeriodClaims,
} from "#domain/payout/run-scheduled-payouts.use-case";
import { DEFAULT_PAYOUT_SCHEDULE } from "#domain/payout/payout-schedule";
import { FixedClock } from "#domain/shared/clock";
import { InMemoryMailer } from "#domain/shared/mailer.port";
import { SequentialIds } from "#domain/shared/ids";

// Monday 30 November 2026, 00:00 in Buea.
const PERIOD = new Date("2026-11-29T23:00:00.000Z");
const at = (minutesFromPeriod: number) => new Date(PERIOD.getTime() + minutesFromPeriod * 60_000);

/** The lease row: the start of the last period claimed, per job. */
class MemoryPeriods implements PeriodClaims {
  readonly last = new Map<string, number>();
  async armPeriod(job: string, periodStart: Date): Promise<void> {
    if (!this.last.has(job)) this.last.set(job, periodStart.getTime());
  }
  async claimPeriod(job: string, periodStart: Date): Promise<boolean> {
    if ((this.last.get(job) ?? 0) >= periodStart.getTime()) return false;
    this.last.set(job, periodStart.getTime());
    return true;
  }
}

let store: InMemoryPayoutStore;
let gateway: InMemoryDisbursements;
let clock: FixedClock;
let mailer: InMemoryMailer;
let deps: PayoutDeps;

beforeEach(() => {
  store = new InMemoryPayoutStore();
  gateway = new InMemoryDisbursements();
  clock = new FixedClock(at(5));
  mailer = new InMemoryMailer();
  deps = {
    uow: inMemoryPayoutUnitOfWork(store),
    gateway,
    clock,
    ids: new SequentialIds("po"),
    notify: {
      mailer,
      emails: {
        numberChanged: () => ({ subject: "changed", text: "" }),
        paid: ({ reference }) => ({ subject: `paid ${reference}`, text: "" }),
        failed: ({ reason }) => ({ subject: `failed ${reason}`, text: "" }),
      },
      appUrl: "http://app",
      formatAmount: (n) => `${n} FCFA`,
    },
  };
  store.contacts.set("agent-1", { name: "Ada", email: "ada@example.com", language: "en" });
  void store.saveNumber({ agentId: "agent-1", phone: "670000000", medium: "mtn_momo", updatedAt: at(-9999) });
  store.addEarning({ id: "before", agentId: "agent-1", amount: 5000, date: at(-60), status: "pending" });
  store.addEarning({ id: "boundary", agentId: "agent-1", amount: 5000, date: at(0), status: "pending" });
  // Confirmed after the period began, before the job woke up: the next period's.
  store.addEarning({ id: "after", agentId: "agent-1", amount: 5000, date: at(1), status: "pending" });
});

describe("runScheduledPayouts", () => {
  it("runs once per period with the period's start as the cut-off, whoever wakes up later", async () => {
    const periods = new MemoryPeriods();
    const first = await runScheduledPayouts({ ...deps, periods, schedule: DEFAULT_PAYOUT_SCHEDULE });
    expect(first.kind).toBe("ran");
    expect(first.period.toISOString()).toBe(PERIOD.toISOString());
    expect(gateway.sent.map((s) => s.amount)).toEqual([10000]);
    expect(store.earning("after")?.payoutId).toBeNull();
    const payout = store.state.payouts[0];
    expect(payout.cutOff.toISOString()).toBe(PERIOD.toISOString());
    expect(payout.createdBy).toBeNull();

    // A second instance, or this one restarted, later in the same week: nothing again.
    clock.set(at(3 * 24 * 60));
    store.addEarning({ id: "midweek", agentId: "agent-1", amount: 5000, date: at(2 * 24 * 60), status: "pending" });
    expect((await runScheduledPayouts({ ...deps, periods, schedule: DEFAULT_PAYOUT_SCHEDULE })).kind).toBe("already_run");
    expect(gateway.sent).toHaveLength(1);
    expect(periods.last.get(SCHEDULED_PAYOUT_JOB)).toBe(PERIOD.getTime());

    // The next Monday: the rest, up to that Monday.
    clock.set(at(7 * 24 * 60 + 1));
    const next = await runScheduledPayouts({ ...deps, periods, schedule: DEFAULT_PAYOUT_SCHEDULE });
    expect(next.kind).toBe("ran");
    expect(gateway.sent.map((s) => s.amount)).toEqual([10000, 10000]);
  });

  it("the first start on a database pays nothing at once: the first run is the next scheduled instant", async () => {
    const periods = new MemoryPeriods();
    const scheduled = { ...deps, periods, schedule: DEFAULT_PAYOUT_SCHEDULE };
    await armScheduledPayouts(scheduled);
    expect((await runScheduledPayouts(scheduled)).kind).toBe("already_run");
    expect(gateway.sent).toHaveLength(0);
    // Arming again (a restart) changes nothing; the next Monday runs.
    clock.set(at(7 * 24 * 60));
    await armScheduledPayouts(scheduled);
    expect((await runScheduledPayouts(scheduled)).kind).toBe("ran");
    expect(gateway.sent.map((s) => s.amount)).toEqual([15000]);
  });

  it("a run the balance does not cover stops with both amounts, claims nothing, and says so in the audit log", async () => {
    gateway.available = 4000;
    const outcome = await runScheduledPayouts({ ...deps, periods: new MemoryPeriods(), schedule: DEFAULT_PAYOUT_SCHEDULE });
    expect(outcome.kind === "ran" && !outcome.result.ok && outcome.result.error).toEqual({
      code: "payouts.balance_too_low",
      params: { balance: 4000, needed: 10000 },
    });
    expect(gateway.sent).toHaveLength(0);
    expect(store.state.earnings.every((e) => e.payoutId === null)).toBe(true);
    const audit = store.state.audit.filter((a) => a.action === SCHEDULED_RUN_ACTION);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0].data.after))).toEqual({
      cutOff: PERIOD.toISOString(),
      outcome: "payouts.balance_too_low",
      balance: 4000,
      needed: 10000,
    });
  });
});

describe("handlePayoutWebhook", () => {
  async function sentPayout() {
    const result = await runPayouts(deps, { actorId: "admin", cutOff: at(0) });
    if (!result.ok) throw new Error(result.error.code);
    return result.value.payouts[0];
  }

  it("re-reads the status from the provider and applies it once, however often or late it is delivered", async () => {
    const payout = await sentPayout();
    // The provider has not settled it: nothing changes, whatever the body said.
    expect(await handlePayoutWebhook(deps, { transId: payout.transId! })).toEqual({
      ok: true,
      value: { payoutId: payout.id, outcome: "pending" },
    });
    expect(store.earning("before")?.status).toBe("pending");

    gateway.settle(payout.id, "successful");
    for (let i = 0; i < 3; i++) await handlePayoutWebhook(deps, { transId: payout.transId! });
    expect(store.earning("before")).toMatchObject({ status: "paid", payoutReference: payout.transId });
    expect(store.state.events.filter((e) => e.type === "succeeded")).toHaveLength(1);
    expect(store.state.audit.filter((a) => a.action === "payout.succeeded")).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it("a FAILED payout gives the earnings back with the reason, once", async () => {
    const payout = await sentPayout();
    gateway.settle(payout.id, "failed", "Account barred");
    await handlePayoutWebhook(deps, { transId: payout.transId! });
    await handlePayoutWebhook(deps, { transId: payout.transId! });
    expect(store.state.payouts[0]).toMatchObject({ status: "failed", reason: "Account barred" });
    expect(store.earning("before")).toMatchObject({ status: "pending", payoutId: null });
    expect(store.state.audit.filter((a) => a.action === "payout.failed")).toHaveLength(1);
  });

  it("a transaction we never recorded (the send's answer was lost) is matched by the provider's externalId", async () => {
    gateway.nextSend = "timeout_after";
    const payout = await sentPayout();
    expect(payout.transId).toBeNull();
    const transId = gateway.sent[0].transId;
    gateway.settle(payout.id, "successful");
    expect(await handlePayoutWebhook(deps, { transId })).toEqual({ ok: true, value: { payoutId: payout.id, outcome: "successful" } });
    expect(store.state.payouts[0]).toMatchObject({ status: "successful", transId });
    expect(gateway.sent).toHaveLength(1);
  });

  it("an unknown transaction is not_found and changes nothing", async () => {
    await sentPayout();
    expect(await handlePayoutWebhook(deps, { transId: "NOPE12345" })).toEqual({ ok: false, error: { code: "payouts.not_found" } });
    expect(store.state.payouts[0].status).toBe("pending");
  });
});
