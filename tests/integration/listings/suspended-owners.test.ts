// Issue 30 on every public read of listings, agents and guest houses, on SQLite and PostgreSQL:
// the admin's real use cases suspend, demote and reactivate the owners, and each read follows at
// once (the search and its count, a listing's page and its similar listings, the home page's cards
// and neighbourhood counts, saved and recommended cards, the agent directory and an agent's card,
// the sitemap, the saved-search alerts, the guest-house list, page and neighbourhoods).
import { afterEach, beforeEach, expect, it } from "vitest";
import type { AdminUsersDeps } from "#domain/accounts/admin-users.use-case";
import { changeUserRole, reactivateUser, suspendUser } from "#domain/accounts/admin-users.use-case";
import { parseGuestHouseCriteria } from "#domain/guest-houses/guest-house-criteria";
import { parseListingSearch } from "#domain/listings/listing-search";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { createKyselyAccountRepos, KyselyAccountsUnitOfWork } from "#infrastructure/repositories/kysely-account-unit-of-work";
import { findAgentCard, KyselyAgentDirectory } from "#infrastructure/repositories/kysely-agent-directory";
import { KyselyGuestHouseCatalogue } from "#infrastructure/repositories/kysely-guest-house-catalogue";
import { KyselyListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { KyselyNewListingFinder } from "#infrastructure/repositories/kysely-saved-search-listing-finder";
import { KyselySitemapReader } from "#infrastructure/repositories/kysely-sitemap-reader";
import { anAccount } from "../contract/accounts-harness";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { hoursAfterT0, listingFixtures, T0 } from "./listing-fixtures";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

describeEachDatabase(allDatabaseKinds())("a suspended or demoted owner's listings and guest houses on %s", (kind) => {
  let db: TestDatabase;
  // settings: what the admin's role change reads once only ADMIN_EMAILS makes admins (decision 0182).
  let deps: AdminUsersDeps & { settings: { adminEmails: string[] } };
  const admin = { adminId: "admin" };

  beforeEach(async () => {
    db = await createTestDatabase(kind);
    const fx = listingFixtures(db.db);
    await fx.agent("agent-a", { name: "Ebot Tabe" });
    await fx.agent("agent-b", { name: "Ngozi Ekane" });
    await fx.student("host-h");
    await fx.student("host-k");
    await fx.student("s1");
    await fx.review("agent-a", "s1", 5);
    await fx.review("agent-b", "s1", 4);
    await fx.insertProperties([
      fx.property({ id: "a1", agent_id: "agent-a", monthly_rent: 25_000, is_verified: 1, created_at: hoursAfterT0(3) }),
      fx.property({ id: "a2", agent_id: "agent-a", monthly_rent: 27_000, is_verified: 1, created_at: hoursAfterT0(4) }),
      fx.property({ id: "b1", agent_id: "agent-b", monthly_rent: 26_000, is_verified: 1, created_at: hoursAfterT0(2) }),
    ]);
    const house = (id: string, host: string) => ({
      id,
      host_id: host,
      name: `House ${id}`,
      neighbourhood: "Bonduma",
      latitude: 4.15,
      longitude: 9.29,
      nightly_rate: 10_000,
      whatsapp_number: "677 00 11 22",
      created_at: hoursAfterT0(1),
    });
    await db.db
      .insertInto("guest_houses")
      .values([house("gh-h", "host-h"), house("gh-k", "host-k")])
      .execute();
    await db.db
      .insertInto("host_verifications")
      .values(
        ["host-h", "host-k"].map((h) => ({
          id: `hv-${h}`,
          host_id: h,
          status: "verified" as const,
          submitted_at: hoursAfterT0(0),
          reviewed_at: hoursAfterT0(0),
        })),
      )
      .execute();
    const repos = createKyselyAccountRepos(db.db);
    await repos.accounts.insert(anAccount({ id: "admin", role: "admin" }));
    deps = {
      uow: new KyselyAccountsUnitOfWork(db.db),
      clock: new FixedClock(new Date(T0 + 10 * 3_600_000)),
      ids: new SequentialIds("audit"),
      settings: { adminEmails: [] },
      publicPages: new CountingPublicPages(),
    };
  });
  afterEach(async () => {
    await db.destroy();
  });

  /** What each public read shows now: listing ids, agent ids, guest-house ids. */
  async function shown() {
    const search = new KyselyListingSearch(db.db, db.dialect);
    const catalogue = new KyselyGuestHouseCatalogue(db.db);
    const ids = (cards: { id: string }[]) => cards.map((c) => c.id).sort();
    const page = await search.searchListings(parseListingSearch(new URLSearchParams()));
    const b1 = { id: "b1", neighbourhood: "Molyko", propertyType: "room" as const, monthlyRent: 26_000 };
    const sitemap = await new KyselySitemapReader(db.db).entries(new Date(T0 + 10 * 3_600_000));
    return {
      search: ids(page.items),
      searchTotal: page.total,
      byNeighbourhood: ids((await search.searchListings(parseListingSearch(new URLSearchParams("n=Molyko&type=room")))).items),
      propertyPage: (await search.findPropertyPage("a1", 4)) !== null,
      similar: ids(await search.similarListings(b1, 4)),
      featured: ids(await search.featuredListings(10)),
      molykoCount: (await search.neighbourhoodCounts()).find((n) => n.neighbourhood === "Molyko")?.count,
      saved: ids(await search.listingsByIds(["a1", "a2", "b1"])),
      recommended: ids(await search.recommendedFor(["b1"], 10)),
      directory: (await new KyselyAgentDirectory(db.db).listVerifiedAgents(0, 50)).agents.map((a) => a.userId).sort(),
      topRated: (await new KyselyAgentDirectory(db.db).topRatedAgents(10)).map((a) => a.userId).sort(),
      agentPage: (await findAgentCard(db.db, "agent-a"))?.verified,
      sitemap: {
        listings: sitemap.listings.map((e) => e.key).sort(),
        agents: sitemap.agents.map((e) => e.key).sort(),
        guestHouses: sitemap.guestHouses.map((e) => e.key).sort(),
      },
      alerts: (await new KyselyNewListingFinder(db.db).findNewMatches("", new Date(T0), 20)).map((m) => m.id).sort(),
      guestHouses: ids((await catalogue.listGuestHouses(parseGuestHouseCriteria(new URLSearchParams()))).items),
      guestHouseTotal: (await catalogue.listGuestHouses(parseGuestHouseCriteria(new URLSearchParams()))).total,
      guestHousePage: (await catalogue.findGuestHouse("gh-h")) !== null,
      bondumaHouses: (await catalogue.neighbourhoods()).find((n) => n.neighbourhood === "Bonduma")?.count,
    };
  }

  const everything = {
    search: ["a1", "a2", "b1"],
    searchTotal: 3,
    byNeighbourhood: ["a1", "a2", "b1"],
    propertyPage: true,
    similar: ["a1", "a2"],
    featured: ["a1", "a2", "b1"],
    molykoCount: 3,
    saved: ["a1", "a2", "b1"],
    recommended: ["a1", "a2"],
    directory: ["agent-a", "agent-b"],
    topRated: ["agent-a", "agent-b"],
    agentPage: true,
    sitemap: { listings: ["a1", "a2", "b1"], agents: ["agent-a", "agent-b"], guestHouses: ["gh-h", "gh-k"] },
    alerts: ["a1", "a2", "b1"],
    guestHouses: ["gh-h", "gh-k"],
    guestHouseTotal: 2,
    guestHousePage: true,
    bondumaHouses: 2,
  };
  const withoutAgentA = {
    ...everything,
    search: ["b1"],
    searchTotal: 1,
    byNeighbourhood: ["b1"],
    propertyPage: false,
    similar: [],
    featured: ["b1"],
    molykoCount: 1,
    saved: ["b1"],
    recommended: [],
    directory: ["agent-b"],
    topRated: ["agent-b"],
    agentPage: false,
    sitemap: { ...everything.sitemap, listings: ["b1"], agents: ["agent-b"] },
    alerts: ["b1"],
  };
  const withoutHostH = {
    guestHouses: ["gh-k"],
    guestHouseTotal: 1,
    guestHousePage: false,
    bondumaHouses: 1,
    sitemap: { ...everything.sitemap, guestHouses: ["gh-k"] },
  };

  it("shows an active approved agent's listings and a verified host's houses everywhere", async () => {
    expect(await shown()).toEqual(everything);
  });

  it("hides a suspended agent's listings and a suspended host's houses everywhere at once, and shows them again on reactivation", async () => {
    expect(await suspendUser(deps, { ...admin, userId: "agent-a", reason: "Fake listings" })).toEqual({ ok: true, value: undefined });
    expect(await shown()).toEqual(withoutAgentA);

    expect(await suspendUser(deps, { ...admin, userId: "host-h", reason: "Scam" })).toEqual({ ok: true, value: undefined });
    expect(await shown()).toEqual({ ...withoutAgentA, ...withoutHostH, sitemap: { ...withoutAgentA.sitemap, guestHouses: ["gh-k"] } });

    await reactivateUser(deps, { ...admin, userId: "agent-a" });
    await reactivateUser(deps, { ...admin, userId: "host-h" });
    expect(await shown()).toEqual(everything);
  });

  it("hides the listings of an agent made a student, and shows them when the role comes back", async () => {
    await changeUserRole(deps, { ...admin, userId: "agent-a", role: "student" });
    expect(await shown()).toEqual(withoutAgentA);
    await changeUserRole(deps, { ...admin, userId: "agent-a", role: "agent" });
    expect(await shown()).toEqual(everything);
  });
});
