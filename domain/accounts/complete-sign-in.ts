import { displayName, type Account } from "./account.entity";
import { isOnAdminAllowList } from "./account-rules";
import type { AccountsDeps } from "./accounts.deps";
import { issueToken } from "./email-tokens";
import { TOKEN_LIFETIME_MS } from "./email-token.entity";
import { createSession } from "./manage-sessions.use-case";
import { keepAgentStatusInStep } from "./owner-standing";

export type LoginOutcome =
  | {
      status: "signed_in";
      userId: string;
      sessionId: string;
      sessionExpiresAt: Date;
      /** The account's first sign-in ever: greeted "Welcome to KamerNest" (decision 0237). */
      firstSignIn: boolean;
      /** How the greeting names them (displayName). */
      name: string;
    }
  /** Password (or Google) accepted; the account has two-step verification: ask for a code next. */
  | { status: "totp_required"; pendingLoginToken: string; expiresAt: Date };

/** The first factor passed: either ask for the TOTP code or finish the sign-in. */
export async function afterFirstFactor(deps: AccountsDeps, account: Account, userAgent: string | null | undefined): Promise<LoginOutcome> {
  if (account.totpEnabledAt && account.totpSecret) {
    const pendingLoginToken = await issueToken(deps, deps.repos, account.id, "login_totp");
    return { status: "totp_required", pendingLoginToken, expiresAt: new Date(deps.clock.now().getTime() + TOKEN_LIFETIME_MS.login_totp) };
  }
  return finishSignIn(deps, account, userAgent);
}

/** Every factor passed: apply the admin allow-list and open a new session. */
export async function finishSignIn(deps: AccountsDeps, account: Account, userAgent: string | null | undefined): Promise<LoginOutcome> {
  await applyAdminAllowList(deps, account);
  const session = await createSession(deps, { userId: account.id, userAgent });
  const firstSignIn = (await deps.repos.accounts.recordSignIn(account.id, deps.clock.now())) === "first";
  return {
    status: "signed_in",
    userId: account.id,
    sessionId: session.sessionId,
    sessionExpiresAt: session.expiresAt,
    firstSignIn,
    name: displayName(account),
  };
}

/** A confirmed account whose e-mail is in ADMIN_EMAILS becomes admin, with an audit trail. */
async function applyAdminAllowList(deps: AccountsDeps, account: Account): Promise<void> {
  if (account.role === "admin" || !account.emailConfirmedAt) return;
  if (!isOnAdminAllowList(deps.settings.adminEmails, account.email)) return;
  const now = deps.clock.now();
  await deps.uow.run(async (repos) => {
    await repos.accounts.update(account.id, { role: "admin", updatedAt: now });
    // An approved agent made admin lists no more (owner-standing.ts).
    await keepAgentStatusInStep(repos.agents, { ...account, role: "admin" });
    await repos.auditLog.record({
      id: deps.ids.id(),
      actorId: account.id,
      action: "auth.role_granted_admin",
      data: { userId: account.id, email: account.email, previousRole: account.role, reason: "admin_allow_list" },
      at: now,
    });
  });
  account.role = "admin";
}
