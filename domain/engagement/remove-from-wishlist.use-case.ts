import { ok, type Result } from "../shared/result";
import type { EngagementError } from "./engagement.errors";
import type { WishlistRepository } from "./wishlist-repository.port";

/** Removes a listing from the wishlist. Removing one that is not there is not an error (a double submit). */
export async function removeFromWishlist(
  deps: { wishlist: WishlistRepository },
  input: { userId: string; propertyId: string },
): Promise<Result<void, EngagementError>> {
  await deps.wishlist.remove(input.userId, input.propertyId);
  return ok(undefined);
}
