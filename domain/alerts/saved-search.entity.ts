export const SAVED_SEARCH_LIMIT = 10;
/** At most this many new listings per saved search in one digest; the link to the search shows the rest. */
export const ALERT_MATCHES_PER_SEARCH = 10;

export interface SavedSearch {
  id: string;
  userId: string;
  /** The canonical listings query string (see normalizeSearchQuery). */
  query: string;
  /** Listings created after this time are news for the next digest. */
  lastNotifiedAt: Date;
  createdAt: Date;
}
