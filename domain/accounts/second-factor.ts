import type { Account } from "./account.entity";
import type { AccountsDeps } from "./accounts.deps";

export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes are compared without case, spaces or dashes, as people retype them loosely. */
export function canonicalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * True when `code` is the current TOTP code (one step either side) or one of the account's unused
 * recovery codes, which it then uses up.
 */
export async function checkSecondFactor(
  deps: Pick<AccountsDeps, "totp" | "secrets" | "repos" | "clock">,
  account: Account,
  rawCode: string,
): Promise<boolean> {
  if (!account.totpSecret) return false;
  const code = rawCode.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) return deps.totp.verify(code, account.totpSecret);
  const canonical = canonicalRecoveryCode(code);
  if (canonical.length < 8) return false;
  return deps.repos.recoveryCodes.use(account.id, deps.secrets.hash(canonical), deps.clock.now());
}
