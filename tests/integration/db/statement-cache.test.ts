import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "#infrastructure/db/statement-cache";

/** better-sqlite3 with a count of the statements it prepared. */
function countingDatabase() {
  const sqlite = new SQLite(":memory:");
  const prepared: string[] = [];
  return {
    sqlite,
    prepared,
    database: {
      prepare(text: string) {
        prepared.push(text);
        return sqlite.prepare(text);
      },
      close: () => sqlite.close(),
    },
  };
}

describe("SQLite statement cache", () => {
  const open: Array<Kysely<never>> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.destroy()));
  });

  function kysely(database: ReturnType<typeof countingDatabase>["database"], capacity?: number) {
    const db = new Kysely<never>({ dialect: new SqliteDialect({ database: withStatementCache(database, capacity) }) });
    open.push(db);
    return db;
  }

  it("prepares a statement once and gives each run its own parameters' rows", async () => {
    const { database, prepared } = countingDatabase();
    const db = kysely(database);
    await sql`create table rooms (id integer primary key, price integer)`.execute(db);
    for (const price of [30000, 45000, 60000]) await sql`insert into rooms (price) values (${price})`.execute(db);
    const cheaperThan = (max: number) => sql<{ price: number }>`select price from rooms where price < ${max} order by price`.execute(db);

    expect((await cheaperThan(50000)).rows.map((r) => r.price)).toEqual([30000, 45000]);
    expect((await cheaperThan(40000)).rows.map((r) => r.price)).toEqual([30000]);
    expect((await cheaperThan(70000)).rows.map((r) => r.price)).toEqual([30000, 45000, 60000]);

    const selects = prepared.filter((text) => text.startsWith("select"));
    expect(selects).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith("insert"))).toHaveLength(1);
  });

  it("still answers correctly after the schema changes under a cached statement", async () => {
    const { database } = countingDatabase();
    const db = kysely(database);
    await sql`create table rooms (id integer primary key, price integer)`.execute(db);
    await sql`insert into rooms (price) values (1)`.execute(db);
    const all = () => sql<Record<string, unknown>>`select * from rooms`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, price: 1 }]);
    await sql`alter table rooms add column neighbourhood text default 'Molyko'`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, price: 1, neighbourhood: "Molyko" }]);
  });

  it("keeps at most its capacity, dropping the least recently used statement", async () => {
    const { database, prepared } = countingDatabase();
    const db = kysely(database, 2);
    const one = () => sql`select 1 as n`.execute(db);
    const two = () => sql`select 2 as n`.execute(db);
    const three = () => sql`select 3 as n`.execute(db);
    await one();
    await two();
    await one(); // one is now the most recently used
    await three(); // drops two
    await one();
    expect(prepared.filter((t) => t === "select 1 as n")).toHaveLength(1);
    await two();
    expect(prepared.filter((t) => t === "select 2 as n")).toHaveLength(2);
  });
});
