import { err, ok, type Result } from "../shared/result";
import { isSuspended } from "./account.entity";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { finishSignIn, type LoginOutcome } from "./complete-sign-in";
import { findUsableToken } from "./email-tokens";
import { emailKey, isThrottled, recordFailure, throttleKeys } from "./login-throttle";
import { checkSecondFactor } from "./second-factor";

export interface VerifyLoginTotpInput {
  pendingLoginToken?: string | null;
  /** A 6-digit code from the authenticator app, or a recovery code. */
  code?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** The second step of a sign-in for accounts with two-step verification. */
export async function verifyLoginTotp(deps: AccountsDeps, input: VerifyLoginTotpInput): Promise<Result<LoginOutcome, AuthError>> {
  const check = await findUsableToken(deps, deps.repos, input.pendingLoginToken, "login_totp");
  if (!check.ok) return err(authError("auth.login_expired"));
  const account = await deps.repos.accounts.findById(check.token.userId);
  if (!account || !account.totpSecret || !account.totpEnabledAt) return err(authError("auth.login_expired"));
  // Suspended between the password and the code: the half-done sign-in ends here.
  if (isSuspended(account)) return err(authError("auth.account_suspended"));

  // Code guesses count against the same limit as password guesses.
  const keys = throttleKeys(account.email, input.ip);
  if (await isThrottled(deps, keys)) return err(authError("auth.too_many_attempts"));

  if (!(await checkSecondFactor(deps, account, input.code ?? ""))) {
    await recordFailure(deps, keys);
    return err(authError("auth.totp_invalid"));
  }
  if (!(await deps.repos.emailTokens.markUsed(check.token.id, deps.clock.now()))) return err(authError("auth.login_expired"));

  const outcome = await finishSignIn(deps, account, input.userAgent);
  await deps.loginAttempts.clear(emailKey(account.email));
  return ok(outcome);
}
