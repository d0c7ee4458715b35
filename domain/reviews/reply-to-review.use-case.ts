import type { Clock } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import type { PublicPages } from "../shared/public-pages.port";
import { REVIEW_REPLY_MAX } from "./review.entity";
import { reviewError, type ReviewError } from "./review.errors";
import type { ReviewRepository } from "./review-repository.port";

/** The reviewed agent answers a review, once; never a review they wrote themselves. The reply is public. */
export async function replyToReview(
  deps: { reviews: ReviewRepository; clock: Clock; publicPages: PublicPages },
  input: { agentId: string; reviewId: string; reply: string },
): Promise<Result<void, ReviewError>> {
  const reply = input.reply.trim();
  if (reply === "") return err(reviewError("reviews.empty_reply"));
  if (reply.length > REVIEW_REPLY_MAX) return err(reviewError("reviews.reply_too_long", { max: REVIEW_REPLY_MAX }));

  const review = await deps.reviews.findById(input.reviewId);
  if (!review || review.agentId !== input.agentId) return err(reviewError("reviews.review_not_found"));
  // A review the agent wrote about themselves is not a conversation to join as both sides.
  if (review.studentId === input.agentId) return err(reviewError("reviews.self_review_forbidden"));
  if (review.reply !== null) return err(reviewError("reviews.already_replied"));
  // Conditional write: two replies sent at once cannot both land.
  if (!(await deps.reviews.saveReply(review.id, reply, deps.clock.now()))) return err(reviewError("reviews.already_replied"));
  deps.publicPages.changed();
  return ok(undefined);
}
