// A payment through the mobile-money provider. Amounts are decided here, on the server, from the
// purchase: never from the browser.
import { HOUR_MS } from "../shared/clock";
import { BOOKING_FEE_XAF } from "../booking/booking.entity";
import { SUBSCRIPTION_PRICE_XAF } from "../subscription/subscription.entity";

export const PAYMENT_TYPES = ["student_rental", "unified_payment", "guest_house_access", "test_payment"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_METHODS = ["mtn_momo", "orange_money"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The four statuses we keep. The provider's and older records' synonyms are folded in by normalisePaymentStatus. */
export type PaymentStatus = "pending" | "successful" | "failed" | "expired";

export const GUEST_HOUSE_ACCESS_FEE_XAF = 5000;
export const TEST_PAYMENT_XAF = 5000;

/** The price of each purchase type, in XAF. */
export const PAYMENT_PRICES: Readonly<Record<PaymentType, number>> = Object.freeze({
  student_rental: BOOKING_FEE_XAF,
  unified_payment: SUBSCRIPTION_PRICE_XAF,
  guest_house_access: GUEST_HOUSE_ACCESS_FEE_XAF,
  test_payment: TEST_PAYMENT_XAF,
});

/** Types whose success buys two weeks of visit booking. */
export const SUBSCRIPTION_PAYMENT_TYPES: readonly PaymentType[] = ["student_rental", "unified_payment"];

/** A provider checkout link lives this long; after it a payment that has not succeeded is expired. */
export const PAYMENT_LINK_LIFETIME_MS = 24 * HOUR_MS;
/** The reconciler reads the payments to re-check this many at a time. */
export const RECONCILE_PAGE_SIZE = 100;
/** How long the provider may take to answer an initialisation. */
export const PAYMENT_INIT_TIMEOUT_MS = 30_000;

export interface Payment {
  id: string;
  userId: string;
  gateway: string;
  status: PaymentStatus;
  type: PaymentType;
  amount: number;
  currency: "XAF";
  method: PaymentMethod | null;
  /** International form, 237 followed by the national digits. */
  phone: string | null;
  /** Our reference: sent to the provider as externalId and used in /payment-success?ref=. */
  reference: string;
  providerTxId: string | null;
  checkoutUrl: string | null;
  bookingId: string | null;
  guestHouseId: string | null;
  failureReason: string | null;
  confirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * What the payment is for (paymentPurpose: a booking, or the user's subscription, guest-house
   * access or test payment): one checkout open per purpose (decision 0184). Null on rows written
   * before it existed and not backfilled.
   */
  purpose: string | null;
  /**
   * The purchase this checkout belongs to: the checkouts that replaced one another for one purchase
   * share it (purchaseIdFor), and only one of them may buy it; a later success is refunded.
   */
  purchaseId: string | null;
}

export type PaymentEventType =
  | "created"
  | "initiated"
  | "provider_status"
  | "succeeded"
  | "failed"
  | "expired"
  | "webhook_received"
  | "reconciled"
  | "mismatch"
  /** The provider's transaction was found by our reference (its externalId) and attached. */
  | "matched"
  /** A newer checkout for the same purpose replaced this one (decision 0184). */
  | "superseded"
  /** Successful, but its purchase was already paid by another payment: listed for a refund (decision 0184). */
  | "refund_queued"
  // A refund sent through the disbursement provider (decision 0219).
  | "refund_requested"
  | "refund_sent"
  | "refund_send_unconfirmed"
  | "refund_found_by_reference"
  | "refunded"
  | "refund_failed";

export interface PaymentEvent {
  id: string;
  paymentId: string;
  type: PaymentEventType;
  data: Record<string, unknown>;
  createdAt: Date;
}

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ["pending", "successful", "failed", "expired"];
export const isPaymentStatus = (v: unknown): v is PaymentStatus =>
  typeof v === "string" && (PAYMENT_STATUSES as readonly string[]).includes(v);

/**
 * The stored words of each status other than pending (lower case, trimmed), as normalisePaymentStatus
 * reads them; anything else is pending. Database queries that group or filter by status use these.
 */
export const PAYMENT_STATUS_WORDS: Readonly<Record<Exclude<PaymentStatus, "pending">, readonly string[]>> = Object.freeze({
  successful: ["successful", "completed", "confirmed"],
  failed: ["failed", "rejected"],
  expired: ["expired"],
});

/** successful/completed/confirmed count as successful; failed/rejected as failed. */
export function normalisePaymentStatus(raw: string): PaymentStatus {
  switch (raw.trim().toLowerCase()) {
    case "successful":
    case "completed":
    case "confirmed":
      return "successful";
    case "failed":
    case "rejected":
      return "failed";
    case "expired":
      return "expired";
    default:
      return "pending";
  }
}

export function isPaymentType(value: string): value is PaymentType {
  return (PAYMENT_TYPES as readonly string[]).includes(value);
}

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}
