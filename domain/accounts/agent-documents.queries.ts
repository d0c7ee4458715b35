import { err, ok, type Result } from "../shared/result";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountRepository } from "./account-repository.port";
import type { Account } from "./account.entity";
import type { AgentDocument, AgentProfile } from "./agent.entity";
import type { AgentRepository } from "./agent-repository.port";
import type { DocumentStorage } from "./document-storage.port";

/**
 * An agent's verification document, for an admin only: the file's bytes with the type detected at
 * upload (never the browser's claim). A document of another agent, or a missing file, is not found.
 */
export async function readAgentDocument(
  deps: {
    repos: { accounts: Pick<AccountRepository, "findById">; agents: Pick<AgentRepository, "listDocuments"> };
    storage: Pick<DocumentStorage, "get">;
  },
  input: { adminId: string; agentId: string; documentId: string },
): Promise<Result<{ document: AgentDocument; bytes: Uint8Array }, AuthError>> {
  const admin = await deps.repos.accounts.findById(input.adminId);
  if (!admin || admin.role !== "admin" || admin.suspendedAt) return err(authError("auth.forbidden"));
  const document = (await deps.repos.agents.listDocuments(input.agentId)).find((d) => d.id === input.documentId);
  if (!document) return err(authError("auth.document_not_found"));
  const file = await deps.storage.get(document.storageKey);
  if (!file) return err(authError("auth.document_not_found"));
  return ok({ document, bytes: file.bytes });
}

/** An agent waiting for review, as the admin's queue shows it. */
export interface PendingAgent {
  agent: AgentProfile;
  /** Null when the account is gone (the queue still shows the agent, by id). */
  account: Account | null;
  documents: AgentDocument[];
}

/**
 * The admin's review queue: pending agents, oldest submission first, with their accounts and
 * documents: three reads whatever the queue's length (one per agent was 2 × 50 statements).
 */
export async function pendingAgentQueue(
  repos: {
    accounts: Pick<AccountRepository, "findByIds">;
    agents: Pick<AgentRepository, "listByStatus" | "listDocumentsOf">;
  },
  limit: number,
): Promise<PendingAgent[]> {
  const pending = await repos.agents.listByStatus("pending", limit);
  const ids = pending.map((a) => a.userId);
  const [accounts, documents] = await Promise.all([repos.accounts.findByIds(ids), repos.agents.listDocumentsOf(ids)]);
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  return pending.map((agent) => ({
    agent,
    account: accountById.get(agent.userId) ?? null,
    documents: documents.filter((d) => d.agentId === agent.userId),
  }));
}
