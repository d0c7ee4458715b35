import type { DomainError } from "../shared/result";

export type CommissionErrorCode =
  | "commission.booking_not_found"
  | "commission.not_your_booking"
  | "commission.booking_not_confirmed"
  | "commission.visit_not_yet_due"
  | "commission.already_recorded"
  // The booking's student is the listing's agent (self-dealing; decision 0108).
  | "commission.own_listing_forbidden"
  // Voiding (admin).
  | "commission.commission_not_found"
  | "commission.commission_already_voided"
  | "commission.commission_already_paid"
  | "commission.void_reason_required"
  | "commission.void_reason_too_long" // params { max }
  // The weekly payout run (admin).
  | "commission.payout_reference_required"
  | "commission.payout_reference_too_long" // params { max }
  | "commission.payout_date_invalid"
  | "commission.payout_nothing_pending";

export type CommissionError = DomainError<CommissionErrorCode>;
