import type { WishlistRepository } from "./wishlist-repository.port";

// Reads that cannot fail in an expected way return plain values.

/** The user's saved, still visible listings, most recently saved first. */
export function listWishlistIds(deps: { wishlist: WishlistRepository }, userId: string): Promise<string[]> {
  return deps.wishlist.listIds(userId);
}

export async function isInWishlist(deps: { wishlist: WishlistRepository }, userId: string, propertyId: string): Promise<boolean> {
  return (await deps.wishlist.listIds(userId)).includes(propertyId);
}
