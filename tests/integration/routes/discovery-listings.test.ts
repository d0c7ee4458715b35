// /listings through its loader: the URL holds every filter (one canonical URL per search), paging
// keeps the filters, and a signed-in search goes to the search history.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listingsPage from "~/routes/listings+/_index";
import { NEIGHBOURHOODS, PROPERTY_TYPES } from "#domain/listings/buea";
import {
  AMENITIES,
  AMENITY_PARAMS,
  LISTING_SORTS,
  NEAR_CAMPUS_OPTIONS_M,
  listingSearchToParams,
  parseListingSearch,
} from "#domain/listings/listing-search";
import { listSearchHistory } from "#domain/engagement/history.queries";
import { allDatabaseKinds, databaseSuites } from "../../support/test-database";
import { createDiscoveryWorld, type DiscoveryWorld } from "./discovery-support";

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "/listings on %s")) {
  describe.skipIf(skip)(title, () => {
    let w: DiscoveryWorld;
    beforeAll(async () => {
      w = await createDiscoveryWorld(kind, { extraMolyko: 25 });
    });
    afterAll(() => w.h.close());

    it("redirects a form submission with empty fields to the canonical URL", async () => {
      const r = await w.h.get(listingsPage, "/listings?q=&n=Bomaka&n=Molyko&min=&max=40+000&type=&beds=&near=&sort=newest");
      expect(r.status).toBe(302);
      expect(r.location).toBe("/listings?n=Molyko&n=Bomaka&max=40000");
    });

    it("keeps ?lng when it normalises the URL", async () => {
      const r = await w.h.get(listingsPage, "/listings?max=&lng=fr&n=Molyko");
      expect(r.location).toBe("/listings?n=Molyko&lng=fr");
    });

    it("drops what it does not understand instead of failing", async () => {
      const r = await w.h.get(listingsPage, "/listings?n=Atlantis&min=abc&sort=cheapest&page=-3&type=castle&near=123");
      expect(r.status).toBe(302);
      expect(r.location).toBe("/listings");
    });

    it("filters by neighbourhood and price, with the count", async () => {
      const r = await w.h.get(listingsPage, "/listings?n=Molyko&n=Bomaka&max=40000&sort=price_asc");
      expect(r.status).toBe(200);
      const titles = r.data.page.items.map((p: { title: string }) => p.title);
      expect(titles.slice(0, 2)).toEqual(["Room molyko-cheap", "Room bomaka-cheap"]);
      for (const item of r.data.page.items) {
        expect(["Molyko", "Bomaka"]).toContain(item.neighbourhood);
        expect(item.monthlyRent).toBeLessThanOrEqual(40_000);
      }
      // 2 cheap + molyko-mid + 25 extra Molyko rooms at 25 000-25 024.
      expect(r.data.page.total).toBe(28);
      expect(r.data.query).toBe("n=Molyko&n=Bomaka&max=40000&sort=price_asc");
    });

    it("pages by 20 and the second page keeps the filters", async () => {
      const first = await w.h.get(listingsPage, "/listings?n=Molyko");
      expect(first.data.page.items).toHaveLength(20);
      expect(first.data.page.pageCount).toBe(2);
      const second = await w.h.get(listingsPage, "/listings?n=Molyko&page=2");
      expect(second.status).toBe(200);
      expect(second.data.page.items).toHaveLength(8);
      expect(second.data.criteria.neighbourhoods).toEqual(["Molyko"]);
      const seen = new Set([...first.data.page.items, ...second.data.page.items].map((p: { id: string }) => p.id));
      expect(seen.size).toBe(28);
    });

    it("answers an empty result with total 0 (the page shows Clear filters)", async () => {
      const r = await w.h.get(listingsPage, "/listings?n=Muea");
      expect(r.status).toBe(200);
      expect(r.data.page.total).toBe(0);
      expect(r.data.page.items).toEqual([]);
    });

    it("gives the page a title, a description and an absolute canonical URL", async () => {
      const r = await w.h.get(listingsPage, "/listings?n=Molyko");
      expect(r.data.seo.title).toContain("Molyko");
      expect(r.data.seo.path).toBe("/listings?n=Molyko");
      expect(r.data.seo.noindex).toBe(false);
      const filtered = await w.h.get(listingsPage, "/listings?n=Molyko&max=40000");
      expect(filtered.data.seo.noindex).toBe(true);
    });

    it("records a signed-in user's searches, once per search, and never a visitor's", async () => {
      const jar = await w.studentJar();
      await w.h.get(listingsPage, "/listings?n=Bomaka&max=50000", { jar });
      await w.h.get(listingsPage, "/listings?n=Bomaka&max=50000&page=2", { jar });
      await w.h.get(listingsPage, "/listings?n=Molyko");
      const history = await listSearchHistory(w.h.services.engagement, w.student.id);
      expect(history.map((s) => s.query)).toEqual(["n=Bomaka&max=50000"]);
    });

    it("round-trips any search through its URL (property)", async () => {
      const pick = <T>(values: readonly T[]) => fc.subarray([...values]);
      const criteria = fc.record({
        n: pick(NEIGHBOURHOODS),
        type: pick(PROPERTY_TYPES),
        amenities: pick(AMENITIES),
        min: fc.option(fc.integer({ min: 0, max: 200_000 })),
        max: fc.option(fc.integer({ min: 0, max: 200_000 })),
        beds: fc.option(fc.integer({ min: 0, max: 10 })),
        near: fc.option(fc.constantFrom(...NEAR_CAMPUS_OPTIONS_M)),
        sort: fc.constantFrom(...LISTING_SORTS),
        verified: fc.boolean(),
        available: fc.boolean(),
        q: fc.option(fc.stringMatching(/^[a-z ]{0,12}$/)),
        page: fc.integer({ min: 1, max: 3 }),
      });
      await fc.assert(
        fc.asyncProperty(criteria, async (c) => {
          const params = new URLSearchParams();
          c.n.forEach((n) => params.append("n", n));
          c.type.forEach((t) => params.append("type", t));
          c.amenities.forEach((a) => params.append(AMENITY_PARAMS[a], "on"));
          if (c.min !== null) params.set("min", String(c.min));
          if (c.max !== null) params.set("max", String(c.max));
          if (c.beds !== null) params.set("beds", String(c.beds));
          if (c.near !== null) params.set("near", String(c.near));
          if (c.q !== null) params.set("q", c.q);
          params.set("sort", c.sort);
          if (c.verified) params.set("verified", "on");
          if (c.available) params.set("available", "on");
          params.set("page", String(c.page));
          const expected = parseListingSearch(params);
          const canonical = listingSearchToParams(expected).toString();
          const url = `/listings${canonical ? `?${canonical}` : ""}`;
          // The canonical URL is served as is (no redirect loop) and means the same search.
          const r = await w.h.get(listingsPage, url);
          expect(r.status).toBe(200);
          expect(r.data.criteria).toEqual(expected);
          expect(r.data.query).toBe(canonical);
          // The form's own submission lands on that same URL.
          const submitted = await w.h.get(listingsPage, `/listings?${params}`);
          if (submitted.status === 302) expect(submitted.location).toBe(url);
          else expect(`/listings?${params}`).toBe(url);
        }),
        { numRuns: 40 },
      );
    });
  });
}
