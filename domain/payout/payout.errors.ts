import type { DomainError } from "../shared/result";

export type PayoutErrorCode =
  // The payout number (agent).
  | "payouts.invalid_number"
  | "payouts.medium_required"
  | "payouts.wrong_password"
  | "payouts.too_many_attempts"
  | "payouts.agent_not_found"
  // The run (admin or job).
  | "payouts.disabled"
  | "payouts.nothing_due"
  | "payouts.balance_too_low" // params { balance, needed }
  | "payouts.provider_unavailable"
  // A webhook about a transaction that is none of our payouts.
  | "payouts.not_found";

export type PayoutError = DomainError<PayoutErrorCode>;
