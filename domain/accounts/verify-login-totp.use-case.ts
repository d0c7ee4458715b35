import { err, ok, type Result } from "../shared/result";
import { isSuspended } from "./account.entity";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { finishSignIn, type LoginOutcome } from "./complete-sign-in";
import { findUsableToken } from "./email-tokens";
import { attemptPassed, beginLoginAttempt, forgetLoginFailures } from "./login-throttle";
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

  // Code guesses count like password guesses (per address and IP, per IP), and per account from
  // any IP: only someone who has the password reaches this step, so that limit refuses only them.
  const attempt = await beginLoginAttempt(deps, { email: account.email, ip: input.ip, userId: account.id });
  if (!attempt) return err(authError("auth.too_many_attempts"));

  if (!(await checkSecondFactor(deps, account, input.code ?? ""))) return err(authError("auth.totp_invalid"));
  await attemptPassed(deps, attempt);
  if (!(await deps.repos.emailTokens.markUsed(check.token.id, deps.clock.now()))) return err(authError("auth.login_expired"));

  const outcome = await finishSignIn(deps, account, input.userAgent);
  await forgetLoginFailures(deps, { email: account.email, ip: input.ip, userId: account.id });
  return ok(outcome);
}
