import { domainError, type DomainError } from "../shared/result";

export type ModerationErrorCode =
  | "moderation.property_not_found"
  /** The property is already in the asked state (another admin got there first, or a replayed form). */
  | "moderation.no_change"
  | "moderation.reason_too_long";

export type ModerationError = DomainError<ModerationErrorCode>;

export const moderationError = (code: ModerationErrorCode, params?: Record<string, string | number>): ModerationError =>
  domainError(code, params);
