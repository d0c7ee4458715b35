import { err, ok, type Result } from "../shared/result";
import { PASSWORD_MIN_LENGTH } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";

export interface ChangePasswordInput {
  userId: string;
  currentPassword?: string | null;
  newPassword?: string | null;
  /** The browser making the change stays signed in; every other session ends. */
  keepSessionId?: string | null;
}

/** Accounts made through Google have no password yet: they set one through the reset link. */
export async function changePassword(deps: AccountsDeps, input: ChangePasswordInput): Promise<Result<void, AuthError>> {
  const next = input.newPassword ?? "";
  if (next.length < PASSWORD_MIN_LENGTH) return err(authError("auth.password_too_short"));
  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(authError("auth.account_not_found"));
  const current = input.currentPassword ?? "";
  if (!account.passwordHash || current === "" || !(await deps.hasher.verify(current, account.passwordHash))) {
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
