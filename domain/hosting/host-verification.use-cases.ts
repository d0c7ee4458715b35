// Becoming a verified host: the host submits identity and ownership documents (status pending),
// an admin approves or rejects with a reason (audit row in the same transaction), and the host is
// told by e-mail in their language. Only an approved host's houses are public (guestHouseVisibility):
// an approval tells the public pages.
import type { AccountRepository } from "../accounts/account-repository.port";
import { displayName } from "../accounts/account.entity";
import { APPROVAL_OVERRIDE_REASON_MAX, decideApproval } from "../accounts/approval-documents";
import type { DocumentStorage } from "../accounts/document-storage.port";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import type { Mailer } from "../shared/mailer.port";
import { domainError, err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { PublicPages } from "../shared/public-pages.port";
import type { HostingEmails } from "./hosting-emails.port";
import type { HostingRepos, HostingRepository } from "./hosting-repository.port";
import type { HostingError } from "./hosting.errors";
import {
  checkHostDocuments,
  DOCUMENT_EXTENSION,
  REJECT_REASON_MAX,
  type HostDocument,
  type HostVerification,
  type UploadedDocument,
} from "./host-verification.entity";

export interface HostVerificationDeps {
  uow: UnitOfWork<HostingRepos>;
  hosting: HostingRepository;
  accounts: AccountRepository;
  storage: DocumentStorage;
  mailer: Mailer;
  emails: HostingEmails;
  clock: Clock;
  ids: IdGenerator;
  settings: { appUrl: string };
  publicPages: PublicPages;
}
type Deps<K extends keyof HostVerificationDeps> = Pick<HostVerificationDeps, K>;

/** What the host area shows about its user: null status before any submission. */
export async function getHostStatus(deps: Deps<"hosting">, userId: string): Promise<HostVerification | null> {
  return deps.hosting.findVerification(userId);
}

/**
 * Any signed-in user but an admin becomes a host by submitting documents; a pending or rejected
 * host may submit again (it replaces the previous submission and its files). The files are stored
 * first, then the row in a transaction; if that fails the new files are removed again.
 */
export async function submitHostVerification(
  deps: Deps<"uow" | "accounts" | "storage" | "clock" | "ids">,
  input: { userId: string; identity: readonly UploadedDocument[]; ownership: readonly UploadedDocument[] },
): Promise<Result<{ status: "pending" }, HostingError>> {
  const checked = checkHostDocuments(input);
  if (!checked.ok) return checked;
  const account = await deps.accounts.findById(input.userId);
  if (!account) return err(domainError("hosting.host_not_found"));
  // Admins review hosts; one who hosted could approve themselves.
  if (account.role === "admin") return err(domainError("hosting.forbidden"));

  const now = deps.clock.now();
  const stored: HostDocument[] = [];
  let previous: HostDocument[] = [];
  try {
    for (const doc of checked.value) {
      const id = deps.ids.id();
      const storageKey = `host-documents/${account.id}/${id}.${DOCUMENT_EXTENSION[doc.mimeType]}`;
      await deps.storage.put(storageKey, doc.bytes, doc.mimeType);
      stored.push({ id, kind: doc.kind, storageKey, originalName: doc.name, mimeType: doc.mimeType, sizeBytes: doc.bytes.length });
    }
    const outcome = await deps.uow.run(async ({ hosting, auditLog }) => {
      const current = await hosting.findVerification(account.id);
      if (current?.status === "verified") return err(domainError("hosting.already_verified"));
      previous = current?.documents ?? [];
      await hosting.saveSubmission({
        id: current?.id ?? deps.ids.id(),
        hostId: account.id,
        status: "pending",
        documents: stored,
        submittedAt: now,
        reviewedAt: null,
        reviewedBy: null,
        rejectReason: null,
      });
      await auditLog.record({
        id: deps.ids.id(),
        actorId: account.id,
        action: "hosting.verification_submitted",
        data: { target: `host:${account.id}`, documents: stored.length, previousStatus: current?.status ?? null },
        at: now,
      });
      return ok({ status: "pending" as const });
    });
    if (!outcome.ok) {
      for (const doc of stored) await deps.storage.delete(doc.storageKey);
      return outcome;
    }
  } catch (error) {
    for (const doc of stored) await deps.storage.delete(doc.storageKey).catch(() => undefined);
    throw error;
  }
  // The replaced submission's files: after the commit, a failure leaves an unused file only.
  for (const doc of previous) await deps.storage.delete(doc.storageKey).catch(() => undefined);
  return ok({ status: "pending" });
}

/**
 * Approves a pending host: their houses become public with the badge. A host with no document on
 * file is refused (`hosting.approval_documents_missing`) unless `overrideReason` says why; the
 * reason is kept in the audit row (decideApproval, decision 0209).
 */
export function approveHost(
  deps: Deps<"uow" | "accounts" | "mailer" | "emails" | "clock" | "ids" | "settings" | "publicPages">,
  input: { adminId: string; hostId: string; overrideReason?: string | null },
) {
  return reviewHost(deps, { ...input, decision: "verified", reason: null, overrideReason: input.overrideReason ?? null });
}

/** Rejects a pending host with a reason they are told; they may submit again. */
export function rejectHost(
  deps: Deps<"uow" | "accounts" | "mailer" | "emails" | "clock" | "ids" | "settings" | "publicPages">,
  input: { adminId: string; hostId: string; reason: string },
): Promise<Result<void, HostingError>> {
  const reason = input.reason.trim();
  if (reason === "" || reason.length > REJECT_REASON_MAX)
    return Promise.resolve(err(domainError("hosting.reason_required", { max: REJECT_REASON_MAX })));
  return reviewHost(deps, { ...input, decision: "rejected", reason, overrideReason: null });
}

async function reviewHost(
  deps: Deps<"uow" | "accounts" | "mailer" | "emails" | "clock" | "ids" | "settings" | "publicPages">,
  input: { adminId: string; hostId: string; decision: "verified" | "rejected"; reason: string | null; overrideReason: string | null },
): Promise<Result<void, HostingError>> {
  const admin = await deps.accounts.findById(input.adminId);
  if (!admin || admin.role !== "admin") return err(domainError("hosting.forbidden"));
  if (input.adminId === input.hostId) return err(domainError("hosting.self_review_forbidden"));
  const host = await deps.accounts.findById(input.hostId);
  if (!host) return err(domainError("hosting.host_not_found"));

  const now = deps.clock.now();
  const reviewed = await deps.uow.run(async ({ hosting, auditLog }) => {
    const before = await hosting.findVerification(host.id);
    if (!before) return err(domainError("hosting.host_not_found"));
    let override: string | null = null;
    if (input.decision === "verified") {
      const decision = decideApproval(before.documents.length, input.overrideReason);
      if (decision.kind === "refuse")
        return err(
          decision.why === "documents_missing"
            ? domainError("hosting.approval_documents_missing")
            : domainError("hosting.approval_reason_too_long", { max: APPROVAL_OVERRIDE_REASON_MAX }),
        );
      if (decision.kind === "override") override = decision.reason;
    }
    // Conditional on `pending`: two admins reviewing at once cannot both win.
    const changed = await hosting.review(host.id, {
      status: input.decision,
      reviewedAt: now,
      reviewedBy: admin.id,
      rejectReason: input.reason,
    });
    if (!changed) return err(domainError("hosting.verification_not_pending"));
    await auditLog.record({
      id: deps.ids.id(),
      actorId: admin.id,
      action: input.decision === "verified" ? "admin.host_approved" : "admin.host_rejected",
      data: {
        target: `host:${host.id}`,
        before: JSON.stringify({ status: before.status, rejectReason: before.rejectReason }),
        after: JSON.stringify({ status: input.decision, rejectReason: input.reason }),
        reason: input.reason ?? override,
        // Approved with no document on file: the admin's reason above is the override's.
        ...(override ? { override: "no_documents" } : {}),
      },
      at: now,
    });
    return ok(undefined);
  });
  if (!reviewed.ok) return reviewed;
  // A rejection leaves a pending host's houses as they were: unseen, or listed by the platform without the badge.
  if (input.decision === "verified") deps.publicPages.changed();

  const name = displayName(host);
  const message =
    input.decision === "verified"
      ? deps.emails.hostApproved({ name, language: host.language, hostAreaUrl: `${deps.settings.appUrl}/host` })
      : deps.emails.hostRejected({
          name,
          language: host.language,
          reason: input.reason ?? "",
          verificationUrl: `${deps.settings.appUrl}/host/verification`,
        });
  await deps.mailer.send({ to: host.email, ...message });
  return ok(undefined);
}

/** The admin's queue: pending hosts, oldest submission first, with their accounts. */
export async function listPendingHosts(deps: Deps<"hosting" | "accounts">, limit: number) {
  const pending = await deps.hosting.listVerifications("pending", limit);
  // The accounts in one read, not one per host.
  const accounts = new Map((await deps.accounts.findByIds(pending.map((v) => v.hostId))).map((a) => [a.id, a]));
  return pending.map((verification) => ({ verification, account: accounts.get(verification.hostId) ?? null }));
}

/** One of a host's documents, for an admin reviewing them; null when it is not theirs or is gone. */
export async function readHostDocument(deps: Deps<"hosting" | "storage">, input: { hostId: string; documentId: string }) {
  const verification = await deps.hosting.findVerification(input.hostId);
  const document = verification?.documents.find((d) => d.id === input.documentId);
  if (!document) return null;
  const file = await deps.storage.get(document.storageKey);
  return file ? { document, bytes: file.bytes } : null;
}

/** One host's verification with their account, for the admin's review page; null when there is none. */
export async function getHostForReview(deps: Deps<"hosting" | "accounts">, hostId: string) {
  const verification = await deps.hosting.findVerification(hostId);
  return verification ? { verification, account: await deps.accounts.findById(hostId) } : null;
}
