import type { DomainError } from "../shared/result";

export type CommissionErrorCode =
  | "commission.booking_not_found"
  | "commission.not_your_booking"
  | "commission.booking_not_confirmed"
  | "commission.visit_not_yet_due"
  | "commission.already_recorded";

export type CommissionError = DomainError<CommissionErrorCode>;
