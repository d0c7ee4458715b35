import { err, ok, type Result } from "../shared/result";
import { alertError, type AlertError } from "./alerts.errors";
import type { SavedSearchRepository } from "./saved-search-repository.port";

/** Stops the alerts of one of the user's saved searches. */
export async function deleteSavedSearch(
  deps: { savedSearches: SavedSearchRepository },
  input: { userId: string; searchId: string },
): Promise<Result<void, AlertError>> {
  if (!(await deps.savedSearches.remove(input.userId, input.searchId))) return err(alertError("listings.saved_search_not_found"));
  return ok(undefined);
}
