// Background jobs run once per period across instances (issue 13, decision 0133): two app
// instances are two connections (pools) to one database, each with its own holder name.
import { afterEach, beforeEach, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyJobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { startIntervalJob } from "~/wiring/interval-job.server";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

describeEachDatabase(allDatabaseKinds())("job leases on %s", (kind) => {
  let db: TestDatabase;
  let other: DatabaseHandle;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
    // The second instance: its own connection pool to the same database (and schema).
    other = kind === "sqlite" ? connect({ url: db.url }) : connect({ url: db.url, pgSchema: db.pgSchema, poolSize: 10 });
  });
  afterEach(async () => {
    await other.close();
    await db.destroy();
  });

  it("gives a period to exactly one of many claims made at once from two instances", async () => {
    const at = new Date("2026-11-23T08:00:00.000Z");
    const a = new KyselyJobLeases(db.db, "a", () => at);
    const b = new KyselyJobLeases(other.db, "b", () => at);
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).claim("reconcile", 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Another job has its own lease.
    expect(await a.claim("alerts", 60_000)).toBe(true);
  });

  it("is due again once 90 % of the period has passed since the last start anywhere", async () => {
    let now = new Date("2026-11-23T08:00:00.000Z").getTime();
    const a = new KyselyJobLeases(db.db, "a", () => new Date(now));
    const b = new KyselyJobLeases(other.db, "b", () => new Date(now));
    expect(await a.claim("reconcile", 60_000)).toBe(true);
    now += 53_999;
    expect(await b.claim("reconcile", 60_000)).toBe(false);
    now += 1;
    expect(await b.claim("reconcile", 60_000)).toBe(true);
    expect(await a.claim("reconcile", 60_000)).toBe(false);
    const row = await db.db.selectFrom("job_leases").selectAll().where("job", "=", "reconcile").executeTakeFirstOrThrow();
    expect(row.holder).toBe("b");
    expect(row.runs).toBe(2);
  });

  it("two instances' timers run a job at most once per period between them", async () => {
    const periodMs = 100;
    // The moment each winning claim was made, as the lease saw it: the guarantee is about claims
    // (a run starts after its claim's round trip, which a busy machine stretches).
    const claimedAt: number[] = [];
    const instance = (handle: DatabaseHandle, holder: string) => {
      let at = 0;
      const leases = new KyselyJobLeases(handle.db, holder, () => new Date((at = Date.now())));
      return {
        claim: async (job: string, period: number) => {
          const won = await leases.claim(job, period);
          if (won) claimedAt.push(at);
          return won;
        },
      };
    };
    let runs = 0;
    const started = Date.now();
    const job = (leases: { claim: (job: string, period: number) => Promise<boolean> }) =>
      startIntervalJob({
        name: "sweep",
        intervalMs: periodMs,
        leases,
        run: async () => void runs++,
        onError: (e) => {
          throw e;
        },
      });
    const stops = [job(instance(db, "a")), job(instance(other, "b"))];
    await new Promise((r) => setTimeout(r, 1_000));
    await Promise.all(stops.map((stop) => stop()));
    const elapsed = Date.now() - started;
    // Without leases both timers would run: about 2 × elapsed / period. With them, never more
    // than one claim per 90 ms window (a busy machine may run fewer, never more).
    expect(runs).toBeGreaterThan(0);
    expect(runs).toBe(claimedAt.length);
    expect(runs).toBeLessThanOrEqual(Math.floor(elapsed / (periodMs * 0.9)) + 1);
    claimedAt.sort((x, y) => x - y);
    for (let i = 1; i < claimedAt.length; i++) expect(claimedAt[i] - claimedAt[i - 1]).toBeGreaterThanOrEqual(periodMs * 0.9);
    const row = await db.db.selectFrom("job_leases").select("runs").where("job", "=", "sweep").executeTakeFirstOrThrow();
    expect(row.runs).toBe(runs);
  });

  it("claims a calendar period once across instances and restarts, and only a later period after it (decision 0223)", async () => {
    const monday = new Date("2026-11-29T23:00:00.000Z");
    const nextMonday = new Date("2026-12-06T23:00:00.000Z");
    const a = new KyselyJobLeases(db.db, "a");
    const b = new KyselyJobLeases(other.db, "b");
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).claimPeriod("payouts-weekly-run", monday)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A restart: a new lease object, same period.
    expect(await new KyselyJobLeases(db.db, "a-restarted").claimPeriod("payouts-weekly-run", monday)).toBe(false);
    // An earlier period (a schedule moved back) never runs again.
    expect(await a.claimPeriod("payouts-weekly-run", new Date("2026-11-27T13:30:00.000Z"))).toBe(false);
    expect(await b.claimPeriod("payouts-weekly-run", nextMonday)).toBe(true);
    const row = await db.db.selectFrom("job_leases").selectAll().where("job", "=", "payouts-weekly-run").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_run_at: nextMonday.toISOString(), holder: "b", runs: 2 });
    // Arming a job that has run changes nothing.
    await a.armPeriod("payouts-weekly-run", new Date("2026-12-13T23:00:00.000Z"));
    expect(await a.claimPeriod("payouts-weekly-run", new Date("2026-12-13T23:00:00.000Z"))).toBe(true);
  });

  it("arms a job that never ran: the period under way counts as claimed, the next one is free", async () => {
    const monday = new Date("2026-11-29T23:00:00.000Z");
    const a = new KyselyJobLeases(db.db, "a");
    await a.armPeriod("payouts-weekly-run", monday);
    await new KyselyJobLeases(other.db, "b").armPeriod("payouts-weekly-run", new Date("2026-12-06T23:00:00.000Z"));
    expect(await a.claimPeriod("payouts-weekly-run", monday)).toBe(false);
    expect(await a.claimPeriod("payouts-weekly-run", new Date("2026-12-06T23:00:00.000Z"))).toBe(true);
  });
});
