import { err, ok, type Result } from "../shared/result";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import { parseAgentDetails, type AgentDetailsInput } from "./agent-details";
import type { AgentProfile } from "./agent.entity";
import { publicChange } from "../shared/public-pages.port";

type Deps = Pick<AccountsDeps, "repos" | "uow" | "clock" | "ids">;

/** The agent's own profile for /agents/profile; null when the user is not an agent. */
export async function agentProfileFor(deps: Pick<AccountsDeps, "repos">, userId: string): Promise<AgentProfile | null> {
  const account = await deps.repos.accounts.findById(userId);
  if (!account || account.role !== "agent") return null;
  return deps.repos.agents.findByUserId(userId);
}

/**
 * An approved agent edits their business fields (the same rules as at verification). The
 * commission rate, payout schedule and verification state are not theirs to change: whatever the
 * request carries, only the business fields are written. Audit-logged. The fields are on the
 * agent's public profile: the public pages are told when one of them changed.
 */
export async function updateAgentProfile(
  deps: Deps & Pick<AccountsDeps, "publicPages">,
  input: { userId: string; details: AgentDetailsInput },
): Promise<Result<void, AuthError>> {
  const details = parseAgentDetails(input.details);
  if (!details.ok) return details;
  const now = deps.clock.now();
  const outcome = deps.uow.run(async (repos) => {
    const account = await repos.accounts.findById(input.userId);
    const agent = account?.role === "agent" ? await repos.agents.findByUserId(input.userId) : null;
    if (!agent) return err(authError("auth.agent_not_found"));
    // A pending or rejected agent changes details by sending a new verification, which an admin reviews.
    if (agent.status !== "approved") return err(authError("auth.forbidden"));
    const changed = (Object.keys(details.value) as (keyof typeof details.value)[]).some(
      (key) => JSON.stringify(details.value[key]) !== JSON.stringify(agent[key]),
    );
    await repos.agents.updateBusinessDetails(agent.userId, details.value);
    await repos.auditLog.record({
      id: deps.ids.id(),
      actorId: agent.userId,
      action: "auth.agent_profile_updated",
      data: { userId: agent.userId },
      at: now,
    });
    return ok({ changed });
  });
  const result = await publicChange(deps.publicPages, outcome, ({ changed }) => changed);
  return result.ok ? ok(undefined) : result;
}

/** An approved agent accepts the agent terms; the first acceptance's date is kept. */
export async function acceptAgentTerms(deps: Deps, input: { userId: string }): Promise<Result<{ acceptedAt: Date }, AuthError>> {
  const now = deps.clock.now();
  return deps.uow.run(async (repos) => {
    const account = await repos.accounts.findById(input.userId);
    const agent = account?.role === "agent" ? await repos.agents.findByUserId(input.userId) : null;
    if (!agent) return err(authError("auth.agent_not_found"));
    if (agent.status !== "approved") return err(authError("auth.forbidden"));
    if (agent.termsAcceptedAt) return ok({ acceptedAt: agent.termsAcceptedAt });
    await repos.agents.acceptTerms(agent.userId, now);
    await repos.auditLog.record({ id: deps.ids.id(), actorId: agent.userId, action: "auth.agent_terms_accepted", data: {}, at: now });
    return ok({ acceptedAt: now });
  });
}
