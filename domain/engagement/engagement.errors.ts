import { domainError, type DomainError } from "../shared/result";

// The discovery side's personal features speak the listings namespace: app/ shows t("listings:errors.<code>").
export type EngagementErrorCode = "listings.property_not_found" | "listings.empty_search";

export type EngagementError = DomainError<EngagementErrorCode>;

export const propertyNotFound = (): EngagementError => domainError("listings.property_not_found");
export const emptySearch = (): EngagementError => domainError("listings.empty_search");
