import { domainError, type DomainError } from "../shared/result";

// Stable codes in the `data-rights` namespace; app/ translates them
// (public/locales/*/data-rights.json, key `errors.<suffix>`) and maps them to HTTP statuses.
export const DATA_RIGHTS_ERROR_MESSAGES_EN = {
  "data-rights.wrong_password": "Your password is not correct.",
  "data-rights.recent_sign_in_required": "For your safety, sign out and sign in again with Google, then download within 10 minutes.",
  "data-rights.too_many_downloads": "You can download your data {max} times an hour. Please try again later.",
  "data-rights.too_many_attempts": "Too many attempts. Please wait 15 minutes and try again.",
  "data-rights.account_not_found": "Account not found.",
  "data-rights.confirmation_required": "Please tick the box to confirm that you want to close your account.",
  "data-rights.reason_required": "Please say why: the person's request (for example, the date of their e-mail).",
  "data-rights.not_for_self": "Use your own profile for your own account.",
  "data-rights.already_closed": "This account is already closed.",
} as const;

export type DataRightsErrorCode = keyof typeof DATA_RIGHTS_ERROR_MESSAGES_EN;
export type DataRightsError = DomainError<DataRightsErrorCode>;

export const dataRightsError = (code: DataRightsErrorCode, params?: Record<string, string | number>): DataRightsError =>
  domainError(code, params);
