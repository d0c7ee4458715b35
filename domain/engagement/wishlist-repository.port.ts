/** A user's saved listings (SPEC §3 "wishlist"), kept on the server. */
export interface WishlistRepository {
  /** True when the property exists and is not hidden by moderation. */
  isVisibleProperty(propertyId: string): Promise<boolean>;
  /** Idempotent: adding a saved property again keeps the original date. */
  add(userId: string, propertyId: string, at: Date): Promise<void>;
  remove(userId: string, propertyId: string): Promise<void>;
  /** Ids of the user's saved properties that are still visible, most recently saved first. */
  listIds(userId: string): Promise<string[]>;
}
