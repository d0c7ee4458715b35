import { domainError, type DomainError } from "../shared/result";

export type ReportErrorCode =
  | "listings.property_not_found"
  | "listings.invalid_report_reason"
  | "listings.report_details_too_long"
  | "listings.already_reported"
  | "listings.cannot_report_own_listing"
  | "listings.report_not_found"
  | "listings.report_already_reviewed"
  | "listings.too_many_reports"; // params { max }: MAX_REPORTS_PER_DAY in 24 hours

export type ReportError = DomainError<ReportErrorCode>;

export const reportError = (code: ReportErrorCode, params?: Record<string, string | number>): ReportError => domainError(code, params);
