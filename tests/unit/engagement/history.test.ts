import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import {
  latestViewedIds,
  listSearchHistory,
  listViewHistory,
  clearSearchHistory,
  clearViewHistory,
  recommendationSeeds,
} from "#domain/engagement/history.queries";
import { InMemoryHistoryRepository } from "#domain/engagement/in-memory-history-repository";
import { recordSearch } from "#domain/engagement/record-search.use-case";
import { recordView } from "#domain/engagement/record-view.use-case";
import { normalizeSearchQuery } from "#domain/engagement/search-query";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryPropertyViewTally } from "#domain/agent-reports/in-memory-property-view-tally";

describe("view history", () => {
  let history: InMemoryHistoryRepository;
  let viewTally: InMemoryPropertyViewTally;
  let clock: FixedClock;
  beforeEach(() => {
    history = new InMemoryHistoryRepository();
    viewTally = new InMemoryPropertyViewTally();
    clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
    for (let i = 1; i <= 30; i++) {
      history.putProperty(`p${i}`);
      viewTally.putProperty(`p${i}`, "agent-1");
    }
  });
  const deps = () => ({ history, clock, viewTally });
  const view = async (propertyId: string) => {
    clock.advance(MINUTE_MS);
    return recordView(deps(), { userId: "u1", propertyId });
  };

  it("puts the latest view first and moves a repeat view to the top without duplicating it", async () => {
    await view("p1");
    await view("p2");
    await view("p3");
    await view("p1");
    expect((await listViewHistory(deps(), "u1")).map((v) => v.propertyId)).toEqual(["p1", "p3", "p2"]);
  });

  it("keeps only the last 20 views", async () => {
    for (let i = 1; i <= 25; i++) await view(`p${i}`);
    const ids = (await listViewHistory(deps(), "u1")).map((v) => v.propertyId);
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe("p25");
    expect(ids[19]).toBe("p6");
  });

  it("keeps at most 20 distinct, most recent views for any sequence of views", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 60 }), async (sequence) => {
        history = new InMemoryHistoryRepository();
        for (let i = 1; i <= 30; i++) history.putProperty(`p${i}`);
        for (const n of sequence) await view(`p${n}`);
        const ids = (await listViewHistory(deps(), "u1")).map((v) => v.propertyId);
        const expected: string[] = [];
        for (const n of [...sequence].reverse()) if (!expected.includes(`p${n}`)) expected.push(`p${n}`);
        expect(ids).toEqual(expected.slice(0, 20));
      }),
      { numRuns: 50 },
    );
  });

  it("refuses to record a view of a missing or hidden listing", async () => {
    history.putProperty("p2", true);
    expect(await view("p2")).toEqual({ ok: false, error: { code: "listings.property_not_found" } });
    expect(await view("nope")).toEqual({ ok: false, error: { code: "listings.property_not_found" } });
    expect(await listViewHistory(deps(), "u1")).toEqual([]);
  });

  it("gives the 6 latest viewed ids for recommendations", async () => {
    for (let i = 1; i <= 8; i++) await view(`p${i}`);
    expect(await latestViewedIds(deps(), "u1", 6)).toEqual(["p8", "p7", "p6", "p5", "p4", "p3"]);
    expect(await latestViewedIds(deps(), "u1")).toHaveLength(6);
    expect(await latestViewedIds(deps(), "u2")).toEqual([]);
    // From a history already read: the same seed.
    expect(recommendationSeeds(await listViewHistory(deps(), "u1"))).toEqual(await latestViewedIds(deps(), "u1"));
    expect(recommendationSeeds(await listViewHistory(deps(), "u1"), 2)).toEqual(["p8", "p7"]);
  });

  it("counts a view for the agent's reports once per user, listing and Buea day", async () => {
    await view("p1");
    await view("p1");
    await recordView(deps(), { userId: "u2", propertyId: "p1" });
    await view("p2");
    // 22:59 UTC is still the 20th in Buea; 23:00 UTC is midnight there, the 21st.
    clock.set("2026-11-20T22:59:00Z");
    await recordView(deps(), { userId: "u1", propertyId: "p1" });
    clock.set("2026-11-20T23:00:00Z");
    await recordView(deps(), { userId: "u1", propertyId: "p1" });
    expect(viewTally.rows().sort((a, b) => (a.propertyId + a.day).localeCompare(b.propertyId + b.day))).toEqual([
      { propertyId: "p1", day: "2026-11-20", views: 2 },
      { propertyId: "p1", day: "2026-11-21", views: 1 },
      { propertyId: "p2", day: "2026-11-20", views: 1 },
    ]);
  });

  it("never counts the agent's own look at their listing, nor a view of a hidden one", async () => {
    history.putProperty("p3", true);
    await recordView(deps(), { userId: "agent-1", propertyId: "p1" });
    await view("p3");
    expect(viewTally.rows()).toEqual([]);
    // The agent's view still goes to their own history.
    expect((await listViewHistory(deps(), "agent-1")).map((v) => v.propertyId)).toEqual(["p1"]);
  });

  it("clears a user's views", async () => {
    await view("p1");
    await clearViewHistory(deps(), "u1");
    expect(await listViewHistory(deps(), "u1")).toEqual([]);
  });
});

describe("search history", () => {
  let history: InMemoryHistoryRepository;
  let clock: FixedClock;
  const ids = new SequentialIds("s");
  beforeEach(() => {
    history = new InMemoryHistoryRepository();
    clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
  });
  const search = (queryString: string) => {
    clock.advance(MINUTE_MS);
    return recordSearch({ history, clock, ids }, { userId: "u1", queryString });
  };
  const queries = async () => (await listSearchHistory({ history }, "u1")).map((s) => s.query);

  it("records a search as its canonical query string", async () => {
    expect(await search("?n=Molyko&max=30000&page=2&q=")).toEqual({ ok: true, value: { recorded: true, query: "n=Molyko&max=30000" } });
    expect(await queries()).toEqual(["n=Molyko&max=30000"]);
  });

  it("skips an empty search", async () => {
    for (const q of ["", "?", "  ", "q=&n=", "page=3"]) {
      expect(await search(q)).toEqual({ ok: false, error: { code: "listings.empty_search" } });
    }
    expect(await queries()).toEqual([]);
  });

  it("skips a repeat of the latest search but records an older one again", async () => {
    await search("n=Molyko");
    expect(await search("?n=Molyko&page=2")).toEqual({ ok: true, value: { recorded: false, query: "n=Molyko" } });
    await search("n=Muea");
    await search("n=Molyko");
    expect(await queries()).toEqual(["n=Molyko", "n=Muea", "n=Molyko"]);
  });

  it("keeps the last 10 searches", async () => {
    for (let i = 1; i <= 13; i++) await search(`max=${i}000`);
    const kept = await queries();
    expect(kept).toHaveLength(10);
    expect(kept[0]).toBe("max=13000");
    expect(kept[9]).toBe("max=4000");
  });

  it("clears a user's searches", async () => {
    await search("n=Muea");
    await clearSearchHistory({ history }, "u1");
    expect(await queries()).toEqual([]);
  });

  it("normalizes repeatable parameters without losing them", () => {
    expect(normalizeSearchQuery("n=Molyko&n=Bomaka&type=room&type=studio")).toBe("n=Molyko&n=Bomaka&type=room&type=studio");
    expect(normalizeSearchQuery("q=  self contained  ")).toBe("q=self+contained");
  });
});
