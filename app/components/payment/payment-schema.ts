// The mobile-money form's schema, shared by the form (Conform in the browser) and the actions
// (parseWithZod on the server). Messages are i18n keys; SPEC §5's form-level phone rules: required,
// digits only, 9 to 14 digits. The use case then strips, checks and prefixes 237 (domain/payment).
// There is no amount field: the amount always comes from the server.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../domain/payment/payment.entity";

export { PAYMENT_METHODS, type PaymentMethod };

/** The example number in 'Please enter a valid Cameroon phone number (e.g., {phone}).' */
export const PHONE_EXAMPLE = "677123456";
export const PHONE_PLACEHOLDER = "6XXXXXXXX";
export const PHONE_MIN_DIGITS = 9;
export const PHONE_MAX_DIGITS = 14;

export const paymentFormSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "payment:errors.method_required" }) }),
  // One message at a time, in the order a person fixes them.
  phone: z
    .string({ required_error: "payment:errors.phone_required" })
    .trim()
    .superRefine((value, ctx) => {
      const problem =
        value === ""
          ? "payment:errors.phone_required"
          : !/^\d+$/.test(value)
            ? "payment:errors.phone_digits"
            : value.length < PHONE_MIN_DIGITS
              ? "payment:errors.phone_min"
              : value.length > PHONE_MAX_DIGITS
                ? "payment:errors.phone_max"
                : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

export type PaymentFormValues = z.infer<typeof paymentFormSchema>;

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
