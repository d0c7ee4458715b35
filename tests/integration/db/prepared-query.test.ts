// A prepared query (infrastructure/db/prepared-query.ts) is built and compiled once per dialect
// and shape, then run with each call's values: the same SQL and the same rows as building it
// every time, and a loud error for a builder or a caller that breaks its rules.
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedQuery, PreparedQueryError } from "#infrastructure/db/prepared-query";

interface Db {
  rooms: { id: string; place: string; rent: number };
}

describe("prepared queries", () => {
  let db: Kysely<Db>;
  beforeAll(async () => {
    db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
    await db.schema
      .createTable("rooms")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("place", "text")
      .addColumn("rent", "integer")
      .execute();
    await db
      .insertInto("rooms")
      .values([
        { id: "a", place: "Molyko", rent: 20_000 },
        { id: "b", place: "Molyko", rent: 35_000 },
        { id: "c", place: "Bomaka", rent: 25_000 },
        { id: "d", place: "Mile 17", rent: 15_000 },
      ])
      .execute();
  });
  afterAll(() => db.destroy());

  let builds = 0;
  const roomsIn = preparedQuery<{ places: string[]; max: number; limit: number }, { id: string }, Db>((q, slot, shape) => {
    builds += 1;
    return q
      .selectFrom("rooms")
      .select("id")
      .where("place", "in", slot.list<string>("places", Number(shape)))
      .where("rent", "<=", slot<number>("max"))
      .where("id", "!=", "never")
      .orderBy("id")
      .limit(slot<number>("limit"));
  });
  const direct = (places: string[], max: number, limit: number) =>
    db
      .selectFrom("rooms")
      .select("id")
      .where("place", "in", places)
      .where("rent", "<=", max)
      .where("id", "!=", "never")
      .orderBy("id")
      .limit(limit);

  it("writes the SQL Kysely writes, with each call's values, and builds once per shape", async () => {
    builds = 0;
    for (const [places, max, limit] of [
      [["Molyko"], 30_000, 10],
      [["Molyko"], 40_000, 1],
      [["Molyko", "Bomaka"], 30_000, 10],
      [["Molyko", "Bomaka"], 50_000, 3],
    ] as const) {
      const compiled = roomsIn(db, { places: [...places], max, limit }, String(places.length));
      const expected = direct([...places], max, limit).compile();
      expect(compiled.sql).toBe(expected.sql);
      expect(compiled.parameters).toEqual(expected.parameters);
      expect((await db.executeQuery(compiled)).rows).toEqual(await direct([...places], max, limit).execute());
    }
    expect(builds).toBe(2);
  });

  it("builds once per dialect: PostgreSQL gets its own SQL", () => {
    const pg = new Kysely<Db>({ dialect: new PostgresDialect({ pool: {} as never }) });
    const compiled = roomsIn(pg, { places: ["Molyko"], max: 1, limit: 2 }, "1");
    expect(compiled.sql).toContain("$1");
    expect(compiled.sql).toBe(
      pg
        .selectFrom("rooms")
        .select("id")
        .where("place", "in", ["Molyko"])
        .where("rent", "<=", 1)
        .where("id", "!=", "never")
        .orderBy("id")
        .limit(2)
        .compile().sql,
    );
  });

  it("refuses a missing value, a list of another length and a placeholder used in arithmetic", () => {
    expect(() => roomsIn(db, { places: ["Molyko"], limit: 1 } as never, "1")).toThrow(PreparedQueryError);
    expect(() => roomsIn(db, { places: ["Molyko", "Bomaka"], max: 1, limit: 1 }, "1")).toThrow(/must hold 1 values/);
    const doubled = preparedQuery<{ rent: number }, { id: string }, Db>((q, slot) =>
      q
        .selectFrom("rooms")
        .select("id")
        .where("rent", "<=", slot<number>("rent") * 2),
    );
    expect(() => doubled(db, { rent: 10 })).toThrow(/arithmetic/);
  });

  it("keeps literals written into the query as they are", async () => {
    const cheapest = preparedQuery<{ place: string }, { id: string; rank: number }, Db>((q, slot) =>
      q
        .selectFrom("rooms")
        .select(["id", sql<number>`${sql.lit(7)}`.as("rank")])
        .where("place", "=", slot<string>("place"))
        .orderBy("rent")
        .limit(1),
    );
    expect((await db.executeQuery(cheapest(db, { place: "Molyko" }))).rows).toEqual([{ id: "a", rank: 7 }]);
    expect((await db.executeQuery(cheapest(db, { place: "Bomaka" }))).rows).toEqual([{ id: "c", rank: 7 }]);
  });
});
