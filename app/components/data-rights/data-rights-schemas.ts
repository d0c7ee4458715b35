import { z } from "zod";
import { PASSWORD_MAX } from "~/components/auth/auth-schemas";

// A password is checked, not validated: any text up to the sign-in form's bound is passed on.
const password = z.string().max(PASSWORD_MAX, "data-rights:errors.wrong_password").optional();

export const downloadDataSchema = z.object({ password });

export const closeAccountSchema = z.object({
  password,
  // The confirmation step: the box must be ticked (checked in the use case, which says why).
  confirm: z.string().optional(),
});

// An admin serving a person's request (decision 0228): the reason is checked by the use case,
// which says why it is missing; here only its bound.
export const adminRequestSchema = z.object({
  reason: z.string().max(2000, "data-rights:errors.reason_required").optional(),
  confirm: z.string().optional(),
});
