// The weekly payout run's forms (/admin/reports): void one pending commission with a reason, or
// mark one agent's reviewed rest paid with the date and reference of the transfer made to that
// agent. Shared by client and server.
import { z } from "zod";
import { PAYOUT_REFERENCE_MAX, VOID_REASON_MAX } from "#domain/commission/commission.entity";

export const payoutActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("void"),
    commissionId: z.string().min(1).max(100),
    reason: z
      .string({ required_error: "admin-stats:errors.voidReasonRequired" })
      .trim()
      .min(1, "admin-stats:errors.voidReasonRequired")
      .max(VOID_REASON_MAX, "admin-stats:errors.tooLong"),
  }),
  z.object({
    intent: z.literal("payout"),
    agentId: z.string().min(1).max(100),
    asOf: z.string().datetime({ message: "admin-stats:errors.reviewAgain" }),
    paidOn: z
      .string({ required_error: "admin-stats:errors.paidOnRequired" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "admin-stats:errors.paidOnRequired"),
    reference: z
      .string({ required_error: "admin-stats:errors.referenceRequired" })
      .trim()
      .min(1, "admin-stats:errors.referenceRequired")
      .max(PAYOUT_REFERENCE_MAX, "admin-stats:errors.tooLong"),
    // The admin confirms the transfer was made (a required checkbox: works without JavaScript).
    confirmed: z.literal("yes", { errorMap: () => ({ message: "admin-stats:errors.confirmPayout" }) }),
  }),
]);
