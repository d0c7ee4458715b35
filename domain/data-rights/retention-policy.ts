// How long we keep what the privacy policy lists with a period (decision 0227), and the store
// that deletes what has outlived it. The periods come from configuration; the rule that a row
// exactly at its period's end is still kept (deleted only once strictly older) lives here, once.
import { DAY_MS } from "../shared/clock";

export interface RetentionPeriods {
  /** Contact-form messages, from when they were sent. */
  contactMessagesDays: number;
  /** Agents' and hosts' verification documents (and their files), from the admin's decision. */
  verificationDocumentsDays: number;
  /** Copies of e-mails in the outboxes (the demo's outbox, booking e-mails sent or given up), from when written. */
  outboxEmailsDays: number;
}

/** The privacy policy's periods: contact messages 12 months, documents 90 days after the decision, e-mails 30 days. */
export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = {
  contactMessagesDays: 365,
  verificationDocumentsDays: 90,
  outboxEmailsDays: 30,
};

/** At most this many agents' or hosts' documents are removed per run; the next run takes the rest. */
export const RETENTION_DOCUMENT_BATCH = 200;

export interface RetentionCutoffs {
  /** Contact messages sent strictly before this are deleted. */
  contactMessagesBefore: Date;
  /** Documents whose decision was made strictly before this are deleted. */
  documentsDecidedBefore: Date;
  /** Outbox e-mails written strictly before this are deleted. */
  outboxEmailsBefore: Date;
}

const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

export function retentionCutoffs(now: Date, periods: RetentionPeriods): RetentionCutoffs {
  return {
    contactMessagesBefore: daysBefore(now, periods.contactMessagesDays),
    documentsDecidedBefore: daysBefore(now, periods.verificationDocumentsDays),
    outboxEmailsBefore: daysBefore(now, periods.outboxEmailsDays),
  };
}

/** Whether something dated `at` has outlived a cutoff: strictly before it (the in-memory rule, the same as the SQL `<`). */
export const isPastCutoff = (at: Date, cutoff: Date): boolean => at.getTime() < cutoff.getTime();

/** One applicant's documents whose decision is older than the period. */
export interface ExpiredDocuments {
  kind: "agent" | "host";
  ownerId: string;
  /** The document ids (agent_documents rows, or the ids inside the host's verification). */
  documentIds: string[];
  /** The private files to delete first. */
  storageKeys: string[];
}

export interface RetentionCounts {
  contactMessages: number;
  agentDocuments: number;
  hostDocuments: number;
  files: number;
  outboxEmails: number;
  bookingNotices: number;
  /** Guest-house booking forms past their day (decision 0243). */
  bookingDrafts: number;
}

export interface RetentionStore {
  /** Deletes contact messages sent before the cutoff; answers how many. */
  deleteContactMessages(before: Date): Promise<number>;
  /** Deletes outbox e-mails written before the cutoff, and booking e-mails no longer pending written before it. */
  deleteOutboxEmails(before: Date): Promise<{ outboxEmails: number; bookingNotices: number }>;
  /**
   * Agents and hosts whose verification was decided (approved, rejected, withheld; verified or
   * rejected) before the cutoff and who still have documents from before that decision; at most `limit`.
   */
  expiredDocuments(decidedBefore: Date, limit: number): Promise<ExpiredDocuments[]>;
  /**
   * Removes those documents' rows, keeping the decision, its date and who made it; a host who
   * sent new documents since (pending again) is left alone. Answers how many documents went.
   */
  forgetDocuments(expired: ExpiredDocuments, decidedBefore: Date): Promise<number>;
}
