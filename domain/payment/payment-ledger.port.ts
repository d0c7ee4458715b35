// The admin's read of every payment: filtered pages, newest first (SPEC §7: "payments ... optional
// filters status and paymentType, limit and offset, newest first"), and statistics by gateway,
// computed by the database.
import type { Payment, PaymentStatus, PaymentType } from "./payment.entity";
import type { RefundStatus } from "./payment-refund";

export interface PaymentLedgerQuery {
  status?: PaymentStatus;
  type?: PaymentType;
  gateway?: string;
  /** Only payments with a refund in this state (decision 0184: "to refund"). */
  refund?: RefundStatus;
  limit: number;
  offset: number;
  /** Count the matches only up to this many (domain/shared/paging.ts countLimitFor). */
  countLimit: number;
}

export interface LedgerPayment extends Payment {
  payerName: string;
  payerEmail: string;
  /** The state of its refund, when it has one. */
  refundStatus: RefundStatus | null;
}

/** One gateway's figures over all its payments. Amounts in XAF. */
export interface GatewayStats {
  gateway: string;
  count: number;
  /** Sum of every payment's amount, whatever its status. */
  amount: number;
  successfulCount: number;
  /** The money actually taken. */
  successfulAmount: number;
  failedCount: number;
  expiredCount: number;
  pendingCount: number;
}

export interface PaymentLedger {
  /** Newest first (created_at, then id); `total` counts the matches up to `countLimit`. */
  list(query: PaymentLedgerQuery): Promise<{ items: LedgerPayment[]; total: number }>;
  /** One row per gateway (as stored, an empty name included), by gateway name. */
  statsByGateway(): Promise<GatewayStats[]>;
  /** How many refunds are in this state (the "to refund" list's size). */
  countRefunds(status: RefundStatus): Promise<number>;
}

/**
 * Success rate of settled payments: successful ÷ (successful + failed + expired), pending ones left
 * out since they may still succeed; null when none is settled.
 */
export function successRate(s: Pick<GatewayStats, "successfulCount" | "failedCount" | "expiredCount">): number | null {
  const settled = s.successfulCount + s.failedCount + s.expiredCount;
  return settled === 0 ? null : s.successfulCount / settled;
}
