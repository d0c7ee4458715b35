import { err, ok, type Result } from "../shared/result";
import { isSuspended } from "./account.entity";
import { normaliseEmail } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { afterFirstFactor, type LoginOutcome } from "./complete-sign-in";
import { attemptPassed, beginLoginAttempt, forgetLoginFailures } from "./login-throttle";
import type { PasswordHasher } from "./password-hasher.port";

export interface LogInInput {
  email?: string | null;
  password?: string | null;
  /** The client's address, for the (address, IP) and per-IP throttles. */
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * Password sign-in. An unknown e-mail and a wrong password give the same answer after the same
 * work (a hash check against a dummy hash), so neither the answer nor its timing reveals accounts.
 * Failures refuse only their own (address, IP) pair and, past its limit, their IP; an address
 * guessed at from many IPs is slowed down, never refused (login-throttle.ts, decision 0182).
 */
export async function logIn(deps: AccountsDeps, input: LogInInput): Promise<Result<LoginOutcome, AuthError>> {
  const email = normaliseEmail(input.email);
  const password = input.password ?? "";
  if (email === "" || password === "") return err(authError("auth.required_fields_login"));

  const attempt = await beginLoginAttempt(deps, { email, ip: input.ip });
  if (!attempt) return err(authError("auth.too_many_attempts"));
  // Before the check, whatever the password: the wait tells nothing about it.
  if (attempt.delayMs > 0) await (deps.pause ?? wait)(attempt.delayMs);

  const account = await deps.repos.accounts.findByEmail(email);
  const storedHash = account?.passwordHash ?? (await dummyHash(deps.hasher));
  const matches = await deps.hasher.verify(password, storedHash);
  // A failure stays counted as beginLoginAttempt recorded it.
  if (!account || !account.passwordHash || !matches) return err(authError("auth.invalid_credentials"));
  await attemptPassed(deps, attempt);
  // Said only once the password matched: it tells nothing to someone without the password.
  if (!account.emailConfirmedAt) return err(authError("auth.email_not_confirmed"));
  if (isSuspended(account)) return err(authError("auth.account_suspended"));

  const outcome = await afterFirstFactor(deps, account, input.userAgent);
  // Cleared only after the last factor, or a known password would reset the count of code guesses.
  if (outcome.status === "signed_in") await forgetLoginFailures(deps, { email, ip: input.ip, userId: account.id });
  return ok(outcome);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const dummyHashes = new WeakMap<PasswordHasher, Promise<string>>();

/** A real hash from the same hasher (same parameters, same cost), made once per hasher. */
function dummyHash(hasher: PasswordHasher): Promise<string> {
  let hash = dummyHashes.get(hasher);
  if (!hash) {
    hash = hasher.hash("kamernest-dummy-password-for-timing");
    dummyHashes.set(hasher, hash);
  }
  return hash;
}
