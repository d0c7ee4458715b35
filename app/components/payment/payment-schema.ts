// The mobile-money form's schema, run by the actions
// (parseWithZod on the server). Messages are i18n keys; SPEC §5's form-level phone rules: required,
// digits only, 9 to 14 digits. The use case then strips, checks and prefixes 237 (domain/payment).
// There is no amount field: the amount always comes from the server.
import { z } from "zod";
import { PAYMENT_METHODS, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from "./payment-form-values";

// The form's values and answers live beside, without Zod, for the browser.
export * from "./payment-form-values";

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
