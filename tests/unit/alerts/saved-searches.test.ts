import { beforeEach, describe, expect, it } from "vitest";
import { deleteSavedSearch } from "#domain/alerts/delete-saved-search.use-case";
import { InMemorySavedSearchRepository } from "#domain/alerts/in-memory-saved-search-repository";
import { saveSearch } from "#domain/alerts/save-search.use-case";
import { listSavedSearches } from "#domain/alerts/saved-searches.queries";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";

describe("saved searches", () => {
  let savedSearches: InMemorySavedSearchRepository;
  let clock: FixedClock;
  let deps: { savedSearches: InMemorySavedSearchRepository; clock: FixedClock; ids: SequentialIds };
  beforeEach(() => {
    savedSearches = new InMemorySavedSearchRepository();
    clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
    deps = { savedSearches, clock, ids: new SequentialIds("ss") };
  });

  it("saves a search in canonical form, notified from now on", async () => {
    expect(await saveSearch(deps, { userId: "u1", queryString: "?n=Molyko&max=30000&page=3" })).toEqual({
      ok: true,
      value: { id: "ss-000001", userId: "u1", query: "n=Molyko&max=30000", lastNotifiedAt: clock.now(), createdAt: clock.now() },
    });
  });

  it("refuses an empty search and a duplicate", async () => {
    expect(await saveSearch(deps, { userId: "u1", queryString: "page=2" })).toEqual({
      ok: false,
      error: { code: "listings.empty_search" },
    });
    await saveSearch(deps, { userId: "u1", queryString: "n=Muea" });
    expect(await saveSearch(deps, { userId: "u1", queryString: "?n=Muea&page=2" })).toEqual({
      ok: false,
      error: { code: "listings.saved_search_exists" },
    });
    expect((await saveSearch(deps, { userId: "u2", queryString: "n=Muea" })).ok).toBe(true);
  });

  it("keeps at most 10 per user", async () => {
    for (let i = 1; i <= 10; i++) expect((await saveSearch(deps, { userId: "u1", queryString: `max=${i}0000` })).ok).toBe(true);
    expect(await saveSearch(deps, { userId: "u1", queryString: "max=999999" })).toEqual({
      ok: false,
      error: { code: "listings.saved_search_limit", params: { limit: 10 } },
    });
    expect((await saveSearch(deps, { userId: "u2", queryString: "max=999999" })).ok).toBe(true);
  });

  it("lists newest first and deletes only the user's own", async () => {
    const a = await saveSearch(deps, { userId: "u1", queryString: "n=Muea" });
    clock.advance(MINUTE_MS);
    await saveSearch(deps, { userId: "u1", queryString: "n=Molyko" });
    if (!a.ok) throw new Error("setup");
    expect((await listSavedSearches(deps, "u1")).map((s) => s.query)).toEqual(["n=Molyko", "n=Muea"]);
    expect(await deleteSavedSearch(deps, { userId: "u2", searchId: a.value.id })).toEqual({
      ok: false,
      error: { code: "listings.saved_search_not_found" },
    });
    expect(await deleteSavedSearch(deps, { userId: "u1", searchId: a.value.id })).toEqual({ ok: true, value: undefined });
    expect((await listSavedSearches(deps, "u1")).map((s) => s.query)).toEqual(["n=Molyko"]);
    // Freed a place: the same search may be saved again.
    expect((await saveSearch(deps, { userId: "u1", queryString: "n=Muea" })).ok).toBe(true);
  });
});
