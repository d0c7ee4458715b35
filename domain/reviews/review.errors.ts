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
  | "reviews.reply_too_long";

export type ReviewError = DomainError<ReviewErrorCode>;

export const reviewError = (code: ReviewErrorCode, params?: Record<string, string | number>): ReviewError =>
  domainError(code, params);
