import { publicName, type Viewing } from "./review.entity";
import type { ReviewRepository } from "./review-repository.port";

export interface AgentReviewItem {
  id: string;
  rating: number;
  comment: string;
  studentName: string;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
}

export interface AgentReviews {
  items: AgentReviewItem[];
  count: number;
  /** Mean rating to one decimal, null without reviews. */
  averageRating: number | null;
}

/** An agent's reviews, newest first, with the count and average the agent card shows. */
export async function listReviewsForAgent(deps: { reviews: ReviewRepository }, agentId: string): Promise<AgentReviews> {
  const reviews = await deps.reviews.listForAgent(agentId);
  const count = reviews.length;
  const averageRating = count === 0 ? null : Math.round((reviews.reduce((s, r) => s + r.rating, 0) / count) * 10) / 10;
  return {
    count,
    averageRating,
    items: reviews.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      studentName: publicName(r.studentFullName),
      reply: r.reply,
      repliedAt: r.repliedAt,
      createdAt: r.createdAt,
    })),
  };
}

/** Viewings the student may still review (the "rate your agent" prompts). */
export function reviewableViewings(deps: { reviews: ReviewRepository }, studentId: string): Promise<Viewing[]> {
  return deps.reviews.unreviewedConfirmedViewings(studentId);
}
