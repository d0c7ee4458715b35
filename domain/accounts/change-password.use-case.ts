import { err, ok, type Result } from "../shared/result";
import { PASSWORD_MIN_LENGTH } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { CHANGE_PASSWORD_LIMITS, isOverLimit, limitedKeys, recordFailure } from "./login-throttle";

export interface ChangePasswordInput {
  userId: string;
  currentPassword?: string | null;
  newPassword?: string | null;
  /** The browser making the change stays signed in; every other session ends. */
  keepSessionId?: string | null;
  /** The client's address, for the per-IP limit on wrong current passwords. */
  ip?: string | null;
}

/** Accounts made through Google have no password yet: they set one through the reset link. */
export async function changePassword(deps: AccountsDeps, input: ChangePasswordInput): Promise<Result<void, AuthError>> {
  const next = input.newPassword ?? "";
  if (next.length < PASSWORD_MIN_LENGTH) return err(authError("auth.password_too_short"));
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(authError("auth.account_not_found"));
  // A stolen session must not be able to guess the current password without limit.
  const limits = limitedKeys(
    "change_password",
    { name: "user", value: account.id, max: CHANGE_PASSWORD_LIMITS.perAccount },
    { value: input.ip, max: CHANGE_PASSWORD_LIMITS.perIp },
  );
  if (await isOverLimit(deps, limits)) return err(authError("auth.too_many_attempts"));
  const current = input.currentPassword ?? "";
  if (!account.passwordHash || current === "" || !(await deps.hasher.verify(current, account.passwordHash))) {
    await recordFailure(
      deps,
      limits.map((l) => l.key),
    );
    return err(authError("auth.wrong_password"));
  }
  const passwordHash = await deps.hasher.hash(next);
  const keep = input.keepSessionId ? deps.secrets.hash(input.keepSessionId) : undefined;
  await deps.uow.run(async (repos) => {
    await repos.accounts.update(account.id, { passwordHash, updatedAt: deps.clock.now() });
    await repos.sessions.deleteAllForUser(account.id, keep);
  });
  return ok(undefined);
}
