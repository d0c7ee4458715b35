// The admin moderation forms (properties, listing reports) and the payment check, one Zod schema
// each, shared by the pages and their actions. Limits come from the domain.
import { z } from "zod";
import { MODERATION_REASON_MAX } from "#domain/property-moderation/moderate-property.use-cases";
import { REFUND_NOTE_MAX } from "#domain/payment/payment-refund";
import { cleanKey } from "~/utils/clean-key";

const key = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => cleanKey(v) === v);
const reason = z.string().max(MODERATION_REASON_MAX).optional();

export const propertyModerationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verify"), propertyId: key }),
  z.object({ intent: z.literal("unverify"), propertyId: key }),
  z.object({ intent: z.literal("hide"), propertyId: key, reason }),
  z.object({ intent: z.literal("restore"), propertyId: key, reason }),
]);

export const reportDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), reportId: key }),
  z.object({ intent: z.literal("uphold"), reportId: key }),
  z.object({ intent: z.literal("restore"), propertyId: key }),
]);

export const paymentRecheckSchema = z.object({ intent: z.literal("recheck") });

/** The admin's refund of a payment (decision 0219): the reason, and "refund, keep access". */
export const paymentRefundSchema = z.object({
  reason: z.string().max(REFUND_NOTE_MAX),
  keepAccess: z.literal("on").optional(),
});

/** The payment page's "check the refund with the provider". */
export const refundCheckSchema = z.object({ intent: z.literal("refund-check") });
