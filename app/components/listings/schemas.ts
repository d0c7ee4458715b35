// One Zod schema per discovery form, read on the server with parseWithZod. Messages are i18n keys
// ("listings:errors.x", "contact:errors.x"). The limits come from the domain, so the form, the
// schema and the use case agree; the use case still has the last word.
import { z } from "zod";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "#domain/reports/listing-report.entity";
import { MESSAGE_BODY_MAX } from "#domain/messaging/message.entity";
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from "#domain/reviews/review.entity";
import { CONTACT_LIMITS } from "#domain/contact/contact-message.entity";
import { formMessage } from "~/utils/form-message";

const ID_MAX = 100;
const id = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(ID_MAX, message);

export const reportSchema = z.object({
  intent: z.literal("report"),
  reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: "listings:errors.invalid_report_reason" }) }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, formMessage("listings:errors.report_details_too_long", { max: REPORT_DETAILS_MAX }))
    .optional(),
});

export const contactAgentSchema = z.object({
  intent: z.literal("contact"),
  body: z
    .string({ required_error: "listings:errors.message_required" })
    .trim()
    .min(1, "listings:errors.message_required")
    .max(MESSAGE_BODY_MAX, "listings:errors.message_too_long"),
});

export const wishlistSchema = z.object({
  intent: z.enum(["add", "remove"], { errorMap: () => ({ message: "common:errors.badRequest" }) }),
  propertyId: id("common:errors.badRequest"),
  redirectTo: z.string().max(2000).optional(),
});

export const rateAgentSchema = z.object({
  intent: z.literal("review"),
  bookingId: id("listings:errors.viewing_required"),
  rating: z.coerce
    .number({ required_error: "listings:errors.rating_required", invalid_type_error: "listings:errors.rating_required" })
    .int("listings:errors.rating_required")
    .min(RATING_MIN, "listings:errors.rating_required")
    .max(RATING_MAX, "listings:errors.rating_required"),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, "listings:errors.comment_too_long").optional(),
});

export const replySchema = z.object({
  intent: z.literal("reply"),
  reviewId: id("common:errors.badRequest"),
  reply: z
    .string({ required_error: "listings:errors.reply_required" })
    .trim()
    .min(1, "listings:errors.reply_required")
    .max(REVIEW_REPLY_MAX, "listings:errors.reply_too_long"),
});

const { name, subject, message } = CONTACT_LIMITS;
export const contactFormSchema = z.object({
  name: z
    .string({ required_error: "contact:errors.name_required" })
    .trim()
    .min(name.min, "contact:errors.invalid_name")
    .max(name.max, "contact:errors.invalid_name"),
  email: z
    .string({ required_error: "contact:errors.email_required" })
    .trim()
    .max(CONTACT_LIMITS.email.max, "contact:errors.invalid_email")
    .email("contact:errors.invalid_email"),
  subject: z
    .string({ required_error: "contact:errors.subject_required" })
    .trim()
    .min(subject.min, "contact:errors.invalid_subject")
    .max(subject.max, "contact:errors.invalid_subject"),
  message: z
    .string({ required_error: "contact:errors.message_required" })
    .trim()
    .min(message.min, "contact:errors.invalid_message")
    .max(message.max, "contact:errors.invalid_message"),
  /** The honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional(),
});

export const savedSearchSchema = z.object({
  intent: z.enum(["save", "delete"], { errorMap: () => ({ message: "common:errors.badRequest" }) }),
  query: z.string().max(2000).optional(),
  id: z.string().max(ID_MAX).optional(),
  redirectTo: z.string().max(2000).optional(),
});
