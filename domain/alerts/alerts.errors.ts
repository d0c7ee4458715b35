import { domainError, type DomainError } from "../shared/result";

// Saved searches belong to the listings pages: t("listings:errors.<code>").
export type AlertErrorCode =
  "listings.empty_search" | "listings.saved_search_limit" | "listings.saved_search_exists" | "listings.saved_search_not_found";

export type AlertError = DomainError<AlertErrorCode>;
export const alertError = (code: AlertErrorCode, params?: Record<string, string | number>): AlertError => domainError(code, params);
