import { err, ok, type Result } from "../shared/result";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { isThrottled, recordFailure } from "./login-throttle";
import { canonicalRecoveryCode, checkSecondFactor, RECOVERY_CODE_COUNT } from "./second-factor";

export const TOTP_ISSUER = "KamerNest";

export interface TotpEnrolment {
  /** Base32, shown for typing into the app by hand. Kept on the server until the first code. */
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/**
 * Shows the key to scan. The key is made and kept on the server (in `totp_secret`, with
 * `totp_enabled_at` still empty, which no sign-in reads), so the confirm step checks the code
 * against the key we chose, never against one sent back by the form. A visit while a key is
 * pending shows the same key, so a key already scanned keeps working.
 */
export async function startTotpEnrolment(deps: AccountsDeps, input: { userId: string }): Promise<Result<TotpEnrolment, AuthError>> {
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(authError("auth.account_not_found"));
  if (account.totpEnabledAt) return err(authError("auth.totp_already_enabled"));
  let secret = account.totpSecret;
  if (!secret) {
    secret = deps.totp.generateSecret();
    await deps.repos.accounts.update(account.id, { totpSecret: secret, updatedAt: deps.clock.now() });
  }
  const otpauthUrl = deps.totp.keyUri(account.email, secret);
  return ok({ secret, otpauthUrl, qrSvg: await deps.totp.qrSvg(otpauthUrl) });
}

/**
 * Turns two-step verification on once the app shows a correct code for the pending key, and
 * returns 10 recovery codes to show once (only their hashes are kept).
 */
export async function confirmTotp(
  deps: AccountsDeps,
  input: { userId: string; code?: string | null },
): Promise<Result<{ recoveryCodes: string[] }, AuthError>> {
  const code = (input.code ?? "").replace(/\s/g, "");
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(authError("auth.account_not_found"));
  if (account.totpEnabledAt) return err(authError("auth.totp_already_enabled"));
  const secret = account.totpSecret;
  if (!secret || !/^\d{6}$/.test(code) || !deps.totp.verify(code, secret)) return err(authError("auth.totp_invalid"));

  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => deps.secrets.recoveryCode());
  const now = deps.clock.now();
  await deps.uow.run(async (repos) => {
    await repos.accounts.update(account.id, { totpSecret: secret, totpEnabledAt: now, updatedAt: now });
    await repos.recoveryCodes.replaceAll(
      account.id,
      recoveryCodes.map((c) => ({ id: deps.ids.id(), codeHash: deps.secrets.hash(canonicalRecoveryCode(c)) })),
    );
  });
  return ok({ recoveryCodes });
}

/** Turning it off needs a current code (or a recovery code), not just an open session. */
export async function disableTotp(deps: AccountsDeps, input: { userId: string; code?: string | null }): Promise<Result<void, AuthError>> {
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(authError("auth.account_not_found"));
  if (!account.totpEnabledAt || !account.totpSecret) return err(authError("auth.totp_not_enabled"));
  // A stolen session must not be able to guess its way through the million codes.
  const keys = [`totp:${account.id}`];
  if (await isThrottled(deps, keys)) return err(authError("auth.too_many_attempts"));
  if (!(await checkSecondFactor(deps, account, input.code ?? ""))) {
    await recordFailure(deps, keys);
    return err(authError("auth.totp_invalid"));
  }
  const now = deps.clock.now();
  await deps.uow.run(async (repos) => {
    await repos.accounts.update(account.id, { totpSecret: null, totpEnabledAt: null, updatedAt: now });
    await repos.recoveryCodes.deleteAll(account.id);
  });
  return ok(undefined);
}
