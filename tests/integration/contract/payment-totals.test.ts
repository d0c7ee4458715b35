// payment_totals (migration 0032, decision 0148): the figures by gateway the admin payments page
// reads from the triggers' table must equal what the aggregate over every payment gave, after any
// series of payment writes: through the repository and its transactions (committed or rolled back),
// raw updates with the provider's words, changed amounts and gateways, deletions, concurrent
// writers, and a database that had payments before the migration (its backfill).
import { sql, Migrator, type Expression, type Kysely } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { PaymentStatus } from "#domain/payment/payment.entity";
import type { GatewayStats } from "#domain/payment/payment-ledger.port";
import type { Database } from "#infrastructure/db/schema";
import { migrateToLatest } from "#infrastructure/db/migrate";
import { KyselyPaymentLedger, statusIs, toGatewayStats } from "#infrastructure/repositories/kysely-payment-ledger";
import { migrations } from "../../../migrations/index";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { aPayment, at, createMoneyFixture, type MoneyFixture } from "./money-fixtures";

/** The page's query before decision 0148, over every payment: the reference the totals must equal. */
async function aggregateOverPayments(db: Kysely<Database>): Promise<GatewayStats[]> {
  const when = (status: PaymentStatus, value: Expression<number>) =>
    sql<number>`sum(case when ${statusIs(status)} then ${value} else 0 end)`;
  const rows = await db
    .selectFrom("payments as p")
    .select((eb) => [
      "p.payment_gateway",
      eb.fn.countAll<number>().as("n"),
      eb.fn.coalesce(eb.fn.sum<number>("p.amount"), sql.lit(0)).as("amount"),
      when("successful", sql.lit(1)).as("successful_n"),
      when("successful", sql.ref("p.amount")).as("successful_amount"),
      when("failed", sql.lit(1)).as("failed_n"),
      when("expired", sql.lit(1)).as("expired_n"),
      when("pending", sql.lit(1)).as("pending_n"),
    ])
    .groupBy("p.payment_gateway")
    .orderBy("p.payment_gateway", "asc")
    .execute();
  return rows.map(toGatewayStats);
}

/** A small seeded generator, so a failure replays. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

const GATEWAYS = ["fapshi", "simulated", ""] as const;
const STATUSES: readonly PaymentStatus[] = ["pending", "successful", "failed", "expired"];
/** What providers and older records stored: each folds into a status (SPEC §4). */
const WORDS = ["pending", "processing", "successful", "completed", " Confirmed", "failed", "REJECTED ", "expired", "created"];

describeEachDatabase(allDatabaseKinds())("payment_totals on %s", (kind) => {
  let f: MoneyFixture;
  let db: Kysely<Database>;
  let ledger: KyselyPaymentLedger;
  let ids: string[];
  let serial: number;

  const expectTotalsMatch = async (when: string) => {
    expect(await ledger.statsByGateway(), when).toEqual(await aggregateOverPayments(db));
    // The table itself, key by key (rows left at 0 aside).
    const kept = await db
      .selectFrom("payment_totals")
      .selectAll()
      .where("payments", "<>", 0)
      .orderBy("payment_gateway")
      .orderBy("payment_status")
      .execute();
    const actual = await db
      .selectFrom("payments")
      .select((eb) => [
        "payment_gateway",
        "payment_status",
        eb.fn.countAll<number>().as("payments"),
        eb.fn.sum<number>("amount").as("amount"),
      ])
      .groupBy(["payment_gateway", "payment_status"])
      .orderBy("payment_gateway")
      .orderBy("payment_status")
      .execute();
    const norm = (rows: { payment_gateway: string; payment_status: string; payments: unknown; amount: unknown }[]) =>
      rows.map((r) => [r.payment_gateway, r.payment_status, Number(r.payments), Number(r.amount)]);
    expect(norm(kept), when).toEqual(norm(actual));
  };

  const insert = async (gateway: string, status: PaymentStatus, amount: number) => {
    const id = `pt-${serial++}`;
    await f.uow.run((repos) =>
      repos.payments.insertPayment(aPayment({ id, gateway, status, amount, createdAt: at(serial), updatedAt: at(serial) })),
    );
    ids.push(id);
    return id;
  };

  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    db = f.db!.db;
    ledger = new KyselyPaymentLedger(db);
    ids = [];
    serial = 0;
  });
  afterEach(() => f.destroy());

  it("equals the aggregate over the payments after a long series of writes of every kind", async () => {
    await expectTotalsMatch("empty");
    expect(await ledger.statsByGateway()).toEqual([]);
    const r = rng(kind === "sqlite" ? 20261122 : 20261123);
    for (let step = 0; step < 160; step++) {
      const op = ids.length < 5 ? 0 : r.int(8);
      const id = ids.length > 0 ? r.pick(ids) : "";
      switch (op) {
        case 0:
          await insert(r.pick(GATEWAYS), r.pick(STATUSES), 1 + r.int(20_000));
          break;
        case 1: // the use cases' path: a status change under the row lock, in a transaction
          await f.uow.run(async (repos) => {
            await repos.payments.lockById(id);
            await repos.payments.updatePayment(id, { status: r.pick(STATUSES), updatedAt: at(step) });
          });
          break;
        case 2: // older records and the provider's words, written raw
          await db
            .updateTable("payments")
            .set({ payment_status: r.pick(WORDS) })
            .where("id", "=", id)
            .execute();
          break;
        case 3:
          await db
            .updateTable("payments")
            .set({ amount: 1 + r.int(50_000) })
            .where("id", "=", id)
            .execute();
          break;
        case 4:
          await db
            .updateTable("payments")
            .set({ payment_gateway: r.pick(GATEWAYS), payment_status: r.pick(WORDS) })
            .where("id", "=", id)
            .execute();
          break;
        case 5: // an update that changes none of the counted columns
          await db
            .updateTable("payments")
            .set((eb) => ({ payment_status: eb.ref("payment_status"), failure_reason: "x" }))
            .where("id", "=", id)
            .execute();
          break;
        case 6: // a deletion (its events go with it)
          await db.deleteFrom("payments").where("id", "=", id).execute();
          ids.splice(ids.indexOf(id), 1);
          break;
        case 7: // a transaction that inserts and changes, then fails: nothing of it may count
          await expect(
            f.uow.run(async (repos) => {
              await repos.payments.insertPayment(aPayment({ id: `rolled-back-${step}`, gateway: "fapshi", amount: 999 }));
              await repos.payments.updatePayment(id, { status: "successful", updatedAt: at(step) });
              throw new Error("rolled back");
            }),
          ).rejects.toThrow("rolled back");
          break;
      }
      if (step % 10 === 9) await expectTotalsMatch(`after step ${step}`);
    }
    await expectTotalsMatch("at the end");
    // Not a tautology of an empty page: the series left figures on several gateways.
    expect((await ledger.statsByGateway()).length).toBeGreaterThanOrEqual(2);
    // Everything deleted: no gateway shows, though its rows stay at 0.
    await db.deleteFrom("payments").execute();
    expect(await ledger.statsByGateway()).toEqual([]);
    await expectTotalsMatch("all deleted");
  }, 120_000);

  it("stays equal under concurrent writers", async () => {
    const first = await Promise.all(Array.from({ length: 12 }, (_, i) => insert(GATEWAYS[i % 3], "pending", 1000 + i)));
    await Promise.all(
      first.flatMap((id, i) => [
        f.uow.run(async (repos) => {
          await repos.payments.lockById(id);
          await repos.payments.updatePayment(id, { status: STATUSES[1 + (i % 3)], updatedAt: at(100) });
        }),
        insert(GATEWAYS[(i + 1) % 3], "pending", 500 + i),
      ]),
    );
    await expectTotalsMatch("after concurrent writes");
    expect((await ledger.statsByGateway()).reduce((n, s) => n + s.count, 0)).toBe(24);
  }, 60_000);

  it("is backfilled by its migration from the payments already there", async () => {
    await insert("fapshi", "successful", 8000);
    await insert("simulated", "failed", 5000);
    const schema = f.db!.pgSchema;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const down = await migrator.migrateTo("2026-11-22T0031-list-indexes");
    expect(down.error).toBeUndefined();
    // Written while no trigger kept count: the migration must find them. The rows are written as
    // that schema knew them (the payment's purpose came later, decision 0184).
    const insertAsThen = async (gateway: string, status: PaymentStatus, amount: number) => {
      const id = `pt-${serial++}`;
      const when = at(serial).toISOString();
      await db
        .insertInto("payments")
        .values({
          id,
          user_id: "student-1",
          payment_gateway: gateway,
          payment_status: status,
          payment_type: "subscription",
          amount,
          currency: "XAF",
          method: "mtn",
          phone: null,
          reference: `PAY-${id}`,
          provider_tx_id: null,
          checkout_url: null,
          booking_id: null,
          guest_house_id: null,
          failure_reason: null,
          confirmed_at: null,
          created_at: when,
          updated_at: when,
        } as never)
        .execute();
      ids.push(id);
    };
    await insertAsThen("fapshi", "pending", 3000);
    await db.updateTable("payments").set({ payment_status: "completed" }).where("id", "=", ids[0]).execute();
    await insertAsThen("", "expired", 1);
    await migrateToLatest(db, schema);
    await expectTotalsMatch("after the backfill");
    expect((await ledger.statsByGateway()).find((s) => s.gateway === "fapshi")).toEqual({
      gateway: "fapshi",
      count: 2,
      amount: 11000,
      successfulCount: 1,
      successfulAmount: 8000,
      failedCount: 0,
      expiredCount: 0,
      pendingCount: 1,
    });
  });
});
