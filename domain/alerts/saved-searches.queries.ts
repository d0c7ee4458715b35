import type { SavedSearch } from "./saved-search.entity";
import type { SavedSearchRepository } from "./saved-search-repository.port";

/** The user's saved searches, newest first. */
export function listSavedSearches(deps: { savedSearches: SavedSearchRepository }, userId: string): Promise<SavedSearch[]> {
  return deps.savedSearches.listFor(userId);
}
