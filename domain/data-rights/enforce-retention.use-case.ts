import type { AuditLog } from "../accounts/audit-log.port";
import type { DocumentStorage } from "../accounts/document-storage.port";
import { forgetStaleBookingDrafts, type BookingDraftStore } from "../guest-house-booking/booking-draft";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import {
  RETENTION_DOCUMENT_BATCH,
  retentionCutoffs,
  type RetentionCounts,
  type RetentionPeriods,
  type RetentionStore,
} from "./retention-policy";

export const RETENTION_RUN_AUDIT_ACTION = "data_rights.retention_run";

export interface RetentionDeps {
  retention: RetentionStore;
  /** The guest-house booking forms kept while their guests pay (decision 0243): a day each. */
  drafts: Pick<BookingDraftStore, "forgetDraftsSavedBefore">;
  /** The private files (agents' and hosts' documents). */
  storage: DocumentStorage;
  auditLog: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  periods: RetentionPeriods;
}

/**
 * Deletes what has outlived the privacy policy's periods (decision 0227): contact messages,
 * verification documents (the files first, then their rows; the decision stays), outbox e-mails,
 * and the guest-house booking drafts past their day (otherwise deleted only when someone next
 * keeps one). Run by the server once per period across instances; every run is written to the audit log with
 * its counts, so an admin sees it at /admin/data-rights. Expired sessions and tokens are the
 * accounts cleanup's (pruneAccountRecords).
 */
export async function enforceRetention(deps: RetentionDeps): Promise<RetentionCounts> {
  const now = deps.clock.now();
  const cutoffs = retentionCutoffs(now, deps.periods);
  const contactMessages = await deps.retention.deleteContactMessages(cutoffs.contactMessagesBefore);
  const { outboxEmails, bookingNotices } = await deps.retention.deleteOutboxEmails(cutoffs.outboxEmailsBefore);
  // Before the documents, whose file deletes may fail the run.
  const bookingDrafts = await forgetStaleBookingDrafts({ drafts: deps.drafts, clock: deps.clock });
  let agentDocuments = 0;
  let hostDocuments = 0;
  let files = 0;
  for (const expired of await deps.retention.expiredDocuments(cutoffs.documentsDecidedBefore, RETENTION_DOCUMENT_BATCH)) {
    // Files first: a failure leaves the row, so the next run tries again and no file is orphaned.
    for (const key of expired.storageKeys) {
      await deps.storage.delete(key);
      files += 1;
    }
    const removed = await deps.retention.forgetDocuments(expired, cutoffs.documentsDecidedBefore);
    if (expired.kind === "agent") agentDocuments += removed;
    else hostDocuments += removed;
  }
  const counts: RetentionCounts = { contactMessages, agentDocuments, hostDocuments, files, outboxEmails, bookingNotices, bookingDrafts };
  await deps.auditLog.record({
    id: deps.ids.id(),
    actorId: null,
    action: RETENTION_RUN_AUDIT_ACTION,
    data: {
      ...counts,
      contactMessagesDays: deps.periods.contactMessagesDays,
      verificationDocumentsDays: deps.periods.verificationDocumentsDays,
      outboxEmailsDays: deps.periods.outboxEmailsDays,
    },
    at: now,
  });
  return counts;
}
