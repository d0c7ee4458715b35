import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import type { PublicPages } from "../shared/public-pages.port";
import { REVIEW_COMMENT_MAX, isValidRating } from "./review.entity";
import { reviewError, type ReviewError } from "./review.errors";
import type { ReviewRepository } from "./review-repository.port";

export interface RateAgentInput {
  studentId: string;
  /** The confirmed viewing the rating is about. */
  bookingId: string;
  rating: number;
  comment?: string;
}

/**
 * A student rates the agent who showed them a property. Only after a viewing that really took
 * place (booking confirmed, viewing outcome confirmed), once per viewing, and never their own.
 * The review shows on the agent's public profile and rating.
 */
export async function rateAgent(
  deps: { reviews: ReviewRepository; clock: Clock; ids: IdGenerator; publicPages: PublicPages },
  input: RateAgentInput,
): Promise<Result<{ reviewId: string; agentId: string }, ReviewError>> {
  if (!isValidRating(input.rating)) return err(reviewError("reviews.invalid_rating", { min: 1, max: 5 }));
  const comment = (input.comment ?? "").trim();
  if (comment.length > REVIEW_COMMENT_MAX) return err(reviewError("reviews.comment_too_long", { max: REVIEW_COMMENT_MAX }));

  const viewing = await deps.reviews.findViewing(input.bookingId);
  // Someone else's booking is reported as missing: its existence is none of this student's business.
  if (!viewing || viewing.studentId !== input.studentId) return err(reviewError("reviews.viewing_not_found"));
  // Self-dealing: an agent who visited their own listing does not rate themselves.
  if (viewing.agentId === input.studentId) return err(reviewError("reviews.self_review_forbidden"));
  if (!viewing.confirmed) return err(reviewError("reviews.viewing_not_confirmed"));

  const reviewId = deps.ids.id();
  const added = await deps.reviews.add({
    id: reviewId,
    agentId: viewing.agentId,
    studentId: input.studentId,
    bookingId: viewing.bookingId,
    rating: input.rating,
    comment,
    reply: null,
    repliedAt: null,
    createdAt: deps.clock.now(),
  });
  if (!added) return err(reviewError("reviews.already_reviewed"));
  deps.publicPages.changed();
  return ok({ reviewId, agentId: viewing.agentId });
}
