// Wiring of agent reviews (domain/reviews). Composed into Services (as `reviews`).
import type { ReviewRepository } from "#domain/reviews/review-repository.port";
import type { Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { PublicPages } from "#domain/shared/public-pages.port";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyReviewRepository } from "#infrastructure/repositories/kysely-review-repository";

/** For rateAgent, replyToReview and the review queries. */
export interface ReviewsModule {
  reviews: ReviewRepository;
  clock: Clock;
  ids: IdGenerator;
  publicPages: PublicPages;
}

export function createReviewsModule(database: DatabaseHandle, clock: Clock, ids: IdGenerator, publicPages: PublicPages): ReviewsModule {
  return { reviews: new KyselyReviewRepository(database.db), clock, ids, publicPages };
}
