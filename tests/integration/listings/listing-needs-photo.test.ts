// A listing with no photo is not public (issue 33, decision 0231): on every public read, on both
// databases, with the stored photo count kept by the triggers on photos and by the migration.
import { afterEach, beforeEach, expect, it } from "vitest";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { KyselyListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { KyselyAgentDirectory } from "#infrastructure/repositories/kysely-agent-directory";
import { KyselySitemapReader } from "#infrastructure/repositories/kysely-sitemap-reader";
import { KyselyNewListingFinder } from "#infrastructure/repositories/kysely-saved-search-listing-finder";
import { parseListingSearch } from "#domain/listings/listing-search";
import * as photoCount from "../../../migrations/2026-11-28T1400-listing-photo-count";
import { hoursAfterT0, listingFixtures } from "./listing-fixtures";

describeEachDatabase(allDatabaseKinds())("a listing without a photo on %s", (kind) => {
  let db: TestDatabase;
  let fx: ReturnType<typeof listingFixtures>;
  let search: KyselyListingSearch;

  beforeEach(async () => {
    db = await createTestDatabase(kind);
    fx = listingFixtures(db.db);
    search = new KyselyListingSearch(db.db, db.dialect);
    await fx.agent("agent-a", { name: "Ada" });
    // A new listing: no photo row, the count as the database starts it.
    const { photo_count: _unset, ...fresh } = fx.property({ id: "new", agent_id: "agent-a", is_verified: 1, created_at: hoursAfterT0(5) });
    await fx.insertProperties([fresh]);
  });
  afterEach(async () => {
    await db.destroy();
  });

  /** Where the listing shows, read through each public query. */
  async function seenOn() {
    const directory = new KyselyAgentDirectory(db.db);
    const [page, detail, featured, counts, byId, sitemap, agents, alerts] = await Promise.all([
      search.searchListings(parseListingSearch(new URLSearchParams())),
      search.findPropertyDetail("new"),
      search.featuredListings(10),
      search.neighbourhoodCounts(),
      search.listingsByIds(["new"]),
      new KyselySitemapReader(db.db).entries(new Date(hoursAfterT0(10))),
      directory.listVerifiedAgents(0, 10),
      new KyselyNewListingFinder(db.db).findNewMatches("", new Date(hoursAfterT0(0)), 10),
    ]);
    return {
      search: page.items.some((i) => i.id === "new"),
      property: detail !== null,
      home: featured.some((i) => i.id === "new"),
      neighbourhood: counts.find((c) => c.neighbourhood === "Molyko")?.count ?? 0,
      byId: byId.length,
      sitemap: sitemap.listings.some((l) => l.key === "new"),
      agentListings: agents.agents.find((a) => a.userId === "agent-a")?.listingCount ?? -1,
      alerts: alerts.some((a) => a.id === "new"),
    };
  }
  const hidden = {
    search: false,
    property: false,
    home: false,
    neighbourhood: 0,
    byId: 0,
    sitemap: false,
    agentListings: 0,
    alerts: false,
  };
  const shown = { search: true, property: true, home: true, neighbourhood: 1, byId: 1, sitemap: true, agentListings: 1, alerts: true };

  it("is on no public page until its first photo, and leaves them with its last", async () => {
    expect(await seenOn()).toEqual(hidden);
    // The agent's own list still has it, saying it has no photo.
    expect((await search.listingsForAgent("agent-a")).map((c) => [c.id, c.photoCount])).toEqual([["new", 0]]);

    await fx.photo("new", 1, "photos/pool-1");
    await fx.photo("new", 2, "photos/pool-2");
    expect(await seenOn()).toEqual(shown);
    expect((await search.listingsForAgent("agent-a"))[0].photoCount).toBe(2);

    await db.db.deleteFrom("photos").where("owner_id", "=", "new").where("position", "=", 1).execute();
    expect(await seenOn()).toEqual(shown);
    await db.db.deleteFrom("photos").where("owner_id", "=", "new").execute();
    expect(await seenOn()).toEqual(hidden);
  });

  it("gives each card and the property page whether the location is approximate (decision 0205)", async () => {
    await fx.photo("new", 1, "photos/pool-1");
    expect((await search.featuredListings(1))[0].locationApproximate).toBe(false);
    await db.db.updateTable("properties").set({ location_approximate: 1 }).where("id", "=", "new").execute();
    expect((await search.featuredListings(1))[0].locationApproximate).toBe(true);
    expect((await search.findPropertyDetail("new"))?.locationApproximate).toBe(true);
  });

  it("counts only a property's photos, not a guest house's of the same id", async () => {
    await db.db
      .insertInto("photos")
      .values({
        id: "gh-photo",
        owner_type: "guest_house",
        owner_id: "new",
        position: 1,
        storage_key: "photos/pool-3",
        width: 1200,
        height: 800,
        alt: "",
        created_at: hoursAfterT0(0),
      })
      .execute();
    expect((await search.listingsForAgent("agent-a"))[0].photoCount).toBe(0);
    expect(await seenOn()).toEqual(hidden);
  });

  it("gets its count from the photos already there when the migration runs, and loses it on down", async () => {
    await fx.photo("new", 1, "photos/pool-1");
    await photoCount.down(db.db);
    // Before the migration a listing without a photo was public: the down gives that back.
    await fx.insertProperties([(({ photo_count: _c, ...r }) => r)(fx.property({ id: "bare", agent_id: "agent-a" }))]);
    const before = await db.db
      .selectFrom("neighbourhood_counts")
      .select("listings")
      .where("neighbourhood", "=", "Molyko")
      .executeTakeFirst();
    expect(Number(before?.listings)).toBe(2);
    await photoCount.up(db.db);
    expect(await seenOn()).toEqual(shown);
    const after = await search.searchListings(parseListingSearch(new URLSearchParams()));
    expect(after.items.map((i) => i.id)).toEqual(["new"]);
  });
});
