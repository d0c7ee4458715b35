import { err, ok, type Result } from "../shared/result";
import type { Language } from "./account.entity";
import { normaliseCameroonPhone } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";

export interface UpdateProfileInput {
  userId: string;
  fullName?: string | null;
  /** Empty removes the phone number. */
  phone?: string | null;
  language?: Language;
}

/**
 * Name, phone and e-mail language only: the e-mail and the role are not the user's to edit here.
 * The name (on reviews, on an agent's profile) and the phone (an agent's contact) are public: the
 * public pages are told when either changed, not when the form was saved as it was.
 */
export async function updateProfile(deps: AccountsDeps, input: UpdateProfileInput): Promise<Result<void, AuthError>> {
  const fullName = (input.fullName ?? "").trim();
  if (fullName === "") return err(authError("auth.name_required"));
  const rawPhone = (input.phone ?? "").trim();
  const phone = rawPhone === "" ? null : normaliseCameroonPhone(rawPhone);
  if (rawPhone !== "" && phone === null) return err(authError("auth.invalid_phone"));
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(authError("auth.account_not_found"));
  await deps.repos.accounts.update(account.id, {
    fullName,
    phone,
    ...(input.language === "en" || input.language === "fr" ? { language: input.language } : {}),
    updatedAt: deps.clock.now(),
  });
  if (account.fullName !== fullName || account.phone !== phone) deps.publicPages.changed();
  return ok(undefined);
}
