import { afterEach, beforeEach, expect, it } from "vitest";
import type { WishlistRepository } from "#domain/engagement/wishlist-repository.port";
import { InMemoryWishlistRepository } from "#domain/engagement/in-memory-wishlist-repository";
import { KyselyWishlistRepository } from "#infrastructure/repositories/kysely-wishlist-repository";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { propertyListHarness, type PropertyListHarness } from "./discovery-fixtures";

type Harness = PropertyListHarness<WishlistRepository>;

const harness = (kind: string): Promise<Harness> =>
  propertyListHarness<WishlistRepository>(
    kind,
    () => new InMemoryWishlistRepository(),
    (db) => new KyselyWishlistRepository(db),
  );

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));

describeEachDatabase(["memory", ...allDatabaseKinds()])("WishlistRepository on %s", (kind) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(kind);
    await h.user("u1");
    await h.user("u2");
    for (const id of ["p1", "p2", "p3"]) await h.property(id);
  });
  afterEach(() => h.close());

  it("knows which properties exist and are visible", async () => {
    await h.hide("p3");
    expect(await h.repo.isVisibleProperty("p1")).toBe(true);
    expect(await h.repo.isVisibleProperty("p3")).toBe(false);
    expect(await h.repo.isVisibleProperty("nope")).toBe(false);
  });

  it("adds idempotently, lists newest first per user, and removes", async () => {
    await h.repo.add("u1", "p1", at(1));
    await h.repo.add("u1", "p2", at(2));
    await h.repo.add("u1", "p1", at(3));
    await h.repo.add("u2", "p3", at(4));
    expect(await h.repo.listIds("u1")).toEqual(["p2", "p1"]);
    await h.repo.remove("u1", "p2");
    await h.repo.remove("u1", "p2");
    expect(await h.repo.listIds("u1")).toEqual(["p1"]);
    expect(await h.repo.listIds("u2")).toEqual(["p3"]);
  });

  it("leaves hidden properties out of the list", async () => {
    await h.repo.add("u1", "p1", at(1));
    await h.repo.add("u1", "p2", at(2));
    await h.hide("p2");
    expect(await h.repo.listIds("u1")).toEqual(["p1"]);
  });
});
