export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;

export interface Review {
  id: string;
  agentId: string;
  studentId: string;
  /** The viewing the review is about: one review per viewing. */
  bookingId: string;
  rating: number;
  comment: string;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
}

/** A booking seen from the review side. */
export interface Viewing {
  bookingId: string;
  studentId: string;
  agentId: string;
  agentName: string;
  propertyId: string;
  propertyTitle: string;
  visitDate: string; // YYYY-MM-DD
  /** booking_status 'confirmed' and the viewing recorded as having taken place. */
  confirmed: boolean;
}

export const isValidRating = (rating: number): boolean => Number.isInteger(rating) && rating >= RATING_MIN && rating <= RATING_MAX;

/** Reviews show the student's first name only: enough to feel real, not enough to find them. */
export const publicName = (fullName: string): string => fullName.trim().split(/\s+/)[0] ?? "";
