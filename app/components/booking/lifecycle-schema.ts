// The visit-lifecycle forms' schemas (docs/decisions/0117), shared by the pages and the actions.
// The domain checks every rule again (booking-lifecycle.ts); the bounds come from there.
import { z } from "zod";
import { MAX_REASON_LENGTH, MIN_REASON_LENGTH } from "#domain/booking/booking-lifecycle";
import { visitSlotFields } from "./booking-schema";
import { hasForbiddenControls } from "~/utils/clean-key";
import { formMessage } from "~/utils/form-message";

const INVALID_REASON = formMessage("booking:errors.invalid_reason", { min: MIN_REASON_LENGTH, max: MAX_REASON_LENGTH });

const id = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((v) => !hasForbiddenControls(v));

/** Another time for a visit (the agent proposes it, or the student moves the visit). */
export const newSlotSchema = z.object(visitSlotFields);

const reason = z
  .string()
  .max(MAX_REASON_LENGTH * 4, INVALID_REASON)
  .refine((v) => !hasForbiddenControls(v), INVALID_REASON);

/** The agent declines: the reason is required (the domain checks its length). */
export const declineSchema = z.object({ reason: reason.default("") });
/** The student cancels: a reason is optional. */
export const cancelSchema = z.object({ reason: reason.optional() });
/** The agent's bookings screen posts only "accept" (proposing and declining have their own pages). */
export const agentBookingActionSchema = z.object({ intent: z.literal("accept"), bookingId: id });
export const proposalAnswerSchema = z.object({ answer: z.enum(["accept", "decline"]) });
/** An admin cancels: the reason is required (the domain checks its length); `back` is the filtered list to return to. */
export const adminCancelSchema = z.object({ reason: reason.default(""), back: z.string().max(1000).optional() });
