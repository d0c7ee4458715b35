// Money out to agents through the disbursement provider (issue 34, decision 0212).
import { normalisePaymentPhone } from "../payment/payment-phone";
import { err, ok, domainError, type Result } from "../shared/result";
import type { PayoutError } from "./payout.errors";

/** The networks a payout can go to: the same two the payment form offers. */
export const PAYOUT_MEDIUMS = ["mtn_momo", "orange_money"] as const;
export type PayoutMedium = (typeof PAYOUT_MEDIUMS)[number];

export function isPayoutMedium(value: string): value is PayoutMedium {
  return (PAYOUT_MEDIUMS as readonly string[]).includes(value);
}

/** The mobile-money number an agent is paid to. */
export interface PayoutNumber {
  agentId: string;
  /** The nine national digits, 6XXXXXXXX, as the provider wants them. */
  phone: string;
  medium: PayoutMedium;
  updatedAt: Date;
}

/**
 * The payout number as typed: the payment phone's rule (non-digits stripped, 237 added, exactly
 * nine national digits) and, as Fapshi requires for a payout, a mobile number (it starts with 6).
 * The network is the agent's choice: prefixes move between networks, so they are not guessed.
 */
export function parsePayoutNumber(
  phone: string | null | undefined,
  medium: string | null | undefined,
): Result<{ phone: string; medium: PayoutMedium }, PayoutError> {
  if (!medium || !isPayoutMedium(medium)) return err(domainError("payouts.medium_required"));
  const normalised = normalisePaymentPhone(phone);
  if (!normalised.ok || !/^6\d{8}$/.test(normalised.value.national)) return err(domainError("payouts.invalid_number"));
  return ok({ phone: normalised.value.national, medium });
}

/** pending: written before the provider is asked, until it answers SUCCESSFUL or FAILED. */
export type PayoutStatus = "pending" | "successful" | "failed";

export interface Payout {
  /** Our reference: the provider's externalId. */
  id: string;
  agentId: string;
  amount: number;
  phone: string;
  medium: PayoutMedium;
  status: PayoutStatus;
  /** The provider's transaction id, once it has answered the send (or it was found by our reference). */
  transId: string | null;
  /** Why it failed, as the provider said. */
  reason: string | null;
  /** The earnings it pays were recorded at or before this instant. */
  cutOff: Date;
  earningCount: number;
  /** When a process last took the right to send it; null once the provider has a transaction. */
  sendClaimedAt: Date | null;
  /** The admin who started the run, or null for the scheduled job. */
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PayoutEvent {
  id: string;
  payoutId: string;
  type: "created" | "sent" | "send_unconfirmed" | "found_by_reference" | "succeeded" | "failed";
  data: Record<string, string | number | boolean | null>;
  at: Date;
}

/** What the audit log keeps of a payout before and after a change. */
export function payoutAuditState(p: Payout): Record<string, unknown> {
  return { agentId: p.agentId, amount: p.amount, phone: p.phone, medium: p.medium, status: p.status, transId: p.transId, reason: p.reason };
}

/** Fapshi refuses payouts under 100 XAF. */
export const MIN_PAYOUT_XAF = 100;

/** A send claim older than this is taken to have died with its process: the payout is looked up by reference, then sent again. */
export const SEND_CLAIM_STALE_MS = 2 * 60_000;
