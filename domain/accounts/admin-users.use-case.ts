// What an admin does to a user account on /admin/users: change the role, suspend, reactivate.
// Each checks inside one unit of work, changes, and writes its audit row (who, what, before,
// after) in the same transaction, so a change without its audit row cannot exist.
// The admin role itself is not theirs to give: only ADMIN_EMAILS makes an admin (decision 0182).
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { publicChange, type PublicPages } from "../shared/public-pages.port";
import type { Account, Role } from "./account.entity";
import { isOnAdminAllowList } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountRepos, AccountsSettings } from "./accounts.deps";
import { adminAuditData, auditTarget } from "./audit-log.port";
import { keepAgentStatusInStep, LISTING_AGENT_STATUS, WITHHELD_AGENT_STATUS } from "./owner-standing";

export interface AdminUsersDeps {
  uow: UnitOfWork<AccountRepos>;
  clock: Clock;
  ids: IdGenerator;
  settings: Pick<AccountsSettings, "adminEmails">;
  /** Each change here may show to visitors (an owner's listings, an agent's profile, a reviewer's name). */
  publicPages: PublicPages;
}

export const ROLES: readonly Role[] = ["student", "agent", "admin"];
/** The roles an admin may give on /admin/users: never admin, which comes only from ADMIN_EMAILS. */
export const ASSIGNABLE_ROLES: readonly Role[] = ["student", "agent"];
export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);

/**
 * Whether an admin may change this account's role at all: not an admin whose address is still in
 * ADMIN_EMAILS (the next sign-in would make them admin again). An admin no longer on the list may
 * be given another role: that is how an operator's removal from the list takes effect.
 */
export function roleChangeable(settings: Pick<AccountsSettings, "adminEmails">, user: Pick<Account, "role" | "email">): boolean {
  return !(user.role === "admin" && isOnAdminAllowList(settings.adminEmails, user.email));
}

/** A suspension's reason: required, at most this long. */
export const SUSPENSION_REASON_MAX = 500;

type Checked = Result<{ admin: Account; user: Account }, AuthError>;

/** The acting admin (still an active admin) and the target, who must be someone else. */
async function loadPair(repos: AccountRepos, adminId: string, userId: string): Promise<Checked> {
  const admin = await repos.accounts.findById(adminId);
  if (!admin || admin.role !== "admin" || admin.suspendedAt) return err(authError("auth.forbidden"));
  const user = await repos.accounts.findById(userId);
  if (!user) return err(authError("auth.account_not_found"));
  if (user.id === admin.id) return err(authError("auth.cannot_change_self"));
  return ok({ admin, user });
}

/**
 * Gives the user another role. Refused on oneself, when it would make an admin (only ADMIN_EMAILS
 * does), when the user is an admin still listed in ADMIN_EMAILS, and when it would leave no admin.
 * A user made an agent without an agent record gets an empty one: like an agent who signed up,
 * they submit their business details and documents and wait for approval before the portal opens.
 */
export function changeUserRole(
  deps: AdminUsersDeps,
  input: { adminId: string; userId: string; role: Role },
): Promise<Result<void, AuthError>> {
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      const pair = await loadPair(repos, input.adminId, input.userId);
      if (!pair.ok) return pair;
      const { admin, user } = pair.value;
      if (user.role === input.role) return err(authError("auth.role_unchanged"));
      if (!ASSIGNABLE_ROLES.includes(input.role)) return err(authError("auth.admin_grant_forbidden"));
      if (!roleChangeable(deps.settings, user)) return err(authError("auth.admin_removal_forbidden"));
      if (user.role === "admin" && (await repos.accounts.lockAdmins()) <= 1) return err(authError("auth.last_admin"));

      const now = deps.clock.now();
      await repos.accounts.update(user.id, { role: input.role, updatedAt: now });
      const agentRecordCreated = input.role === "agent" && !(await repos.agents.findByUserId(user.id));
      if (agentRecordCreated) await repos.agents.createUnsubmitted(user.id, now);
      // An approved agent made a student or an admin: their listings go offline; made an agent again: back.
      const listings = listingsChange(await keepAgentStatusInStep(repos.agents, { ...user, role: input.role }), input.role === "agent");
      await repos.auditLog.record({
        id: deps.ids.id(),
        actorId: admin.id,
        action: "admin.user_role_changed",
        data: adminAuditData({
          target: auditTarget("user", user.id),
          before: { role: user.role, ...listings.before },
          after: agentRecordCreated ? { role: input.role, agentStatus: "unsubmitted" } : { role: input.role, ...listings.after },
        }),
        at: now,
      });
      return ok(undefined);
    }),
  );
}

/**
 * Suspends a user: they cannot sign in, and every session they have ends now (in the same
 * transaction; the session lookup refuses a suspended account's sessions too). Admins are not
 * suspended: an admin is demoted first, which the last-admin rule guards.
 */
export function suspendUser(
  deps: AdminUsersDeps,
  input: { adminId: string; userId: string; reason?: string | null },
): Promise<Result<void, AuthError>> {
  const reason = (input.reason ?? "").trim();
  if (reason === "") return Promise.resolve(err(authError("auth.suspension_reason_required")));
  if (reason.length > SUSPENSION_REASON_MAX)
    return Promise.resolve(err(authError("auth.suspension_reason_too_long", { max: SUSPENSION_REASON_MAX })));
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      const pair = await loadPair(repos, input.adminId, input.userId);
      if (!pair.ok) return pair;
      const { admin, user } = pair.value;
      if (user.role === "admin") return err(authError("auth.cannot_suspend_admin"));
      if (user.suspendedAt) return err(authError("auth.already_suspended"));

      const now = deps.clock.now();
      await repos.accounts.update(user.id, { suspendedAt: now, suspendedReason: reason, updatedAt: now });
      await repos.sessions.deleteAllForUser(user.id);
      // An approved agent's listings go offline with the account (issue 30).
      const listings = listingsChange(await keepAgentStatusInStep(repos.agents, { ...user, suspendedAt: now }), false);
      await repos.auditLog.record({
        id: deps.ids.id(),
        actorId: admin.id,
        action: "admin.user_suspended",
        data: adminAuditData({
          target: auditTarget("user", user.id),
          before: { suspended: false, ...listings.before },
          after: { suspended: true, suspendedAt: now.toISOString(), ...listings.after },
          reason,
        }),
        at: now,
      });
      return ok(undefined);
    }),
  );
}

/** Lifts a suspension: the user may sign in again (their old sessions stay ended). */
export function reactivateUser(deps: AdminUsersDeps, input: { adminId: string; userId: string }): Promise<Result<void, AuthError>> {
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      const pair = await loadPair(repos, input.adminId, input.userId);
      if (!pair.ok) return pair;
      const { admin, user } = pair.value;
      if (!user.suspendedAt) return err(authError("auth.not_suspended"));

      const now = deps.clock.now();
      await repos.accounts.update(user.id, { suspendedAt: null, suspendedReason: null, updatedAt: now });
      const listings = listingsChange(await keepAgentStatusInStep(repos.agents, { ...user, suspendedAt: null }), true);
      await repos.auditLog.record({
        id: deps.ids.id(),
        actorId: admin.id,
        action: "admin.user_reactivated",
        data: adminAuditData({
          target: auditTarget("user", user.id),
          before: { suspended: true, suspendedAt: user.suspendedAt.toISOString(), reason: user.suspendedReason, ...listings.before },
          after: { suspended: false, ...listings.after },
        }),
        at: now,
      });
      return ok(undefined);
    }),
  );
}

/** The agent status's move for the audit row, when keepAgentStatusInStep changed it (nothing otherwise). */
function listingsChange(changed: boolean, restored: boolean): { before: { agentStatus?: string }; after: { agentStatus?: string } } {
  if (!changed) return { before: {}, after: {} };
  const [from, to] = restored ? [WITHHELD_AGENT_STATUS, LISTING_AGENT_STATUS] : [LISTING_AGENT_STATUS, WITHHELD_AGENT_STATUS];
  return { before: { agentStatus: from }, after: { agentStatus: to } };
}
