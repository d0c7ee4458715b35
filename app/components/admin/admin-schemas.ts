// The forms of an admin's user page (/admin/users/{id}); the user is the one in the URL.
import { z } from "zod";
import { SUSPENSION_REASON_MAX } from "#domain/accounts/admin-users.use-case";

export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("role"),
    role: z.enum(["student", "agent", "admin"], { errorMap: () => ({ message: "admin-users:errors.role_required" }) }),
  }),
  z.object({
    intent: z.literal("suspend"),
    reason: z
      .string({ required_error: "auth:errors.suspension_reason_required" })
      .trim()
      .min(1, "auth:errors.suspension_reason_required")
      .max(SUSPENSION_REASON_MAX, "admin-users:errors.reason_too_long"),
  }),
  z.object({ intent: z.literal("reactivate") }),
]);
