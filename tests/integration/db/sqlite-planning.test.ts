// SQLite plans each statement once (decision 0168): a LIMIT is written into the SQL text, and the
// statistics the app gathers hold no per-value samples. Either one makes SQLite plan a statement
// again at every run after its values are bound.
import SQLite from "better-sqlite3";
import { Kysely, sql, type Generated } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { PostgresLiteralLimitDialect, SqliteLiteralLimitDialect } from "#infrastructure/db/literal-limit";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { generateProperties } from "../../../bench/generate-properties";
import { explainListingSearch, KyselyListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { parseListingSearch } from "#domain/listings/listing-search";

interface Rooms {
  rooms: { id: Generated<number>; price: number };
}

describe("SQLite's LIMIT", () => {
  const open: Array<Kysely<Rooms>> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.destroy()));
  });

  function rooms() {
    const db = new Kysely<Rooms>({ dialect: new SqliteLiteralLimitDialect({ database: new SQLite(":memory:") }) });
    open.push(db);
    return db;
  }

  it("is written into the statement when it is a whole number; OFFSET stays a parameter", () => {
    const query = rooms().selectFrom("rooms").select("price").where("price", "<", 50_000).orderBy("price").limit(20).offset(40).compile();
    expect(query.sql).toBe('select "price" from "rooms" where "price" < ? order by "price" limit 20 offset ?');
    expect(query.parameters).toEqual([50_000, 40]);
  });

  it("stays a parameter when it is anything else", () => {
    const db = rooms();
    for (const limit of [2.5, -1, Number.MAX_SAFE_INTEGER + 2]) {
      const query = db.selectFrom("rooms").select("price").limit(limit).compile();
      expect(query.sql).toBe('select "price" from "rooms" limit ?');
      expect(query.parameters).toEqual([limit]);
    }
    const subquery = db
      .selectFrom("rooms")
      .select("price")
      .limit(sql<number>`(select 2)`)
      .compile();
    expect(subquery.sql).toBe('select "price" from "rooms" limit (select 2)');
  });

  it("gives each limit its own rows", async () => {
    const db = rooms();
    await db.schema
      .createTable("rooms")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("price", "integer")
      .execute();
    await db
      .insertInto("rooms")
      .values([30_000, 45_000, 60_000, 75_000].map((price) => ({ price })))
      .execute();
    const cheapest = async (count: number, skip = 0) =>
      (await db.selectFrom("rooms").select("price").orderBy("price").limit(count).offset(skip).execute()).map((r) => r.price);
    expect(await cheapest(1)).toEqual([30_000]);
    expect(await cheapest(3)).toEqual([30_000, 45_000, 60_000]);
    expect(await cheapest(2, 2)).toEqual([60_000, 75_000]);
  });
});

describe("PostgreSQL's LIMIT", () => {
  // Compiling needs no server: the pool is never asked for a connection.
  const db = new Kysely<Rooms>({ dialect: new PostgresLiteralLimitDialect({ pool: {} as never }) });

  it("is written into the statement when it is a whole number, so a kept generic plan sees it (decision 0176)", () => {
    const query = db.selectFrom("rooms").select("price").where("price", "<", 50_000).orderBy("price").limit(20).offset(40).compile();
    expect(query.sql).toBe('select "price" from "rooms" where "price" < $1 order by "price" limit 20 offset $2');
    expect(query.parameters).toEqual([50_000, 40]);
    expect(db.selectFrom("rooms").select("price").limit(2.5).compile().sql).toBe('select "price" from "rooms" limit $1');
  });
});

describe("SQLite's planner statistics, as the server gathers them", () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  const rowsOf = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db!.db)).rows[0].n);

  it("count every index and keep no per-value samples, even where a full ANALYZE left some", async () => {
    db = await createTestDatabase("sqlite");
    await generateProperties(db.db, 2_000, { seed: 5, batchSize: 500 });
    // A full ANALYZE by hand writes samples (sqlite_stat4) beside the counts.
    await sql`analyze`.execute(db.db);
    expect(await rowsOf("sqlite_stat4")).toBeGreaterThan(0);
    await db.gatherStatistics();
    expect(await rowsOf("sqlite_stat4")).toBe(0);
    const counted = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'properties'`.execute(db.db);
    expect(counted.rows.map((r) => r.idx)).toEqual(
      expect.arrayContaining(["properties_neighbourhood_newest_idx", "properties_rent_cover_idx"]),
    );
  });

  it("let a neighbourhood's newest page read its index in order instead of sorting the neighbourhood", async () => {
    db = await createTestDatabase("sqlite");
    await generateProperties(db.db, 5_000, { seed: 13, batchSize: 500 });
    const molyko = parseListingSearch(new URLSearchParams("n=Molyko&max=40000"));
    // With no statistics SQLite read the rent range and sorted it: 67 ms a search at 100 000 listings.
    const guessed = await explainListingSearch(db.db, db.dialect, molyko);
    // The listings read (and each agent probed) then sorted: the neighbourhood's whole rent range.
    // Each standing is a branch of its own (rentable first, decision 0236), each read so.
    const sortsTheReadRows = /SEARCH properties[^\n]*\n(?:[^\n]*(?:SEARCH agents|BLOOM FILTER)[^\n]*\n)*\s*USE TEMP B-TREE FOR ORDER BY/;
    expect(guessed.page).toMatch(sortsTheReadRows);
    await db.gatherStatistics();
    const planned = await explainListingSearch(db.db, db.dialect, molyko);
    expect(planned.page).toMatch(/SEARCH properties USING INDEX properties_neighbourhood_newest_idx/);
    expect(planned.page).not.toMatch(sortsTheReadRows);
  });

  it("let a neighbourhood's page of listings available now read its index in order, not the open listings' rent index", async () => {
    db = await createTestDatabase("sqlite");
    await generateProperties(db.db, 5_000, { seed: 13, batchSize: 500 });
    await db.gatherStatistics();
    // Written as availableNow's two terms, the filter drew SQLite to the partial index of open
    // listings in rent order, then a sort of Molyko's matches: 17 ms a search at 100 000 listings.
    const planned = await explainListingSearch(
      db.db,
      db.dialect,
      parseListingSearch(new URLSearchParams("n=Molyko&max=40000&available=1")),
    );
    expect(planned.page).toMatch(/SEARCH properties USING INDEX properties_neighbourhood_newest_idx/);
    // No sort inside the page's ids (the plan's last line sorts the page's 20 rows).
    expect(planned.page).not.toMatch(/\n {2,}USE TEMP B-TREE FOR ORDER BY/);
  });
});

describe("a search whose LIMIT changes with the page, on SQLite", () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it("gives each page its own rows: several neighbourhoods' pages, each with its branches' limit in its text", async () => {
    db = await createTestDatabase("sqlite");
    await generateProperties(db.db, 3_000, { seed: 17, batchSize: 500 });
    await db.gatherStatistics();
    const search = new KyselyListingSearch(db.db, db.dialect);
    const criteria = parseListingSearch(new URLSearchParams("n=Molyko&n=Bomaka"));
    const expected = (
      await db.db
        .selectFrom("properties")
        .innerJoin("agents", "agents.user_id", "properties.agent_id")
        .select("properties.id")
        .where("properties.hidden_at", "is", null)
        .where("agents.verification_status", "=", "approved")
        .where("properties.neighbourhood", "in", ["Molyko", "Bomaka"])
        // Rentable listings first (decision 0236).
        .orderBy(sql`case when properties.is_available = 1 and properties.status = 'available' then 0 else 1 end`)
        .orderBy("properties.created_at", "desc")
        .orderBy("properties.id", "desc")
        .limit(60)
        .execute()
    ).map((r) => r.id);
    expect(expected).toHaveLength(60);
    const pageIds = async (page: number) => (await search.searchListings({ ...criteria, page })).items.map((i) => i.id);
    const pages = [await pageIds(1), await pageIds(2), await pageIds(3)];
    expect(pages.flat()).toEqual(expected);
    // Page 1 again, after the other pages' statements: still its own.
    expect(await pageIds(1)).toEqual(expected.slice(0, 20));
  });
});
