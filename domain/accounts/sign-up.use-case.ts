import { err, ok, type Result } from "../shared/result";
import type { Account, Language } from "./account.entity";
import { displayName } from "./account.entity";
import { isValidEmail, normaliseCameroonPhone, normaliseEmail, PASSWORD_MIN_LENGTH } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { issueToken, link } from "./email-tokens";

export interface SignUpInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  password?: string | null;
  agreeToTerms?: boolean;
  agreeToPrivacy?: boolean;
  /**
   * Chosen on the sign-up form. An agent account gets role `agent` and an agents row with status
   * `unsubmitted`; it becomes `pending` when the verification form is submitted. No input can
   * ask for `admin`: only the allow-list at sign-in grants it.
   */
  accountKind?: "student" | "agent";
  language?: Language;
}

export async function signUp(deps: AccountsDeps, input: SignUpInput): Promise<Result<{ userId: string }, AuthError>> {
  const name = (input.name ?? "").trim();
  const email = normaliseEmail(input.email);
  const password = input.password ?? "";
  if (name === "" || email === "" || password === "") return err(authError("auth.required_fields"));
  if (!isValidEmail(email)) return err(authError("auth.invalid_email"));
  if (password.length < PASSWORD_MIN_LENGTH) return err(authError("auth.password_too_short"));
  const rawPhone = (input.phone ?? "").trim();
  const phone = rawPhone === "" ? null : normaliseCameroonPhone(rawPhone);
  if (rawPhone !== "" && phone === null) return err(authError("auth.invalid_phone"));
  if (input.agreeToTerms !== true || input.agreeToPrivacy !== true) return err(authError("auth.terms_required"));

  if (await deps.repos.accounts.findByEmail(email)) return err(authError("auth.email_taken"));

  const now = deps.clock.now();
  const isAgent = input.accountKind === "agent";
  const account: Account = {
    id: deps.ids.id(),
    role: isAgent ? "agent" : "student",
    fullName: name,
    email,
    phone,
    passwordHash: await deps.hasher.hash(password),
    emailConfirmedAt: null,
    googleId: null,
    totpSecret: null,
    totpEnabledAt: null,
    language: input.language === "fr" ? "fr" : "en",
    createdAt: now,
    updatedAt: now,
  };

  const token = await deps.uow.run(async (repos) => {
    // The unique index decides a race between two sign-ups with the same e-mail.
    if ((await repos.accounts.insert(account)) === "duplicate") return null;
    if (isAgent) await repos.agents.createUnsubmitted(account.id, now);
    return issueToken(deps, repos, account.id, "confirm_email");
  });
  if (token === null) return err(authError("auth.email_taken"));

  await sendConfirmation(deps, account, token);
  return ok({ userId: account.id });
}

export async function sendConfirmation(deps: AccountsDeps, account: Account, token: string): Promise<void> {
  const message = deps.emails.confirmation({
    name: displayName(account),
    link: link(deps.settings.appUrl, "/auth/confirm", token),
    language: account.language,
  });
  await deps.mailer.send({ to: account.email, ...message });
}

/**
 * Sends a fresh confirmation link to an unconfirmed account. Always answers the same, so it
 * cannot tell anyone whether an address has an account.
 */
export async function resendConfirmation(deps: AccountsDeps, input: { email?: string | null }): Promise<Result<void, AuthError>> {
  const email = normaliseEmail(input.email);
  if (email === "") return err(authError("auth.invalid_email"));
  const account = await deps.repos.accounts.findByEmail(email);
  if (!account || account.emailConfirmedAt) return ok(undefined);
  const token = await deps.uow.run(async (repos) => {
    await repos.emailTokens.invalidateAll(account.id, "confirm_email", deps.clock.now());
    return issueToken(deps, repos, account.id, "confirm_email");
  });
  await sendConfirmation(deps, account, token);
  return ok(undefined);
}
