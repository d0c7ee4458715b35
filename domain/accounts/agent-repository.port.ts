import type { AgentDocument, AgentProfile, AgentVerificationDetails } from "./agent.entity";

export interface AgentRepository {
  findByUserId(userId: string): Promise<AgentProfile | null>;
  /** The agents row of a new agent account, status `unsubmitted`. */
  createUnsubmitted(userId: string, createdAt: Date): Promise<void>;
  /**
   * Writes the submitted details, sets status `pending`, clears any earlier rejection and
   * deletes earlier documents' rows; creates the row when the account had none.
   */
  saveSubmission(userId: string, details: AgentVerificationDetails, submittedAt: Date): Promise<void>;
  /**
   * Replaces the business fields (name, licence, specializations, phone, e-mail, address, website)
   * of an existing agent and nothing else: not the status, the commission rate or the payout
   * schedule. False when there is no such agent.
   */
  updateBusinessDetails(userId: string, details: AgentVerificationDetails): Promise<boolean>;
  /** Records the acceptance of the agent terms at `at`, once: false when already accepted or no such agent. */
  acceptTerms(userId: string, at: Date): Promise<boolean>;
  addDocument(document: AgentDocument): Promise<void>;
  listDocuments(agentId: string): Promise<AgentDocument[]>;
  /** The documents of all these agents, read at once for the review queue; oldest first. */
  listDocumentsOf(agentIds: readonly string[]): Promise<AgentDocument[]>;
  /** Sets approved/rejected only when the agent is pending; false otherwise (already reviewed). */
  review(userId: string, decision: { status: "approved" | "rejected"; rejectionReason: string | null; reviewedAt: Date }): Promise<boolean>;
  /**
   * Withholds an approved agent's approval (`withheld` true: 'approved' → 'withheld') or gives it
   * back (false: 'withheld' → 'approved'); any other status, or no agent, is left alone. True when
   * it changed. The row is locked first whatever its status, so a concurrent approval is waited
   * for, or waits. Only keepAgentStatusInStep (owner-standing.ts) decides which.
   */
  setApprovalWithheld(userId: string, withheld: boolean): Promise<boolean>;
  /** Oldest submission first, for the admin's review queue. */
  listByStatus(status: AgentProfile["status"], limit: number): Promise<AgentProfile[]>;
}
