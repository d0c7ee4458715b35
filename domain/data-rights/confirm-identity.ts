import { MINUTE_MS } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import type { Account } from "../accounts/account.entity";
import { isOverLimit, limitedKeys, recordFailure } from "../accounts/login-throttle";
import { dataRightsError, type DataRightsError } from "./data-rights.errors";
import type { DataRightsDeps } from "./data-rights.deps";

/** A Google-only account (no password) proves it is its owner by a sign-in at most this old. */
export const RECENT_SIGN_IN_MS = 10 * MINUTE_MS;
/** Wrong passwords on the data pages, per account and per IP, in the accounts' 15-minute window. */
export const CONFIRM_IDENTITY_LIMITS = { perAccount: 5, perIp: 20 } as const;

export interface IdentityInput {
  userId: string;
  password?: string | null;
  /** The raw session id of the browser asking (for a Google-only account's recent sign-in). */
  sessionId?: string | null;
  ip?: string | null;
}

/**
 * The person asking is the account's owner, not someone at an unlocked phone: the password again,
 * or, for an account that has none (Google), a sign-in made within RECENT_SIGN_IN_MS.
 */
export async function confirmIdentity(deps: DataRightsDeps, input: IdentityInput): Promise<Result<Account, DataRightsError>> {
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(dataRightsError("data-rights.account_not_found"));
  if (!account.passwordHash) {
    const session = input.sessionId ? await deps.repos.sessions.findById(deps.secrets.hash(input.sessionId)) : null;
    const age = session ? deps.clock.now().getTime() - session.createdAt.getTime() : Infinity;
    if (!session || session.userId !== account.id || age > RECENT_SIGN_IN_MS) {
      return err(dataRightsError("data-rights.recent_sign_in_required"));
    }
    return ok(account);
  }
  const limits = limitedKeys(
    "data_rights",
    { name: "user", value: account.id, max: CONFIRM_IDENTITY_LIMITS.perAccount },
    { value: input.ip, max: CONFIRM_IDENTITY_LIMITS.perIp },
  );
  if (await isOverLimit(deps, limits)) return err(dataRightsError("data-rights.too_many_attempts"));
  const password = input.password ?? "";
  if (password === "" || !(await deps.hasher.verify(password, account.passwordHash))) {
    await recordFailure(
      deps,
      limits.map((l) => l.key),
    );
    return err(dataRightsError("data-rights.wrong_password"));
  }
  return ok(account);
}

/** How the data pages ask the owner to prove it is them: the password, or a recent (Google) sign-in. */
export async function identityCheckFor(deps: DataRightsDeps, userId: string): Promise<"password" | "recent-sign-in"> {
  const account = await deps.repos.accounts.findById(userId);
  return account?.passwordHash ? "password" : "recent-sign-in";
}
