import type { PropertyViewTally } from "../agent-reports/property-view-tally.port";
import { doualaDate } from "../booking/visit-date";
import type { Clock } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import { propertyNotFound, type EngagementError } from "./engagement.errors";
import { VIEW_HISTORY_LIMIT } from "./engagement.limits";
import type { HistoryRepository } from "./history-repository.port";

export interface HistoryDeps {
  history: HistoryRepository;
  clock: Clock;
}

export interface RecordViewDeps extends HistoryDeps {
  /** The listing's daily view counts, read by the agent's reports. */
  viewTally: PropertyViewTally;
}

/**
 * Remembers that the user opened a listing: a repeat view moves it to the top rather than
 * adding a second entry, and only the last VIEW_HISTORY_LIMIT views are kept.
 *
 * It also counts the view for the listing's agent's reports (decision 0119): once per user,
 * listing and Buea day (a reload or a second look the same day is not a second view), and never
 * the agent's own look at their listing.
 */
export async function recordView(
  deps: RecordViewDeps,
  input: { userId: string; propertyId: string },
): Promise<Result<void, EngagementError>> {
  if (!(await deps.history.isVisibleProperty(input.propertyId))) return err(propertyNotFound());
  const now = deps.clock.now();
  const today = doualaDate(now);
  const previous = (await deps.history.listViews(input.userId, VIEW_HISTORY_LIMIT)).find((v) => v.propertyId === input.propertyId);
  await deps.history.upsertView(input.userId, input.propertyId, now);
  await deps.history.trimViews(input.userId, VIEW_HISTORY_LIMIT);
  if (previous && doualaDate(previous.viewedAt) === today) return ok(undefined);
  if ((await deps.viewTally.listingAgentOf(input.propertyId)) === input.userId) return ok(undefined);
  await deps.viewTally.addView(input.propertyId, today);
  return ok(undefined);
}
