import type { Clock } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import { propertyNotFound, type EngagementError } from "./engagement.errors";
import type { WishlistRepository } from "./wishlist-repository.port";

export interface WishlistDeps {
  wishlist: WishlistRepository;
  clock: Clock;
}

/** Saves a listing to the user's wishlist; saving it twice is not an error. */
export async function addToWishlist(
  deps: WishlistDeps,
  input: { userId: string; propertyId: string },
): Promise<Result<void, EngagementError>> {
  if (!(await deps.wishlist.isVisibleProperty(input.propertyId))) return err(propertyNotFound());
  await deps.wishlist.add(input.userId, input.propertyId, deps.clock.now());
  return ok(undefined);
}
