import { RECOMMENDATION_SEED_COUNT, SEARCH_HISTORY_LIMIT, VIEW_HISTORY_LIMIT } from "./engagement.limits";
import type { HistoryRepository, PastSearch, ViewedProperty } from "./history-repository.port";

type Deps = { history: HistoryRepository };

/** The user's recently viewed, still visible listings, most recent first. */
export function listViewHistory(deps: Deps, userId: string): Promise<ViewedProperty[]> {
  return deps.history.listViews(userId, VIEW_HISTORY_LIMIT);
}

/** Ids of the latest viewed listings, the seed for personalised recommendations (SPEC §9: 6). */
export async function latestViewedIds(deps: Deps, userId: string, count = RECOMMENDATION_SEED_COUNT): Promise<string[]> {
  const views = await deps.history.listViews(userId, Math.min(Math.max(count, 0), VIEW_HISTORY_LIMIT));
  return recommendationSeeds(views, count);
}

/**
 * The same seed from a view history already read (most recent first, as listViewHistory gives it):
 * its first `count` listings. A page that shows the history and the recommendations reads it once.
 */
export function recommendationSeeds(views: readonly ViewedProperty[], count = RECOMMENDATION_SEED_COUNT): string[] {
  return views.slice(0, Math.min(Math.max(count, 0), VIEW_HISTORY_LIMIT)).map((v) => v.propertyId);
}

export function listSearchHistory(deps: Deps, userId: string): Promise<PastSearch[]> {
  return deps.history.listSearches(userId, SEARCH_HISTORY_LIMIT);
}

export function clearViewHistory(deps: Deps, userId: string): Promise<void> {
  return deps.history.clearViews(userId);
}

export function clearSearchHistory(deps: Deps, userId: string): Promise<void> {
  return deps.history.clearSearches(userId);
}
