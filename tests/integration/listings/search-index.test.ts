// The search index and the neighbourhood counts of migration 0027 (decision 0131), on SQLite and
// PostgreSQL: kept in step with every write, never broken by what a student types, and undone by
// the migration's down.
import { afterAll, beforeAll, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "kysely";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { KyselyListingSearch, explainListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { COMMON_KEYWORD_MATCHES } from "#infrastructure/repositories/listing-search/sqlite";
import { availableNow, visibleToStudents } from "#infrastructure/repositories/kysely-property-cards";
import { parseListingSearch } from "#domain/listings/listing-search";
import * as searchIndex from "../../../migrations/2026-11-22T0027-search-index";
import { listingFixtures } from "./listing-fixtures";

describeEachDatabase(allDatabaseKinds())("search index and neighbourhood counts on %s", (kind) => {
  let db: TestDatabase;
  let search: KyselyListingSearch;
  let fx: ReturnType<typeof listingFixtures>;
  const ids = async (q: string) =>
    (await search.searchListings(parseListingSearch(new URLSearchParams({ q, sort: "price_asc" })))).items.map((i) => i.id);

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    search = new KyselyListingSearch(db.db, db.dialect);
    fx = listingFixtures(db.db);
    await fx.agent("agent-a");
    await fx.agent("agent-b", { status: "pending" });
  });
  afterAll(() => db.destroy());

  it("finds a listing once inserted, by its new words once edited, and never once deleted", async () => {
    await fx.insertProperties([
      fx.property({ id: "s1", agent_id: "agent-a", title: "Studio with veranda", description: "Near the Ndop market" }),
    ]);
    expect(await ids("veranda")).toEqual(["s1"]);
    expect(await ids("NDOP MARK")).toEqual(["s1"]);
    await db.db.updateTable("properties").set({ title: "Studio with terrace", description: "Quiet" }).where("id", "=", "s1").execute();
    expect(await ids("veranda")).toEqual([]);
    expect(await ids("ndop")).toEqual([]);
    expect(await ids("terrace")).toEqual(["s1"]);
    // A change to another column leaves the index as it was.
    await db.db.updateTable("properties").set({ monthly_rent: 31_000 }).where("id", "=", "s1").execute();
    expect(await ids("terrace")).toEqual(["s1"]);
    await db.db.deleteFrom("properties").where("id", "=", "s1").execute();
    expect(await ids("terrace")).toEqual([]);
  });

  it("takes a keyword's FTS syntax, LIKE wildcards and quotes as letters, and never fails on one", async () => {
    await fx.insertProperties([
      fx.property({ id: "q1", agent_id: "agent-a", title: `Room "A" (near) - NEAR gate * 100% tiled_floor`, monthly_rent: 20_000 }),
      fx.property({ id: "q2", agent_id: "agent-a", title: "Room near gate with tiled floor", monthly_rent: 21_000 }),
    ]);
    try {
      expect(await ids(`"A"`)).toEqual(["q1"]);
      expect(await ids("(near)")).toEqual(["q1"]);
      expect(await ids("- NEAR gate *")).toEqual(["q1"]);
      expect(await ids("100%")).toEqual(["q1"]);
      expect(await ids("tiled_floor")).toEqual(["q1"]);
      expect(await ids("near gate")).toEqual(["q1", "q2"]);
      expect(await ids("gate with")).toEqual(["q2"]);
      expect(await ids("tiled")).toEqual(["q1", "q2"]);
      const syntax = fc.constantFrom(
        `"`,
        "*",
        "-",
        "+",
        "^",
        ":",
        "(",
        ")",
        "NEAR",
        "NEAR(",
        "AND",
        "OR",
        "NOT",
        "{",
        "}",
        "%",
        "_",
        "\\",
        "'",
        " ",
      );
      await fc.assert(
        fc.asyncProperty(fc.array(fc.oneof(syntax, fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 12 }), async (parts) => {
          const q = parts.join("");
          const criteria = parseListingSearch(new URLSearchParams({ q }));
          const page = await search.searchListings(criteria);
          // Whatever the keyword, the page holds only listings whose title or description contain it.
          const keyword = criteria.keyword?.toLowerCase();
          for (const item of page.items) if (keyword) expect(item.title.toLowerCase()).toContain(keyword);
        }),
        { numRuns: 60 },
      );
    } finally {
      await db.db.deleteFrom("properties").where("id", "in", ["q1", "q2"]).execute();
    }
  });

  it("keeps each neighbourhood's count equal to the listings students can visit, through every kind of change", async () => {
    const truth = async () => {
      const rows = await db.db
        .selectFrom("properties")
        .select((eb) => ["properties.neighbourhood", eb.fn.countAll<number>().as("n")])
        .where(visibleToStudents)
        .where(availableNow)
        // The photo rows themselves, not the stored count: the triggers on photos are tested too.
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("photos")
              .select("photos.id")
              .where("photos.owner_type", "=", "property")
              .whereRef("photos.owner_id", "=", "properties.id"),
          ),
        )
        .groupBy("properties.neighbourhood")
        .execute();
      return Object.fromEntries(rows.map((r) => [r.neighbourhood, Number(r.n)]));
    };
    const counted = async () =>
      Object.fromEntries((await search.neighbourhoodCounts()).filter((c) => c.count > 0).map((c) => [c.neighbourhood, c.count]));
    const places = ["Molyko", "Bomaka", "Buea Town"];
    const change = fc.oneof(
      fc.record({
        kind: fc.constant("insert" as const),
        id: fc.integer({ min: 0, max: 7 }),
        place: fc.constantFrom(...places),
        agent: fc.constantFrom("agent-a", "agent-b"),
      }),
      fc.record({ kind: fc.constant("delete" as const), id: fc.integer({ min: 0, max: 7 }) }),
      fc.record({ kind: fc.constant("hide" as const), id: fc.integer({ min: 0, max: 7 }), hidden: fc.boolean() }),
      fc.record({
        kind: fc.constant("status" as const),
        id: fc.integer({ min: 0, max: 7 }),
        status: fc.constantFrom("available" as const, "booked" as const, "rented_out" as const),
      }),
      fc.record({ kind: fc.constant("move" as const), id: fc.integer({ min: 0, max: 7 }), place: fc.constantFrom(...places) }),
      fc.record({ kind: fc.constant("photo" as const), id: fc.integer({ min: 0, max: 7 }), n: fc.integer({ min: 0, max: 2 }) }),
      fc.record({ kind: fc.constant("unphoto" as const), id: fc.integer({ min: 0, max: 7 }), n: fc.integer({ min: 0, max: 2 }) }),
      fc.record({
        kind: fc.constant("agent" as const),
        agent: fc.constantFrom("agent-a", "agent-b"),
        status: fc.constantFrom("approved" as const, "pending" as const, "rejected" as const),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 15 }), async (changes) => {
        try {
          for (const c of changes) {
            const id = "id" in c ? `n${c.id}` : "";
            if (c.kind === "insert") {
              await db.db
                .insertInto("properties")
                .values(fx.property({ id, agent_id: c.agent, neighbourhood: c.place, photo_count: 0 }))
                .onConflict((oc) => oc.doNothing())
                .execute();
            } else if (c.kind === "delete") {
              await db.db.deleteFrom("photos").where("owner_id", "=", id).execute();
              await db.db.deleteFrom("properties").where("id", "=", id).execute();
            } else if (c.kind === "photo") {
              const listed = await db.db.selectFrom("properties").select("id").where("id", "=", id).executeTakeFirst();
              const taken = await db.db
                .selectFrom("photos")
                .select("id")
                .where("id", "=", `${id}-photo-${c.n}-photos/pool-${c.n}`)
                .executeTakeFirst();
              if (listed && !taken) await fx.photo(id, c.n, `photos/pool-${c.n}`);
            } else if (c.kind === "unphoto") {
              await db.db.deleteFrom("photos").where("id", "=", `${id}-photo-${c.n}-photos/pool-${c.n}`).execute();
            } else if (c.kind === "hide") {
              await db.db
                .updateTable("properties")
                .set({ hidden_at: c.hidden ? new Date().toISOString() : null })
                .where("id", "=", id)
                .execute();
            } else if (c.kind === "status") {
              await db.db
                .updateTable("properties")
                .set({ status: c.status, is_available: c.status === "available" ? 1 : 0 })
                .where("id", "=", id)
                .execute();
            } else if (c.kind === "move") {
              await db.db.updateTable("properties").set({ neighbourhood: c.place }).where("id", "=", id).execute();
            } else {
              await db.db.updateTable("agents").set({ verification_status: c.status }).where("user_id", "=", c.agent).execute();
            }
          }
          expect(await counted()).toEqual(await truth());
        } finally {
          await db.db.deleteFrom("photos").where("owner_id", "like", "n%").execute();
          await db.db.deleteFrom("properties").where("id", "like", "n%").execute();
          await db.db.updateTable("agents").set({ verification_status: "approved" }).where("user_id", "=", "agent-a").execute();
          await db.db.updateTable("agents").set({ verification_status: "pending" }).where("user_id", "=", "agent-b").execute();
        }
        expect(await counted()).toEqual(await truth());
      }),
      { numRuns: 25 },
    );
  });

  // SQLite only: the rare/common split is ours there (one capped read of the FTS5 index decides
  // the path); on PostgreSQL the planner chooses between the trigram index and the ordered scan,
  // so there is no path of ours to check, and the same rows are checked by the tests above.
  it.runIf(kind === "sqlite")(
    "answers a common keyword from an ordered scan and a rare one from the index, with the same rows",
    async () => {
      const rows = Array.from({ length: COMMON_KEYWORD_MATCHES }, (_, i) =>
        fx.property({
          id: `w${String(i).padStart(5, "0")}`,
          agent_id: "agent-a",
          title: i % 2 ? "Room with balcony" : "Room",
          monthly_rent: 10_000 + i,
          description: i === 7 ? "Rare wardrobe" : "",
        }),
      );
      for (let i = 0; i < rows.length; i += 400) await fx.insertProperties(rows.slice(i, i + 400));
      try {
        const plan = async (q: string) =>
          (await explainListingSearch(db.db, db.dialect, parseListingSearch(new URLSearchParams({ q })))).keyword;
        expect(await plan("room")).toBe("scan");
        expect(await plan("wardrobe")).toBe("index");
        expect(await ids("wardrobe")).toEqual(["w00007"]);
        const common = await search.searchListings(parseListingSearch(new URLSearchParams({ q: "BALCONY", sort: "price_asc" })));
        expect(common.items.map((i) => i.id)).toEqual(
          rows
            .filter((_, i) => i % 2)
            .slice(0, 20)
            .map((r) => r.id),
        );
        expect(common.total).toBe(1000);
        expect(common.totalIsCapped).toBe(true);
      } finally {
        await db.db.deleteFrom("properties").where("id", "like", "w%").execute();
      }
    },
  );

  it("is undone by the migration's down and rebuilt, with the rows already there, by its up", async () => {
    const other = await createTestDatabase(kind);
    try {
      const o = listingFixtures(other.db);
      await o.agent("agent-a");
      await o.insertProperties([o.property({ id: "m1", agent_id: "agent-a", title: "Flat with balcony", neighbourhood: "Bomaka" })]);
      await searchIndex.down(other.db);
      await expect(other.db.selectFrom("neighbourhood_counts").selectAll().execute()).rejects.toThrow();
      if (kind === "sqlite") await expect(sql`select * from properties_fts`.execute(other.db)).rejects.toThrow();
      await other.db
        .insertInto("properties")
        .values(o.property({ id: "m2", agent_id: "agent-a", title: "Room with balcony" }))
        .execute();
      await searchIndex.up(other.db);
      const again = new KyselyListingSearch(other.db, other.dialect);
      const found = await again.searchListings(parseListingSearch(new URLSearchParams({ q: "balcony", sort: "price_asc" })));
      expect(found.items.map((i) => i.id).sort()).toEqual(["m1", "m2"]);
      const counts = Object.fromEntries((await again.neighbourhoodCounts()).map((c) => [c.neighbourhood, c.count]));
      expect(counts).toMatchObject({ Bomaka: 1, Molyko: 1 });
    } finally {
      await other.destroy();
    }
  });
});
