import { MINUTE_MS } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import { displayName, type Language } from "./account.entity";
import { isValidEmail, normaliseEmail, PASSWORD_MIN_LENGTH } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { findUsableToken, issueToken, link } from "./email-tokens";
import { forgetLoginFailures } from "./login-throttle";

// At most this many reset e-mails per address per window, so the form cannot flood an inbox.
const RESET_MAILS_PER_WINDOW = 3;
const RESET_WINDOW_MS = 15 * MINUTE_MS;

/**
 * E-mails a reset link valid for 1 hour when the address has an account, and a "there is no
 * account with this address" note when it has none. Either way one e-mail is sent after the same
 * checks, so neither the answer ("if an account exists, we sent a link") nor its timing tells
 * whether the address has an account. Both are capped per address, silently.
 */
export async function requestPasswordReset(
  deps: AccountsDeps,
  input: { email?: string | null; language?: Language },
): Promise<Result<void, AuthError>> {
  const email = normaliseEmail(input.email);
  if (email === "") return err(authError("auth.invalid_email"));

  const key = `reset:${email}`;
  const now = deps.clock.now();
  if ((await deps.loginAttempts.countSince(key, new Date(now.getTime() - RESET_WINDOW_MS))) >= RESET_MAILS_PER_WINDOW) {
    return ok(undefined);
  }
  await deps.loginAttempts.record(deps.ids.id(), key, now);

  const account = await deps.repos.accounts.findByEmail(email);
  if (!account) {
    // Only well-formed addresses get mail: anything else could not have an account anyway.
    if (!isValidEmail(email)) return ok(undefined);
    const note = deps.emails.resetWithoutAccount({
      signUpUrl: `${deps.settings.appUrl}/auth/signup`,
      language: input.language === "fr" ? "fr" : "en",
    });
    await deps.mailer.send({ to: email, ...note });
    return ok(undefined);
  }

  const token = await issueToken(deps, deps.repos, account.id, "reset_password");
  const message = deps.emails.passwordReset({
    name: displayName(account),
    link: link(deps.settings.appUrl, "/auth/reset-password", token),
    language: account.language,
  });
  await deps.mailer.send({ to: account.email, ...message });
  return ok(undefined);
}

/** Sets a new password from a reset link, signs the account out everywhere and uses up the link. */
export async function resetPassword(
  deps: AccountsDeps,
  input: {
    token?: string | null;
    newPassword?: string | null;
    /** Where the link was opened: that (address, IP) pair may sign in again at once. */
    ip?: string | null;
  },
): Promise<Result<{ userId: string }, AuthError>> {
  const password = input.newPassword ?? "";
  if (password.length < PASSWORD_MIN_LENGTH) return err(authError("auth.password_too_short"));
  const passwordHash = await deps.hasher.hash(password);

  const result = await deps.uow.run(async (repos) => {
    const check = await findUsableToken(deps, repos, input.token, "reset_password");
    if (!check.ok) return err(authError(check.reason === "expired" ? "auth.token_expired" : "auth.token_invalid"));
    const now = deps.clock.now();
    if (!(await repos.emailTokens.markUsed(check.token.id, now))) return err(authError("auth.token_invalid"));
    const account = await repos.accounts.findById(check.token.userId);
    if (!account) return err(authError("auth.token_invalid"));
    // The link reached the inbox, which is what confirming the e-mail proves.
    await repos.accounts.update(account.id, {
      passwordHash,
      emailConfirmedAt: account.emailConfirmedAt ?? now,
      updatedAt: now,
    });
    await repos.emailTokens.invalidateAll(account.id, "reset_password", now);
    await repos.sessions.deleteAllForUser(account.id);
    return ok({ userId: account.id, email: account.email });
  });
  if (!result.ok) return result;
  // Whoever was guessing this account's password has lost the race: the owner, who has just opened
  // the link, may sign in at once from here (guessers elsewhere keep their own counts).
  await forgetLoginFailures(deps, { email: result.value.email, ip: input.ip, userId: result.value.userId });
  return ok({ userId: result.value.userId });
}
