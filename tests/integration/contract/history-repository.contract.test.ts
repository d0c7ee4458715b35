import { afterEach, beforeEach, expect, it } from "vitest";
import type { HistoryRepository } from "#domain/engagement/history-repository.port";
import { InMemoryHistoryRepository } from "#domain/engagement/in-memory-history-repository";
import { KyselyHistoryRepository } from "#infrastructure/repositories/kysely-history-repository";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { propertyListHarness, type PropertyListHarness } from "./discovery-fixtures";

type Harness = PropertyListHarness<HistoryRepository>;

const harness = (kind: string): Promise<Harness> =>
  propertyListHarness<HistoryRepository>(
    kind,
    () => new InMemoryHistoryRepository(),
    (db) => new KyselyHistoryRepository(db),
  );

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));

describeEachDatabase(["memory", ...allDatabaseKinds()])("HistoryRepository on %s", (kind) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(kind);
    await h.user("u1");
    await h.user("u2");
    for (let i = 1; i <= 5; i++) await h.property(`p${i}`);
  });
  afterEach(() => h.close());

  it("moves a repeat view to the top instead of duplicating it", async () => {
    await h.repo.upsertView("u1", "p1", at(1));
    await h.repo.upsertView("u1", "p2", at(2));
    await h.repo.upsertView("u1", "p1", at(3));
    await h.repo.upsertView("u2", "p3", at(4));
    const views = await h.repo.listViews("u1", 20);
    expect(views.map((v) => v.propertyId)).toEqual(["p1", "p2"]);
    expect(views[0].viewedAt).toEqual(at(3));
  });

  it("trims to the most recent views of one user only", async () => {
    for (let i = 1; i <= 5; i++) await h.repo.upsertView("u1", `p${i}`, at(i));
    await h.repo.upsertView("u2", "p1", at(0));
    await h.repo.trimViews("u1", 3);
    expect((await h.repo.listViews("u1", 20)).map((v) => v.propertyId)).toEqual(["p5", "p4", "p3"]);
    expect((await h.repo.listViews("u2", 20)).map((v) => v.propertyId)).toEqual(["p1"]);
    expect((await h.repo.listViews("u1", 2)).map((v) => v.propertyId)).toEqual(["p5", "p4"]);
  });

  it("hides views of hidden properties and clears views", async () => {
    await h.repo.upsertView("u1", "p1", at(1));
    await h.repo.upsertView("u1", "p2", at(2));
    await h.hide("p2");
    expect((await h.repo.listViews("u1", 20)).map((v) => v.propertyId)).toEqual(["p1"]);
    expect(await h.repo.isVisibleProperty("p2")).toBe(false);
    await h.repo.clearViews("u1");
    expect(await h.repo.listViews("u1", 20)).toEqual([]);
  });

  it("stores searches newest first, trims and clears them", async () => {
    expect(await h.repo.latestSearch("u1")).toBeNull();
    for (let i = 1; i <= 4; i++) await h.repo.addSearch(`s${i}`, "u1", `n=Molyko&max=${i}0000`, at(i));
    await h.repo.addSearch("s9", "u2", "n=Muea", at(9));
    expect(await h.repo.latestSearch("u1")).toEqual({ query: "n=Molyko&max=40000", searchedAt: at(4) });
    await h.repo.trimSearches("u1", 2);
    expect((await h.repo.listSearches("u1", 10)).map((s) => s.query)).toEqual(["n=Molyko&max=40000", "n=Molyko&max=30000"]);
    await h.repo.clearSearches("u1");
    expect(await h.repo.listSearches("u1", 10)).toEqual([]);
    expect((await h.repo.listSearches("u2", 10)).map((s) => s.query)).toEqual(["n=Muea"]);
  });
});
