import { domainError, type DomainError } from "../shared/result";

export type BlogErrorCode =
  | "blog.post_not_found"
  | "blog.page_not_found"
  /** Another post has this slug. */
  | "blog.slug_conflict"
  /** Not lowercase a-z, 0-9 and single hyphens, too long, or none could be made from the title. */
  | "blog.invalid_slug"
  | "blog.title_required"
  /** params: { max, language } */
  | "blog.title_too_long"
  | "blog.excerpt_too_long"
  | "blog.body_too_long"
  /** Publishing needs the English title, excerpt and body (French falls back to them). */
  | "blog.incomplete"
  | "blog.already_published"
  | "blog.not_published"
  | "blog.photo_too_large"
  | "blog.photo_unsupported_format"
  | "blog.photo_unreadable"
  /** A `coverUpload` key that is not a temporary cover upload's (never read). */
  | "blog.invalid_cover_upload"
  /** The temporary cover of a preview is gone (older than a day): choose the file again. */
  | "blog.cover_upload_expired";
export type BlogError = DomainError<BlogErrorCode>;
export const blogError = (code: BlogErrorCode, params?: Record<string, string | number>): BlogError => domainError(code, params);
