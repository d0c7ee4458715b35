// The booking forms' schemas, shared by the forms (Conform) and the actions (parseWithZod). Messages
// are i18n keys named after the domain's error codes; the domain (book-visit.use-case) checks the
// same rules again, and decides everything that needs the database (the slot, the property).
import { z } from "zod";
import { MAX_MESSAGE_LENGTH } from "#domain/booking/book-visit.use-case";
import { isValidEmail } from "#domain/accounts/account-rules";
import { hasForbiddenControls } from "~/utils/clean-key";

import { VISITOR_EMAIL_MAX, VISITOR_NAME_MAX, VISITOR_PHONE_MAX } from "./visitor-fields";
import { formMessage } from "~/utils/form-message";

// Also the browser's (visitor-fields.ts has no Zod).
export { VISITOR_EMAIL_MAX, VISITOR_NAME_MAX, VISITOR_PHONE_MAX };

const text = (required: string, max: number, tooLong = required) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .max(max * 4, tooLong)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, tooLong)
        .refine((v) => !hasForbiddenControls(v), required),
    );

/** A visit slot as a form posts it: the day (YYYY-MM-DD) and a time label; the domain checks it is free. */
export const visitSlotFields = {
  visitDate: z
    .string({ required_error: "booking:errors.invalid_date" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "booking:errors.invalid_date"),
  visitTime: z
    .string({ required_error: "booking:errors.time_required" })
    .trim()
    .min(1, "booking:errors.time_required")
    .max(20, "booking:errors.invalid_slot"),
};

export const bookVisitSchema = z.object({
  ...visitSlotFields,
  visitorName: text("booking:errors.invalid_visitor_name", VISITOR_NAME_MAX),
  visitorEmail: text("booking:errors.invalid_visitor_email", VISITOR_EMAIL_MAX)
    .transform((v) => v.toLowerCase())
    .refine(isValidEmail, "booking:errors.invalid_visitor_email"),
  visitorPhone: text("booking:errors.invalid_visitor_phone", VISITOR_PHONE_MAX).refine((v) => {
    const digits = v.replace(/\D/g, "");
    return digits.length >= 9 && digits.length <= 14 && /^\+?[\d\s().-]+$/.test(v);
  }, "booking:errors.invalid_visitor_phone"),
  message: z
    .string()
    .max(MAX_MESSAGE_LENGTH * 4, formMessage("booking:errors.message_too_long", { max: MAX_MESSAGE_LENGTH }))
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(MAX_MESSAGE_LENGTH, formMessage("booking:errors.message_too_long", { max: MAX_MESSAGE_LENGTH }))
        .refine((v) => !hasForbiddenControls(v), "booking:errors.message_invalid"),
    )
    .optional(),
});

export type BookVisitValues = z.infer<typeof bookVisitSchema>;

export const viewingOutcomeSchema = z.object({
  // No control characters: PostgreSQL refuses a NUL in a query parameter (a 500, not a 400).
  bookingId: z
    .string({ required_error: "booking:errors.viewing_booking_not_found" })
    .trim()
    .min(1)
    .max(100)
    .refine((v) => !hasForbiddenControls(v), "booking:errors.viewing_booking_not_found"),
  outcome: z.enum(["confirmed", "no_show"], { errorMap: () => ({ message: "booking:errors.viewing_outcome_required" }) }),
});
