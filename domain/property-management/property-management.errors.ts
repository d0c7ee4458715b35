import type { DomainError } from "../shared/result";

/**
 * Expected refusals of the agent portal's property management. `portal.not_found` covers both a
 * missing property and another agent's: an agent never learns which ids exist (404 either way).
 */
export type PortalErrorCode =
  | "portal.not_found"
  | "portal.photo_not_found"
  | "portal.invalid_title"
  | "portal.invalid_description"
  | "portal.invalid_property_type"
  | "portal.invalid_rent"
  | "portal.invalid_advance_months"
  | "portal.invalid_neighbourhood"
  | "portal.invalid_address"
  | "portal.invalid_coordinates"
  | "portal.invalid_bedrooms"
  | "portal.invalid_bathrooms"
  | "portal.invalid_visiting_hours"
  | "portal.invalid_status"
  | "portal.invalid_photo_order"
  | "portal.too_many_photos"
  | "portal.photo_too_large"
  | "portal.photo_empty"
  | "portal.photo_unsupported_format"
  | "portal.photo_unreadable"
  | "portal.not_available_to_confirm"
  | "portal.invalid_form";

export type PortalError = DomainError<PortalErrorCode>;
