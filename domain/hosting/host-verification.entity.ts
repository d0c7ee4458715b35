// A host's verification: identity and ownership documents, checked by an admin. The upload rules
// are the agent verification's (type from the bytes, 5 MB each, private storage).
import { detectDocumentType, DOCUMENT_EXTENSION, MAX_DOCUMENT_BYTES, type DocumentMimeType } from "../accounts/agent.entity";
import { uploadedFileName } from "../shared/text";
import type { HostVerificationStatus } from "../guest-houses/guest-house-visibility";
import { domainError, err, ok, type Result } from "../shared/result";
import type { HostingError } from "./hosting.errors";

export type { DocumentMimeType, HostVerificationStatus };
export { DOCUMENT_EXTENSION, MAX_DOCUMENT_BYTES };

export const HOST_DOCUMENT_KINDS = ["identity", "ownership"] as const;
export type HostDocumentKind = (typeof HOST_DOCUMENT_KINDS)[number];
/** Per kind: an ID card front and back, a title deed and a tax or utility bill, for example. */
export const MAX_DOCUMENTS_PER_KIND = 3;
export const REJECT_REASON_MAX = 1000;

export interface HostDocument {
  id: string;
  kind: HostDocumentKind;
  storageKey: string;
  originalName: string;
  mimeType: DocumentMimeType;
  sizeBytes: number;
}

export interface HostVerification {
  id: string;
  hostId: string;
  status: HostVerificationStatus;
  documents: HostDocument[];
  submittedAt: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  rejectReason: string | null;
}

export interface UploadedDocument {
  name: string;
  bytes: Uint8Array;
}

export interface CheckedDocument {
  kind: HostDocumentKind;
  name: string;
  bytes: Uint8Array;
  mimeType: DocumentMimeType;
}

/** Checks both lists of files: at least one of each kind, each a real PDF, JPEG or PNG of at most 5 MB. */
export function checkHostDocuments(input: {
  identity: readonly UploadedDocument[];
  ownership: readonly UploadedDocument[];
}): Result<CheckedDocument[], HostingError> {
  if (input.identity.length === 0) return err(domainError("hosting.identity_document_required"));
  if (input.ownership.length === 0) return err(domainError("hosting.ownership_document_required"));
  const checked: CheckedDocument[] = [];
  for (const kind of HOST_DOCUMENT_KINDS) {
    const files = input[kind];
    if (files.length > MAX_DOCUMENTS_PER_KIND) return err(domainError("hosting.too_many_documents", { max: MAX_DOCUMENTS_PER_KIND }));
    for (const file of files) {
      if (file.bytes.length > MAX_DOCUMENT_BYTES)
        return err(domainError("hosting.document_too_large", { name: file.name, max: MAX_DOCUMENT_BYTES / (1024 * 1024) }));
      const mimeType = detectDocumentType(file.bytes);
      if (!mimeType) return err(domainError("hosting.document_type", { name: file.name }));
      // The name is only shown back to people: short, without path parts or control characters.
      const name = uploadedFileName(file.name, `document.${DOCUMENT_EXTENSION[mimeType]}`);
      checked.push({ kind, name, bytes: file.bytes, mimeType });
    }
  }
  return ok(checked);
}
