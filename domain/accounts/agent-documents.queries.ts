import { err, ok, type Result } from "../shared/result";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountRepository } from "./account-repository.port";
import type { AgentDocument } from "./agent.entity";
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
