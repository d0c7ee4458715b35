import { err, ok, type Result } from "../shared/result";
import { isValidEmail, isValidHttpUrl, normaliseCameroonPhone, normaliseEmail } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AccountsDeps } from "./accounts.deps";
import {
  detectDocumentType,
  DOCUMENT_EXTENSION,
  MAX_DOCUMENT_BYTES,
  type AgentDocument,
  type AgentVerificationDetails,
  type DocumentMimeType,
} from "./agent.entity";

export interface AgentVerificationInput {
  businessName?: string | null;
  licenseNumber?: string | null;
  specializations?: string[] | null;
  businessPhone?: string | null;
  businessEmail?: string | null;
  businessAddress?: string | null;
  websiteUrl?: string | null;
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
  if (current?.status === "approved") return err(authError("auth.already_verified"));

  const now = deps.clock.now();
  const stored: AgentDocument[] = [];
  try {
    for (const doc of documents) {
      const id = deps.ids.id();
      const storageKey = `agent-documents/${account.id}/${id}.${DOCUMENT_EXTENSION[doc.mimeType]}`;
      await deps.storage.put(storageKey, doc.bytes, doc.mimeType);
      stored.push({ id, agentId: account.id, storageKey, originalName: doc.name, mimeType: doc.mimeType, sizeBytes: doc.bytes.length, createdAt: now });
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
  const text = (v: string | null | undefined) => (v ?? "").trim();
  const required = { businessName: text(input.businessName), licenseNumber: text(input.licenseNumber), businessPhone: text(input.businessPhone), businessEmail: text(input.businessEmail), businessAddress: text(input.businessAddress) };
  for (const [field, value] of Object.entries(required)) {
    if (value === "") return err(authError("auth.verification_field_required", { field }));
  }
  const businessPhone = normaliseCameroonPhone(required.businessPhone);
  if (!businessPhone) return err(authError("auth.invalid_phone"));
  const businessEmail = normaliseEmail(required.businessEmail);
  if (!isValidEmail(businessEmail)) return err(authError("auth.invalid_email"));
  const websiteUrl = text(input.websiteUrl);
  if (websiteUrl !== "" && !isValidHttpUrl(websiteUrl)) return err(authError("auth.invalid_url"));
  const specializations = [...new Set((input.specializations ?? []).map((s) => s.trim()).filter(Boolean))];

  const files = input.documents ?? [];
  if (files.length === 0) return err(authError("auth.document_required"));
  const documents: ParsedVerification["documents"] = [];
  for (const file of files) {
    if (file.bytes.length > MAX_DOCUMENT_BYTES) return err(authError("auth.document_too_large", { name: file.name }));
    const mimeType = detectDocumentType(file.bytes);
    if (!mimeType) return err(authError("auth.document_type", { name: file.name }));
    // The name is only shown back to people; keep it short and free of path parts.
    const name = file.name.split(/[\\/]/).pop()!.trim().slice(0, 200) || `document.${DOCUMENT_EXTENSION[mimeType]}`;
    documents.push({ name, bytes: file.bytes, mimeType });
  }
  return ok({
    details: {
      businessName: required.businessName,
      licenseNumber: required.licenseNumber,
      specializations,
      businessPhone,
      businessEmail,
      businessAddress: required.businessAddress,
      websiteUrl: websiteUrl === "" ? null : websiteUrl,
    },
    documents,
  });
}
