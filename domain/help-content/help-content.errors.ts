import { domainError, type DomainError } from "../shared/result";

export type HelpContentErrorCode =
  | "help-content.faq_not_found"
  | "help-content.legal_page_not_found"
  | "help-content.invalid_group"
  /** A required text (the English question or answer, title or body) is empty. */
  | "help-content.text_required"
  | "help-content.text_too_long"
  /** The entry is already first or last of its group. */
  | "help-content.cannot_move"
  /** Saved as it already was. */
  | "help-content.no_change";

export type HelpContentError = DomainError<HelpContentErrorCode>;

export const helpContentError = (code: HelpContentErrorCode, params?: Record<string, string | number>): HelpContentError =>
  domainError(code, params);
