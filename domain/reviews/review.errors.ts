import { domainError, type DomainError } from "../shared/result";

export type ReviewErrorCode =
  | "reviews.viewing_not_found"
  | "reviews.viewing_not_confirmed"
  | "reviews.already_reviewed"
  | "reviews.invalid_rating"
  | "reviews.comment_too_long"
  | "reviews.review_not_found"
  | "reviews.already_replied"
  | "reviews.empty_reply"
  | "reviews.reply_too_long"
  // An agent rating their own listing's visit, or answering a review they wrote (decision 0108).
  | "reviews.self_review_forbidden";

export type ReviewError = DomainError<ReviewErrorCode>;

export const reviewError = (code: ReviewErrorCode, params?: Record<string, string | number>): ReviewError => domainError(code, params);
