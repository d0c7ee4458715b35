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
