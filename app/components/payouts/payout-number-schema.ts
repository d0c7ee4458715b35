// The agent's payout number form (issue 34). The rule itself (the payment phone's, a mobile
// number, the password) is the use case's; the schema only shapes what arrives.
import { z } from "zod";

export const payoutNumberSchema = z.object({
  intent: z.literal("payout-number"),
  phone: z.string({ required_error: "payouts:errors.invalid_number" }).trim().max(40, "payouts:errors.invalid_number"),
  medium: z.enum(["mtn_momo", "orange_money"], { errorMap: () => ({ message: "payouts:errors.medium_required" }) }),
  password: z.string({ required_error: "payouts:errors.wrong_password" }).max(200, "payouts:errors.wrong_password"),
});

/** Which field a refusal of the use case belongs to. */
export const PAYOUT_NUMBER_ERROR_FIELD: Record<string, "phone" | "medium" | "password"> = {
  "payouts.invalid_number": "phone",
  "payouts.medium_required": "medium",
  "payouts.wrong_password": "password",
};
