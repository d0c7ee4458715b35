import type { SavedSearch } from "./saved-search.entity";

/** A saved search with where its digest goes. */
export interface SavedSearchWithRecipient {
  search: SavedSearch;
  email: string;
  fullName: string;
}

export interface SavedSearchRepository {
  countFor(userId: string): Promise<number>;
  /** False when the user already saved this query. */
  add(search: SavedSearch): Promise<boolean>;
  /** False when the user has no saved search with this id. */
  remove(userId: string, searchId: string): Promise<boolean>;
  /** Newest first. */
  listFor(userId: string): Promise<SavedSearch[]>;
  /** Every saved search, grouped by user (ordered by user, then oldest first), for the alert job. */
  listAllWithRecipients(): Promise<SavedSearchWithRecipient[]>;
  markNotified(searchIds: readonly string[], at: Date): Promise<void>;
}
