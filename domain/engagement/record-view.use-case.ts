import type { Clock } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import { propertyNotFound, type EngagementError } from "./engagement.errors";
import { VIEW_HISTORY_LIMIT } from "./engagement.limits";
import type { HistoryRepository } from "./history-repository.port";

export interface HistoryDeps {
  history: HistoryRepository;
  clock: Clock;
}

/**
 * Remembers that the user opened a listing: a repeat view moves it to the top rather than
 * adding a second entry, and only the last VIEW_HISTORY_LIMIT views are kept.
 */
export async function recordView(
  deps: HistoryDeps,
  input: { userId: string; propertyId: string },
): Promise<Result<void, EngagementError>> {
  if (!(await deps.history.isVisibleProperty(input.propertyId))) return err(propertyNotFound());
  await deps.history.upsertView(input.userId, input.propertyId, deps.clock.now());
  await deps.history.trimViews(input.userId, VIEW_HISTORY_LIMIT);
  return ok(undefined);
}
