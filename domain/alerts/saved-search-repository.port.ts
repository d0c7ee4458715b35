import type { SavedSearch } from "./saved-search.entity";

/** A saved search with where its digest goes. */
export interface SavedSearchWithRecipient {
  search: SavedSearch;
  email: string;
  fullName: string;
  /** The language of the account's e-mails. */
  language: "en" | "fr";
}

export interface SavedSearchRepository {
  countFor(userId: string): Promise<number>;
  /**
   * Adds the search unless the user already saved this query ("exists") or already has `limit`
   * searches ("limit"). Checking and adding are one step, so concurrent saves by one user never
   * pass the limit together.
   */
  addWithinLimit(search: SavedSearch, limit: number): Promise<"added" | "exists" | "limit">;
  /** False when the user has no saved search with this id. */
  remove(userId: string, searchId: string): Promise<boolean>;
  /** Newest first. */
  listFor(userId: string): Promise<SavedSearch[]>;
  /** Every saved search, grouped by user (ordered by user, then oldest first), for the alert job. */
  listAllWithRecipients(): Promise<SavedSearchWithRecipient[]>;
  markNotified(searchIds: readonly string[], at: Date): Promise<void>;
}
