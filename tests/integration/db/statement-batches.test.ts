// The statements a tick sends share one PostgreSQL connection in pipeline mode (decision 0169):
// they answer as they would alone, an error fails only its own statement, a transaction keeps a
// connection of its own (its uncommitted rows stay invisible to the batches), a shared handle
// cannot turn its connection into a transaction, and DB_BATCH_STATEMENTS=false sends each
// statement on its own connection as before.
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { SessionStatementInBatchError } from "#infrastructure/db/statement-batches";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

describeEachDatabase(["postgres"] as const)("statements batched on %s", () => {
  let db: TestDatabase;
  let handle: DatabaseHandle | undefined;
  const open = (options: { poolSize?: number; batchStatements?: boolean } = {}) =>
    (handle = connect({ url: db.url, pgSchema: db.pgSchema, poolSize: options.poolSize ?? 5, batchStatements: options.batchStatements }));
  const backend = (h: DatabaseHandle) => sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(h.db).then((r) => r.rows[0].pid);
  const labels = (h: DatabaseHandle) =>
    sql<{ label: string }>`select label from batch_probe order by id`.execute(h.db).then((r) => r.rows.map((row) => row.label));

  beforeEach(async () => {
    db = await createTestDatabase("postgres");
    await sql`create table batch_probe (id integer primary key, label text not null)`.execute(db.db);
    await sql`insert into batch_probe values (1, 'one'), (2, 'two')`.execute(db.db);
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    await db.destroy();
  });

  it("sends the statements of one tick on one connection, each answering as alone", async () => {
    const h = open();
    // Five statements held together (pg_sleep keeps each on its connection for a while): unbatched,
    // a pool of five answers them on several backends.
    const together = () =>
      Promise.all(Array.from({ length: 5 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(h.db)));
    expect(new Set((await together()).map((r) => r.rows[0].pid)).size).toBe(1);
    const [one, two, all] = await Promise.all([
      sql<{ label: string }>`select label from batch_probe where id = ${1}`.execute(h.db),
      sql<{ label: string }>`select label from batch_probe where id = ${2}`.execute(h.db),
      labels(h),
    ]);
    expect([one.rows, two.rows, all]).toEqual([[{ label: "one" }], [{ label: "two" }], ["one", "two"]]);
    await h.close();

    const unbatched = open({ batchStatements: false });
    const pids = await Promise.all(
      Array.from({ length: 5 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(unbatched.db)),
    );
    expect(new Set(pids.map((r) => r.rows[0].pid)).size).toBeGreaterThan(1);
  });

  it("fails only the statement that failed, and keeps the others' writes", async () => {
    const h = open();
    const results = await Promise.allSettled([
      sql`insert into batch_probe values (3, 'three')`.execute(h.db),
      sql`insert into batch_probe values (1, 'duplicate')`.execute(h.db),
      sql`select 1 / ${0}::integer as never`.execute(h.db),
      sql`insert into batch_probe values (4, 'four')`.execute(h.db),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: "23505" });
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: "22012" });
    expect(await labels(h)).toEqual(["one", "two", "three", "four"]);
  });

  it("keeps a transaction on a connection of its own: batches beside it see only what it committed", async () => {
    const h = open({ poolSize: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let transactionPid = 0;
    const transaction = h.db.transaction().execute(async (trx) => {
      transactionPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      await sql`insert into batch_probe values (5, 'five')`.execute(trx);
      await held;
    });
    // While the transaction is open, a batch beside it reads on another backend and does not see row 5.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [pid, during] = await Promise.all([backend(h), labels(h)]);
    expect(transactionPid).not.toBe(0);
    expect(pid).not.toBe(transactionPid);
    expect(during).toEqual(["one", "two"]);
    release();
    await transaction;
    expect(await labels(h)).toEqual(["one", "two", "five"]);
  });

  it("gives the connection back: with a pool of one, batches and transactions take turns", async () => {
    const h = open({ poolSize: 1 });
    for (let round = 0; round < 3; round += 1) {
      const [, , inserted] = await Promise.all([
        labels(h),
        backend(h),
        h.db.transaction().execute((trx) => sql`insert into batch_probe values (${10 + round}, ${`r${round}`})`.execute(trx)),
      ]);
      expect(inserted).toBeDefined();
    }
    expect(await labels(h)).toEqual(["one", "two", "r0", "r1", "r2"]);
  });

  it("refuses to begin a transaction on a shared connection", async () => {
    const h = open();
    const attempt = h.db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn);
      await conn.transaction().execute((trx) => sql`insert into batch_probe values (6, 'six')`.execute(trx));
    });
    await expect(attempt).rejects.toBeInstanceOf(SessionStatementInBatchError);
    expect(await labels(h)).toEqual(["one", "two"]);
  });

  it("gives a session lock its own connection (Kysely's migrator takes one in a SELECT)", async () => {
    const h = open();
    const held = await h.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${4242})`.execute(conn);
      // Taken on this handle's own connection: a batch beside it cannot take the same lock.
      const [other] = await Promise.all([sql<{ got: boolean }>`select pg_try_advisory_lock(${4242}) as got`.execute(h.db), backend(h)]);
      await sql`select pg_advisory_unlock(${4242})`.execute(conn);
      return other.rows[0].got;
    });
    expect(held).toBe(false);
  });
});
