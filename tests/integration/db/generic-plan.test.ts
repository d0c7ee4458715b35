// A statement whose plan does not depend on its values runs with PostgreSQL's generic plan,
// planned once per connection (decision 0177): the property page's similar listings. The setting
// is reset around it, even when the statement fails, so no other statement on that pooled
// connection is planned differently.
import { CompiledQuery, sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../../infrastructure/db/connection";
import { executeWithGenericPlan } from "../../../infrastructure/db/generic-plan";
import { KyselyListingSearch } from "../../../infrastructure/repositories/kysely-listing-search";
import { emptyListingSearch } from "../../../domain/listings/listing-search";
import { generateProperties } from "../../../bench/generate-properties";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

describeEachDatabase(["postgres"] as const)("generic plans on %s", () => {
  let db: TestDatabase;
  let handle: DatabaseHandle;
  // One connection: what the statement left on its session is what the next statement meets.
  const open = () => connect({ url: db.url, pgSchema: db.pgSchema, poolSize: 1 });
  const planCacheMode = async () => (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(handle.db)).rows[0].plan_cache_mode;
  const plansOf = async (fragment: string) =>
    (
      await sql<{ generic_plans: string; custom_plans: string }>`select generic_plans, custom_plans from pg_prepared_statements where statement like ${`%${fragment}%`}`.execute(handle.db)
    ).rows.map((r) => ({ generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));

  beforeEach(async () => {
    db = await createTestDatabase("postgres");
  });
  afterEach(async () => {
    await handle?.close();
    await db.destroy();
  });

  it("plans the property page's similar listings once, for any listing, and leaves the session as it was", async () => {
    await generateProperties(db.db, 600, { seed: 3, batchSize: 300 });
    await sql`vacuum analyze properties, agents`.execute(db.db);
    handle = open();
    const search = new KyselyListingSearch(handle.db, "postgres");
    const listings = (await search.featuredListings(3)).concat((await search.searchListings({ ...emptyListingSearch(), sort: "price_asc" })).items.slice(0, 3));
    expect(listings.length).toBeGreaterThanOrEqual(3);
    for (const listing of listings) await search.similarListings(listing);
    // Every run on the generic plan, none planned for its listing's values.
    expect(await plansOf('as "similarity"')).toEqual([{ generic: listings.length, custom: 0 }]);
    expect(await planCacheMode()).toBe("auto");
  });

  it("resets the setting when the statement fails, and reports the statement's error", async () => {
    handle = open();
    await expect(executeWithGenericPlan(handle.db, CompiledQuery.raw("select 1 / (select 0) as n"))).rejects.toThrow(/division by zero/);
    expect(await planCacheMode()).toBe("auto");
    const { rows } = await executeWithGenericPlan(handle.db, CompiledQuery.raw("select 2 as n") as CompiledQuery<{ n: number }>);
    expect(rows).toEqual([{ n: 2 }]);
    expect(await planCacheMode()).toBe("auto");
  });
});
