import { err, ok, type Result } from "../shared/result";
import { isSuspended, type Account } from "./account.entity";
import { isValidEmail, normaliseEmail } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { afterFirstFactor, type LoginOutcome } from "./complete-sign-in";

export interface GoogleProfile {
  googleId?: string | null;
  email?: string | null;
  name?: string | null;
  /** Google's email_verified claim. */
  emailVerified?: boolean;
  userAgent?: string | null;
  language?: "en" | "fr";
}

/**
 * Signs in with a Google identity: the account already linked to it, else the account with that
 * e-mail (linked now), else a new confirmed student account. Linking or creating by e-mail needs
 * Google to vouch for the address, or anyone could claim someone else's account.
 */
export async function loginWithGoogle(deps: AccountsDeps, input: GoogleProfile): Promise<Result<LoginOutcome, AuthError>> {
  const googleId = (input.googleId ?? "").trim();
  const email = normaliseEmail(input.email);
  if (googleId === "" || !isValidEmail(email)) return err(authError("auth.google_failed"));

  const linked = await deps.repos.accounts.findByGoogleId(googleId);
  if (linked) {
    if (isSuspended(linked)) return err(authError("auth.account_suspended"));
    return ok(await afterFirstFactor(deps, linked, input.userAgent));
  }
  if (input.emailVerified !== true) return err(authError("auth.google_failed"));

  const now = deps.clock.now();
  const existing = await deps.repos.accounts.findByEmail(email);
  if (existing) {
    if (existing.googleId && existing.googleId !== googleId) return err(authError("auth.google_failed"));
    if (isSuspended(existing)) return err(authError("auth.account_suspended"));
    if (existing.emailConfirmedAt) {
      await deps.repos.accounts.update(existing.id, { googleId, updatedAt: now });
      return ok(await afterFirstFactor(deps, { ...existing, googleId }, input.userAgent));
    }
    // Nobody had confirmed this address, so nothing set before belongs to its owner, who has just
    // proven it through Google: a password typed by whoever signed up first is discarded, with
    // every session and every earlier link (else that person could sign in as the owner, and as
    // an admin when the address is in ADMIN_EMAILS).
    const googleName = (input.name ?? "").trim();
    const claimed = {
      googleId,
      emailConfirmedAt: now,
      passwordHash: null,
      fullName: googleName !== "" ? googleName : existing.fullName,
      phone: null,
      totpSecret: null,
      totpEnabledAt: null,
    };
    await deps.uow.run(async (repos) => {
      await repos.accounts.update(existing.id, { ...claimed, updatedAt: now });
      await repos.sessions.deleteAllForUser(existing.id);
      await repos.emailTokens.invalidateAll(existing.id, "confirm_email", now);
      await repos.emailTokens.invalidateAll(existing.id, "reset_password", now);
      await repos.emailTokens.invalidateAll(existing.id, "login_totp", now);
      await repos.recoveryCodes.deleteAll(existing.id);
    });
    return ok(await afterFirstFactor(deps, { ...existing, ...claimed, updatedAt: now }, input.userAgent));
  }

  const account: Account = {
    id: deps.ids.id(),
    role: "student",
    fullName: (input.name ?? "").trim(),
    email,
    phone: null,
    passwordHash: null,
    emailConfirmedAt: now,
    googleId,
    totpSecret: null,
    totpEnabledAt: null,
    suspendedAt: null,
    suspendedReason: null,
    language: input.language === "fr" ? "fr" : "en",
    createdAt: now,
    updatedAt: now,
  };
  // A concurrent first sign-in with the same identity may win the insert: report, do not guess.
  if ((await deps.repos.accounts.insert(account)) === "duplicate") return err(authError("auth.google_failed"));
  return ok(await afterFirstFactor(deps, account, input.userAgent));
}
