import { err, ok, type Result } from "../shared/result";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { findUsableToken } from "./email-tokens";

/** Marks the e-mail confirmed. The link works once; an expired link says so. */
export async function confirmEmail(deps: AccountsDeps, input: { token?: string | null }): Promise<Result<{ userId: string }, AuthError>> {
  return deps.uow.run(async (repos) => {
    const check = await findUsableToken(deps, repos, input.token, "confirm_email");
    if (!check.ok) return err(authError(check.reason === "expired" ? "auth.token_expired" : "auth.token_invalid"));
    const now = deps.clock.now();
    if (!(await repos.emailTokens.markUsed(check.token.id, now))) return err(authError("auth.token_invalid"));
    const account = await repos.accounts.findById(check.token.userId);
    if (!account) return err(authError("auth.token_invalid"));
    if (!account.emailConfirmedAt) await repos.accounts.update(account.id, { emailConfirmedAt: now, updatedAt: now });
    return ok({ userId: account.id });
  });
}
