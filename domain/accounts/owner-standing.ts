// Whose listings and guest houses students are offered (issue 30). The one rule, stated here:
//  - an agent's listings are shown, booked and paid for only while the account is an agent, is not
//    suspended, and its verification is approved;
//  - a host's guest houses are shown and booked only while the account is not suspended (and the
//    house is public by guestHouseVisibility: host verified, or listed by the platform).
//
// The agent half is stored, not worked out at every read: an agent's status is
// LISTING_AGENT_STATUS ('approved') exactly when the rule holds. An approved agent who may not list
// now (suspended, made a student or an admin) is WITHHELD_AGENT_STATUS, and approved again when
// they may. Every read that decides what students see already tests the agent's status (a probe of
// the agents key, decisions 0159, 0176), so the searches' SQL and plans stay as they were; the use
// cases that change what the rule reads (suspend, reactivate, role change, approval, the admin
// allow-list) call keepAgentStatusInStep in the same transaction as their change.
import type { Account, AgentStatus } from "./account.entity";
import type { AgentRepository } from "./agent-repository.port";

/** The agent status whose listings students see, book and pay for: adapters write it into their WHERE. */
export const LISTING_AGENT_STATUS = "approved" as const satisfies AgentStatus;

/** An approved agent whose account may not list now: nothing of theirs is offered until it may again. */
export const WITHHELD_AGENT_STATUS = "withheld" as const satisfies AgentStatus;

type Owner = Pick<Account, "role" | "suspendedAt">;

/** The account is not suspended: the whole rule for a host, and part of it for an agent. */
export const ownerIsActive = (owner: Pick<Account, "suspendedAt">): boolean => owner.suspendedAt === null;

/** An approved agent with this account may list: it is an agent and it is not suspended. */
export const agentMayList = (owner: Owner): boolean => owner.role === "agent" && ownerIsActive(owner);

/** An admin approved this agent (whether or not their listings are offered now). */
export const approvedByAdmin = (status: AgentStatus): boolean => status === LISTING_AGENT_STATUS || status === WITHHELD_AGENT_STATUS;

/** The status an agent record must hold for its account: an approval withheld or given back; any other status as it is. */
export function agentStatusFor(status: AgentStatus, owner: Owner): AgentStatus {
  if (!approvedByAdmin(status)) return status;
  return agentMayList(owner) ? LISTING_AGENT_STATUS : WITHHELD_AGENT_STATUS;
}

/**
 * Brings the account's agent record (if any) in step with the rule after a change to the account,
 * inside the caller's unit of work, which has already written that change. The adapter locks the
 * agent's row before its conditional write, so a suspension and an approval of the same agent at
 * the same moment end withheld in either order. True when the status changed.
 */
export function keepAgentStatusInStep(
  agents: Pick<AgentRepository, "setApprovalWithheld">,
  owner: Owner & Pick<Account, "id">,
): Promise<boolean> {
  return agents.setApprovalWithheld(owner.id, !agentMayList(owner));
}
