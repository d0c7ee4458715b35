// PostgreSQL statements go as named prepared statements, parsed once per connection (decision
// 0159): a read is prepared on the connection that ran it, a migration that changes what a
// prepared statement returns does not break the next run of it, transaction control is never
// named, and DB_PREPARED_STATEMENTS=false sends everything unnamed as before.
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

describeEachDatabase(["postgres"] as const)("named prepared statements on %s", () => {
  let db: TestDatabase;
  let handle: DatabaseHandle;
  const open = (preparedStatements?: boolean) => connect({ url: db.url, pgSchema: db.pgSchema, poolSize: 1, preparedStatements });
  const preparedHere = async (h: DatabaseHandle) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(h.db)).rows.map((r) => r.statement);

  beforeEach(async () => {
    db = await createTestDatabase("postgres");
    await sql`create table prepared_probe (id integer primary key, label text)`.execute(db.db);
    await sql`insert into prepared_probe values (1, 'one'), (2, 'two')`.execute(db.db);
  });
  afterEach(async () => {
    await handle?.close();
    await db.destroy();
  });

  it("prepares a read once on its connection and runs it again with other values", async () => {
    handle = open();
    const read = (id: number) =>
      handle.db
        .selectFrom("prepared_probe" as never)
        .selectAll()
        .where("id" as never, "=", id as never)
        .execute();
    expect(await read(1)).toEqual([{ id: 1, label: "one" }]);
    expect(await read(2)).toEqual([{ id: 2, label: "two" }]);
    const prepared = await preparedHere(handle);
    expect(prepared.filter((s) => s.includes('from "prepared_probe"'))).toHaveLength(1);
  });

  it("runs a prepared read again after a migration changed what it returns", async () => {
    handle = open();
    const readAll = () => sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(handle.db);
    expect((await readAll()).rows).toEqual([{ id: 1, label: "one" }]);
    // Another instance migrates: the prepared copy on this connection now returns the wrong columns.
    await sql`alter table prepared_probe add column rooms integer not null default 3`.execute(db.db);
    expect((await readAll()).rows).toEqual([{ id: 1, label: "one", rooms: 3 }]);
    expect((await readAll()).rows).toEqual([{ id: 1, label: "one", rooms: 3 }]);
  });

  it("never names transaction control, and sends everything unnamed when turned off", async () => {
    handle = open();
    await handle.db.transaction().execute(async (trx) => {
      await sql`update prepared_probe set label = ${"uno"} where id = ${1}`.execute(trx);
    });
    expect((await preparedHere(handle)).some((s) => /^\s*(begin|commit)/i.test(s))).toBe(false);
    await handle.close();

    handle = open(false);
    await sql`select label from prepared_probe where id = ${1}`.execute(handle.db);
    expect(await preparedHere(handle)).toEqual([]);
  });
});
