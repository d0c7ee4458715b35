import type { Review, Viewing } from "./review.entity";

/** A review with the reviewer's name, as an agent's page shows it. */
export interface ReviewWithAuthor extends Review {
  studentFullName: string;
}

export interface ReviewRepository {
  findViewing(bookingId: string): Promise<Viewing | null>;
  /** False when the viewing already has a review (reviews.booking_id is unique). */
  add(review: Review): Promise<boolean>;
  findById(reviewId: string): Promise<Review | null>;
  /** Stores the agent's reply unless one exists; false when it already did. */
  saveReply(reviewId: string, reply: string, at: Date): Promise<boolean>;
  /** Newest first. */
  listForAgent(agentId: string): Promise<ReviewWithAuthor[]>;
  /** The student's confirmed viewings that have no review yet, most recent visit first; never of their own listings. */
  unreviewedConfirmedViewings(studentId: string): Promise<Viewing[]>;
}
