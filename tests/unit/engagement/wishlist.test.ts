import { beforeEach, describe, expect, it } from "vitest";
import { addToWishlist } from "#domain/engagement/add-to-wishlist.use-case";
import { InMemoryWishlistRepository } from "#domain/engagement/in-memory-wishlist-repository";
import { removeFromWishlist } from "#domain/engagement/remove-from-wishlist.use-case";
import { isInWishlist, listWishlistIds } from "#domain/engagement/wishlist.queries";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";

describe("wishlist", () => {
  let wishlist: InMemoryWishlistRepository;
  let clock: FixedClock;
  beforeEach(() => {
    wishlist = new InMemoryWishlistRepository();
    clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
    wishlist.putProperty("p1");
    wishlist.putProperty("p2");
    wishlist.putProperty("hidden", true);
  });
  const deps = () => ({ wishlist, clock });

  it("saves a visible listing once, however often it is added", async () => {
    expect(await addToWishlist(deps(), { userId: "u1", propertyId: "p1" })).toEqual({ ok: true, value: undefined });
    clock.advance(MINUTE_MS);
    expect((await addToWishlist(deps(), { userId: "u1", propertyId: "p1" })).ok).toBe(true);
    expect(await listWishlistIds(deps(), "u1")).toEqual(["p1"]);
    expect(await isInWishlist(deps(), "u1", "p1")).toBe(true);
    expect(await isInWishlist(deps(), "u2", "p1")).toBe(false);
  });

  it("refuses a listing that does not exist or is hidden", async () => {
    for (const propertyId of ["missing", "hidden"]) {
      const result = await addToWishlist(deps(), { userId: "u1", propertyId });
      expect(result).toEqual({ ok: false, error: { code: "listings.property_not_found" } });
    }
    expect(await listWishlistIds(deps(), "u1")).toEqual([]);
  });

  it("lists the most recently saved first and removes idempotently", async () => {
    await addToWishlist(deps(), { userId: "u1", propertyId: "p1" });
    clock.advance(MINUTE_MS);
    await addToWishlist(deps(), { userId: "u1", propertyId: "p2" });
    expect(await listWishlistIds(deps(), "u1")).toEqual(["p2", "p1"]);
    expect((await removeFromWishlist(deps(), { userId: "u1", propertyId: "p2" })).ok).toBe(true);
    expect((await removeFromWishlist(deps(), { userId: "u1", propertyId: "p2" })).ok).toBe(true);
    expect(await listWishlistIds(deps(), "u1")).toEqual(["p1"]);
  });

  it("drops a saved listing from the list once moderation hides it", async () => {
    await addToWishlist(deps(), { userId: "u1", propertyId: "p1" });
    wishlist.putProperty("p1", true);
    expect(await listWishlistIds(deps(), "u1")).toEqual([]);
  });
});
