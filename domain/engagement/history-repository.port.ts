export interface ViewedProperty {
  propertyId: string;
  viewedAt: Date;
}

export interface PastSearch {
  query: string;
  searchedAt: Date;
}

/** Each user's view and search histories (SPEC §3), kept on the server. */
export interface HistoryRepository {
  isVisibleProperty(propertyId: string): Promise<boolean>;
  /** Inserts the view, or moves an earlier view of the same property to `at` (never two rows for one property). */
  upsertView(userId: string, propertyId: string, at: Date): Promise<void>;
  /** Deletes all but the `keep` most recent views. */
  trimViews(userId: string, keep: number): Promise<void>;
  /** Most recent first; only properties that are still visible. */
  listViews(userId: string, limit: number): Promise<ViewedProperty[]>;
  clearViews(userId: string): Promise<void>;

  latestSearch(userId: string): Promise<PastSearch | null>;
  addSearch(id: string, userId: string, query: string, at: Date): Promise<void>;
  trimSearches(userId: string, keep: number): Promise<void>;
  /** Most recent first. */
  listSearches(userId: string, limit: number): Promise<PastSearch[]>;
  clearSearches(userId: string): Promise<void>;
}
