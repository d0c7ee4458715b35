import { err, ok, type Result } from "../shared/result";
import { displayName } from "./account.entity";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { decideApproval } from "./approval-documents";
import { adminAuditData, auditTarget } from "./audit-log.port";
import { keepAgentStatusInStep } from "./owner-standing";

/**
 * Approves a pending agent: they get the agent portal. E-mails the agent; audit-logged. An agent
 * with no document on file is refused (`auth.approval_documents_missing`) unless `overrideReason`
 * says why they are approved anyway; the reason is kept in the audit row (decideApproval).
 */
export function approveAgent(
  deps: AccountsDeps,
  input: { adminId: string; agentId: string; overrideReason?: string | null },
): Promise<Result<void, AuthError>> {
  return review(deps, { ...input, status: "approved", reason: null, overrideReason: input.overrideReason ?? null });
}

/** Rejects a pending agent with a reason they are told; they may submit again. */
export function rejectAgent(
  deps: AccountsDeps,
  input: { adminId: string; agentId: string; reason?: string | null },
): Promise<Result<void, AuthError>> {
  const reason = (input.reason ?? "").trim();
  if (reason === "") return Promise.resolve(err(authError("auth.rejection_reason_required")));
  return review(deps, { ...input, status: "rejected", reason, overrideReason: null });
}

async function review(
  deps: AccountsDeps,
  input: { adminId: string; agentId: string; status: "approved" | "rejected"; reason: string | null; overrideReason: string | null },
): Promise<Result<void, AuthError>> {
  const admin = await deps.repos.accounts.findById(input.adminId);
  if (!admin || admin.role !== "admin") return err(authError("auth.forbidden"));
  const agent = await deps.repos.accounts.findById(input.agentId);
  if (!agent || !(await deps.repos.agents.findByUserId(agent.id))) return err(authError("auth.agent_not_found"));

  const now = deps.clock.now();
  const reviewed = await deps.uow.run(async (repos): Promise<"reviewed" | "not_pending" | AuthError> => {
    let override: string | null = null;
    if (input.status === "approved") {
      const decision = decideApproval((await repos.agents.listDocuments(agent.id)).length, input.overrideReason);
      if (decision.kind === "refuse")
        return authError(decision.why === "documents_missing" ? "auth.approval_documents_missing" : "auth.approval_reason_too_long");
      if (decision.kind === "override") override = decision.reason;
    }
    // Conditional on `pending`: two admins reviewing at once cannot both win.
    if (!(await repos.agents.review(agent.id, { status: input.status, rejectionReason: input.reason, reviewedAt: now })))
      return "not_pending";
    // Approved while suspended or no longer an agent: withheld at once, offered when the account may list (issue 30).
    const account = input.status === "approved" ? await repos.accounts.findById(agent.id) : null;
    if (account) await keepAgentStatusInStep(repos.agents, account);
    await repos.auditLog.record({
      id: deps.ids.id(),
      actorId: admin.id,
      action: input.status === "approved" ? "admin.agent_approved" : "admin.agent_rejected",
      data: {
        ...adminAuditData({
          target: auditTarget("agent", agent.id),
          before: { status: "pending" },
          after: { status: input.status },
          reason: input.reason ?? override,
        }),
        // Approved with no document on file: the admin's reason above is the override's.
        ...(override ? { override: "no_documents" } : {}),
      },
      at: now,
    });
    return "reviewed";
  });
  if (reviewed === "not_pending") return err(authError("auth.verification_not_pending"));
  if (reviewed !== "reviewed") return err(reviewed);
  // An approved agent's listings and profile become public; a rejected one was pending, never shown.
  if (input.status === "approved") deps.publicPages.changed();

  const name = displayName(agent);
  const message =
    input.status === "approved"
      ? deps.emails.agentApproved({ name, language: agent.language, portalUrl: `${deps.settings.appUrl}/agents/properties` })
      : deps.emails.agentRejected({
          name,
          language: agent.language,
          reason: input.reason ?? "",
          verificationUrl: `${deps.settings.appUrl}/auth/agent-verification`,
        });
  await deps.mailer.send({ to: agent.email, ...message });
  return ok(undefined);
}
