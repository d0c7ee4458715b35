import { normalizeSearchQuery } from "../engagement/search-query";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import { alertError, type AlertError } from "./alerts.errors";
import { SAVED_SEARCH_LIMIT, type SavedSearch } from "./saved-search.entity";
import type { SavedSearchRepository } from "./saved-search-repository.port";

export interface SavedSearchDeps {
  savedSearches: SavedSearchRepository;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * Saves a listings search for e-mail alerts: at most 10 per user, no duplicates. Alerts cover
 * listings created from now on, not the ones the user has just seen.
 */
export async function saveSearch(
  deps: SavedSearchDeps,
  input: { userId: string; queryString: string },
): Promise<Result<SavedSearch, AlertError>> {
  const query = normalizeSearchQuery(input.queryString);
  if (query === "") return err(alertError("listings.empty_search"));
  const now = deps.clock.now();
  const search: SavedSearch = { id: deps.ids.id(), userId: input.userId, query, lastNotifiedAt: now, createdAt: now };
  const outcome = await deps.savedSearches.addWithinLimit(search, SAVED_SEARCH_LIMIT);
  if (outcome === "exists") return err(alertError("listings.saved_search_exists"));
  if (outcome === "limit") return err(alertError("listings.saved_search_limit", { limit: SAVED_SEARCH_LIMIT }));
  return ok(search);
}
