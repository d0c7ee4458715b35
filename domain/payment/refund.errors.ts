import type { DomainError } from "../shared/result";

/** An admin's refund (decision 0219); translated in the admin-payments namespace. */
export type RefundErrorCode =
  | "payment.not_found"
  | "admin-payments.refund_reason_required" // params { min, max }
  | "admin-payments.refund_not_successful" // only a successful payment took money
  | "admin-payments.refund_in_progress" // a refund of it is with the provider
  | "admin-payments.refund_already_refunded"
  | "admin-payments.refund_no_number" // the payment has no mobile-money number to send it to
  | "admin-payments.refunds_off" // no disbursement provider (PAYOUT_PROVIDER=off)
  | "admin-payments.refund_balance_too_low" // params { balance, needed }
  | "admin-payments.refund_provider_unavailable"
  | "admin-payments.refund_changed_meanwhile"; // the visit it paid changed at the same moment

export type RefundError = DomainError<RefundErrorCode>;
