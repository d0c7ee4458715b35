import { domainError, type DomainError } from "../shared/result";

export type ContactErrorCode =
  "contact.invalid_name" | "contact.invalid_email" | "contact.invalid_subject" | "contact.invalid_message" | "contact.rate_limited";

export type ContactError = DomainError<ContactErrorCode>;

export const contactError = (code: ContactErrorCode, params?: Record<string, string | number>): ContactError => domainError(code, params);
