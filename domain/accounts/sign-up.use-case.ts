import { err, ok, type Result } from "../shared/result";
import type { Account, Language } from "./account.entity";
import { displayName } from "./account.entity";
import { isValidEmail, normaliseCameroonPhone, normaliseEmail, PASSWORD_MIN_LENGTH } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { issueToken, link } from "./email-tokens";
import { isOverLimit, limitedKeys, recordAttempt, RESEND_CONFIRMATION_LIMITS, SIGN_UP_LIMITS } from "./login-throttle";

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
  /** The client's address, for the per-IP limit. */
  ip?: string | null;
}

type SignUpOutcome =
  | { kind: "created" | "replaced"; account: Account; token: string }
  /** The address belongs to someone (confirmed, or linked to Google): they get a warning e-mail. */
  | { kind: "owned"; account: Account }
  /** A concurrent sign-up inserted the same address first. */
  | { kind: "race" };

/**
 * Creates an account waiting for its e-mail to be confirmed. An address nobody has confirmed
 * belongs to nobody yet: signing up with it again replaces the pending account (the earlier
 * password, name and phone are discarded, earlier confirmation links stop working), so whoever
 * typed someone else's address first cannot keep a password on the owner's future account.
 * An address that is already confirmed answers exactly like a new sign-up (after the same
 * hashing work) and its owner is e-mailed "someone tried to sign up", so the form does not tell
 * who has an account.
 */
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

  const limits = limitedKeys(
    "signup",
    { name: "email", value: email, max: SIGN_UP_LIMITS.perEmail },
    { value: input.ip, max: deps.settings.signUpsPerIp ?? SIGN_UP_LIMITS.perIp },
  );
  if (await isOverLimit(deps, limits)) return err(authError("auth.too_many_attempts"));
  await recordAttempt(
    deps,
    limits.map((l) => l.key),
  );

  // Hashed before the address is looked up, so every path does the same expensive work.
  const passwordHash = await deps.hasher.hash(password);
  const isAgent = input.accountKind === "agent";
  const fields = {
    role: isAgent ? ("agent" as const) : ("student" as const),
    fullName: name,
    phone,
    passwordHash,
    language: input.language === "fr" ? ("fr" as const) : ("en" as const),
  };

  const attempt = () =>
    deps.uow.run(async (repos): Promise<SignUpOutcome> => {
      const now = deps.clock.now();
      const existing = await repos.accounts.findByEmail(email);
      if (existing && (existing.emailConfirmedAt || existing.googleId)) return { kind: "owned", account: existing };
      if (existing) {
        await repos.accounts.update(existing.id, { ...fields, updatedAt: now });
        if (isAgent && !(await repos.agents.findByUserId(existing.id))) await repos.agents.createUnsubmitted(existing.id, now);
        // Only the latest sign-up's link confirms the address.
        await repos.emailTokens.invalidateAll(existing.id, "confirm_email", now);
        await repos.sessions.deleteAllForUser(existing.id);
        const token = await issueToken(deps, repos, existing.id, "confirm_email");
        return { kind: "replaced", account: { ...existing, ...fields, updatedAt: now }, token };
      }
      const account: Account = {
        id: deps.ids.id(),
        email,
        ...fields,
        emailConfirmedAt: null,
        googleId: null,
        totpSecret: null,
        totpEnabledAt: null,
        suspendedAt: null,
        suspendedReason: null,
        createdAt: now,
        updatedAt: now,
      };
      // The unique index decides a race between two sign-ups with the same e-mail.
      if ((await repos.accounts.insert(account)) === "duplicate") return { kind: "race" };
      if (isAgent) await repos.agents.createUnsubmitted(account.id, now);
      return { kind: "created", account, token: await issueToken(deps, repos, account.id, "confirm_email") };
    });

  let outcome = await attempt();
  // The other sign-up is committed now: this one replaces it like any later sign-up would.
  if (outcome.kind === "race") outcome = await attempt();
  if (outcome.kind === "race") throw new Error("Sign-up lost the same race twice");

  if (outcome.kind === "owned") {
    const message = deps.emails.signUpAttempt({
      name: displayName(outcome.account),
      loginUrl: `${deps.settings.appUrl}/auth/login`,
      resetUrl: `${deps.settings.appUrl}/auth/forgot-password`,
      language: outcome.account.language,
    });
    await deps.mailer.send({ to: outcome.account.email, ...message });
    return ok({ userId: outcome.account.id });
  }
  await sendConfirmation(deps, outcome.account, outcome.token);
  return ok({ userId: outcome.account.id });
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
export async function resendConfirmation(
  deps: AccountsDeps,
  input: { email?: string | null; ip?: string | null },
): Promise<Result<void, AuthError>> {
  const email = normaliseEmail(input.email);
  if (email === "") return err(authError("auth.invalid_email"));
  // Counted for every address, known or not, so the limit tells nothing either.
  const limits = limitedKeys(
    "resend_confirmation",
    { name: "email", value: email, max: RESEND_CONFIRMATION_LIMITS.perEmail },
    { value: input.ip, max: RESEND_CONFIRMATION_LIMITS.perIp },
  );
  if (await isOverLimit(deps, limits)) return err(authError("auth.too_many_attempts"));
  await recordAttempt(
    deps,
    limits.map((l) => l.key),
  );
  const account = await deps.repos.accounts.findByEmail(email);
  if (!account || account.emailConfirmedAt) return ok(undefined);
  const token = await deps.uow.run(async (repos) => {
    await repos.emailTokens.invalidateAll(account.id, "confirm_email", deps.clock.now());
    return issueToken(deps, repos, account.id, "confirm_email");
  });
  await sendConfirmation(deps, account, token);
  return ok(undefined);
}
