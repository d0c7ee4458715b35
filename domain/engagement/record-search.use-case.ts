import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import { emptySearch, type EngagementError } from "./engagement.errors";
import { SEARCH_HISTORY_LIMIT } from "./engagement.limits";
import type { HistoryRepository } from "./history-repository.port";
import { normalizeSearchQuery } from "./search-query";

export interface RecordSearchOutcome {
  /** False when it repeated the latest search, so nothing new was stored. */
  recorded: boolean;
  query: string;
}

/**
 * Remembers a listings search by its query string. An empty search is refused (the route simply
 * does not record it); running the latest search again (paging, reloading) is not a new entry.
 */
export async function recordSearch(
  deps: { history: HistoryRepository; clock: Clock; ids: IdGenerator },
  input: { userId: string; queryString: string },
): Promise<Result<RecordSearchOutcome, EngagementError>> {
  const query = normalizeSearchQuery(input.queryString);
  if (query === "") return err(emptySearch());
  const latest = await deps.history.latestSearch(input.userId);
  if (latest?.query === query) return ok({ recorded: false, query });
  await deps.history.addSearch(deps.ids.id(), input.userId, query, deps.clock.now());
  await deps.history.trimSearches(input.userId, SEARCH_HISTORY_LIMIT);
  return ok({ recorded: true, query });
}
