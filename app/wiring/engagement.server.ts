// Wiring of engagement (domain/engagement): the wishlist, the view and search histories, and the
// daily view counts the agent's reports read. Composed into Services (as `engagement`).
import type { HistoryRepository } from "#domain/engagement/history-repository.port";
import type { WishlistRepository } from "#domain/engagement/wishlist-repository.port";
import type { PropertyViewTally } from "#domain/agent-reports/property-view-tally.port";
import type { Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyHistoryRepository } from "#infrastructure/repositories/kysely-history-repository";
import { KyselyPropertyViewTally } from "#infrastructure/repositories/kysely-property-view-tally";
import { KyselyWishlistRepository } from "#infrastructure/repositories/kysely-wishlist-repository";

/** For addToWishlist, removeFromWishlist, recordView (with the daily view counts), recordSearch and the history queries. */
export interface EngagementModule {
  wishlist: WishlistRepository;
  history: HistoryRepository;
  viewTally: PropertyViewTally;
  clock: Clock;
  ids: IdGenerator;
}

export function createEngagementModule(database: DatabaseHandle, clock: Clock, ids: IdGenerator): EngagementModule {
  const db = database.db;
  return {
    wishlist: new KyselyWishlistRepository(db),
    history: new KyselyHistoryRepository(db),
    viewTally: new KyselyPropertyViewTally(db),
    clock,
    ids,
  };
}
