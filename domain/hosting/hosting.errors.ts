import type { DomainError } from "../shared/result";

/**
 * Expected refusals of the host area and of the admin's review of hosts. `hosting.not_found`
 * covers a missing guest house and another host's: a host never learns which ids exist (404).
 */
export type HostingErrorCode =
  | "hosting.not_found"
  | "hosting.photo_not_found"
  | "hosting.host_not_found"
  | "hosting.forbidden"
  | "hosting.verification_required"
  | "hosting.already_verified"
  | "hosting.verification_not_pending"
  | "hosting.self_review_forbidden"
  | "hosting.reason_required"
  | "hosting.approval_documents_missing"
  | "hosting.approval_reason_too_long"
  | "hosting.identity_document_required"
  | "hosting.ownership_document_required"
  | "hosting.too_many_documents"
  | "hosting.document_too_large"
  | "hosting.document_type"
  | "hosting.invalid_name"
  | "hosting.invalid_description"
  | "hosting.invalid_neighbourhood"
  | "hosting.invalid_address"
  | "hosting.invalid_coordinates"
  | "hosting.invalid_rate"
  | "hosting.invalid_rooms"
  | "hosting.invalid_max_guests"
  | "hosting.invalid_amenities"
  | "hosting.invalid_house_rules"
  | "hosting.invalid_whatsapp"
  | "hosting.invalid_dates"
  | "hosting.too_many_photos"
  | "hosting.photo_too_large"
  | "hosting.photo_empty"
  | "hosting.photo_unsupported_format"
  | "hosting.photo_unreadable"
  | "hosting.invalid_photo_order"
  | "hosting.invalid_form";

export type HostingError = DomainError<HostingErrorCode>;
