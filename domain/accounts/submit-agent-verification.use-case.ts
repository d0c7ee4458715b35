import { err, ok, type Result } from "../shared/result";
import { uploadedFileName } from "../shared/text";
import { parseAgentDetails, type AgentDetailsInput } from "./agent-details";
import { authError, type AuthError } from "./accounts.errors";
import { approvedByAdmin } from "./owner-standing";
import type { AccountsDeps } from "./accounts.deps";
import {
  detectDocumentType,
  DOCUMENT_EXTENSION,
  MAX_DOCUMENT_BYTES,
  type AgentDocument,
  type AgentVerificationDetails,
  type DocumentMimeType,
} from "./agent.entity";

export interface AgentVerificationInput extends AgentDetailsInput {
  documents?: { name: string; bytes: Uint8Array }[] | null;
}

/**
 * Sends the agent's business details and documents for review: status becomes `pending`.
 * While the review is pending the agent may send a corrected submission; it replaces the
 * previous one (details and documents), as it does after a rejection.
 * A student may submit too, and becomes an agent (the only way a student's role changes).
 * The files are stored first, then every row is written in one transaction; if that fails the
 * files are deleted again, so there is never half a verification.
 */
export async function submitAgentVerification(
  deps: AccountsDeps,
  input: { userId: string; verification: AgentVerificationInput },
): Promise<Result<{ status: "pending" }, AuthError>> {
  const parsed = parseVerification(input.verification);
  if (!parsed.ok) return parsed;
  const { details, documents } = parsed.value;

  const account = await deps.repos.accounts.findById(input.userId);
  if (!account) return err(authError("auth.account_not_found"));
  if (account.role === "admin") return err(authError("auth.forbidden"));
  const current = await deps.repos.agents.findByUserId(account.id);
  // Approved, offered or withheld (owner-standing.ts): a new submission would undo an admin's approval.
  if (current && approvedByAdmin(current.status)) return err(authError("auth.already_verified"));

  const now = deps.clock.now();
  const stored: AgentDocument[] = [];
  try {
    for (const doc of documents) {
      const id = deps.ids.id();
      const storageKey = `agent-documents/${account.id}/${id}.${DOCUMENT_EXTENSION[doc.mimeType]}`;
      await deps.storage.put(storageKey, doc.bytes, doc.mimeType);
      stored.push({
        id,
        agentId: account.id,
        storageKey,
        originalName: doc.name,
        mimeType: doc.mimeType,
        sizeBytes: doc.bytes.length,
        createdAt: now,
      });
    }
    const previous = current ? await deps.repos.agents.listDocuments(account.id) : [];
    await deps.uow.run(async (repos) => {
      if (account.role !== "agent") await repos.accounts.update(account.id, { role: "agent", updatedAt: now });
      await repos.agents.saveSubmission(account.id, details, now);
      for (const doc of stored) await repos.agents.addDocument(doc);
      await repos.auditLog.record({
        id: deps.ids.id(),
        actorId: account.id,
        action: "auth.agent_verification_submitted",
        data: { userId: account.id, documents: stored.length, previousRole: account.role },
        at: now,
      });
    });
    // The rows of a rejected submission's files are gone; their files go too.
    for (const doc of previous) await deps.storage.delete(doc.storageKey);
  } catch (error) {
    for (const doc of stored) await deps.storage.delete(doc.storageKey).catch(() => undefined);
    throw error;
  }
  return ok({ status: "pending" });
}

type ParsedVerification = {
  details: AgentVerificationDetails;
  documents: { name: string; bytes: Uint8Array; mimeType: DocumentMimeType }[];
};

function parseVerification(input: AgentVerificationInput): Result<ParsedVerification, AuthError> {
  const details = parseAgentDetails(input);
  if (!details.ok) return details;

  const files = input.documents ?? [];
  if (files.length === 0) return err(authError("auth.document_required"));
  const documents: ParsedVerification["documents"] = [];
  for (const file of files) {
    if (file.bytes.length > MAX_DOCUMENT_BYTES) return err(authError("auth.document_too_large", { name: file.name }));
    const mimeType = detectDocumentType(file.bytes);
    if (!mimeType) return err(authError("auth.document_type", { name: file.name }));
    // The name is only shown back to people: short, without path parts or control characters.
    const name = uploadedFileName(file.name, `document.${DOCUMENT_EXTENSION[mimeType]}`);
    documents.push({ name, bytes: file.bytes, mimeType });
  }
  return ok({
    details: details.value,
    documents,
  });
}
