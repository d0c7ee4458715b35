// What the mobile-money form needs in the browser, apart from its schema (payment-schema.ts): the
// page imports this module only, so it carries no Zod (issue 12, decision 0144).
import type { SubmissionResult } from "~/utils/form";
import { PAYMENT_METHODS, type PaymentMethod } from "#domain/payment/payment.entity";

export { PAYMENT_METHODS, type PaymentMethod };

/** The example number in 'Please enter a valid Cameroon phone number (e.g., {phone}).' */
export const PHONE_EXAMPLE = "677123456";
export const PHONE_PLACEHOLDER = "6XXXXXXXX";
export const PHONE_MIN_DIGITS = 9;
export const PHONE_MAX_DIGITS = 14;

/** What a payment action answers to the form's fetcher (JSON) or renders in the page. */
export type PaymentActionData =
  | { ok: true; checkoutUrl: string; reference: string; paymentId: string }
  | {
      ok: false;
      /** Conform's reply, for field errors. */
      result: SubmissionResult<string[]> | null;
      error: PaymentErrorView;
    };

/** An error for the 'Payment failed' toast: an i18n key, an optional second line, their values. */
export interface PaymentErrorView {
  key: string;
  detailKey?: string;
  params?: Record<string, string | number>;
}

/** The hidden field the browser adds when it wants {checkoutUrl} back instead of a redirect. */
export const JSON_FIELD = "_format";
