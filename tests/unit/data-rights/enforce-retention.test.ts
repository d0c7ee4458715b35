import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETENTION_PERIODS,
  isPastCutoff,
  retentionCutoffs,
  type ExpiredDocuments,
  type RetentionStore,
} from "#domain/data-rights/retention-policy";
import { enforceRetention, RETENTION_RUN_AUDIT_ACTION } from "#domain/data-rights/enforce-retention.use-case";
import { createInMemoryAccountRepos, InMemoryDocumentStorage } from "#domain/accounts/in-memory-account-repositories";
import { DAY_MS, FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryBookingAttemptRepository } from "#domain/guest-house-booking/in-memory-guest-house-booking";
import type { BookingDraft } from "#domain/guest-house-booking/booking-draft";

const NOW = new Date("2026-11-28T13:00:00.000Z");

describe("retention periods", () => {
  it("default to the privacy policy's: contact messages 365 days, documents 90 days after the decision, e-mails 30 days", () => {
    expect(DEFAULT_RETENTION_PERIODS).toEqual({ contactMessagesDays: 365, verificationDocumentsDays: 90, outboxEmailsDays: 30 });
    const c = retentionCutoffs(NOW, DEFAULT_RETENTION_PERIODS);
    expect(c.contactMessagesBefore.toISOString()).toBe("2025-11-28T13:00:00.000Z");
    expect(c.documentsDecidedBefore.toISOString()).toBe("2026-08-30T13:00:00.000Z");
    expect(c.outboxEmailsBefore.toISOString()).toBe("2026-10-29T13:00:00.000Z");
  });

  it("keeps what is exactly at the end of its period, deletes it a millisecond later", () => {
    const cutoff = retentionCutoffs(NOW, DEFAULT_RETENTION_PERIODS).documentsDecidedBefore;
    const decidedAt = new Date(NOW.getTime() - 90 * DAY_MS);
    expect(isPastCutoff(decidedAt, cutoff)).toBe(false);
    expect(isPastCutoff(new Date(decidedAt.getTime() - 1), cutoff)).toBe(true);
    expect(isPastCutoff(new Date(decidedAt.getTime() + 1), cutoff)).toBe(false);
  });

  it("follows the configured periods", () => {
    const c = retentionCutoffs(NOW, { contactMessagesDays: 1, verificationDocumentsDays: 7, outboxEmailsDays: 2 });
    expect(NOW.getTime() - c.contactMessagesBefore.getTime()).toBe(DAY_MS);
    expect(NOW.getTime() - c.documentsDecidedBefore.getTime()).toBe(7 * DAY_MS);
    expect(NOW.getTime() - c.outboxEmailsBefore.getTime()).toBe(2 * DAY_MS);
  });
});

/** A store that answers what the test sets and remembers what it was asked. */
class FakeRetention implements RetentionStore {
  asked: Record<string, string> = {};
  expired: ExpiredDocuments[] = [];
  forgotten: string[] = [];
  async deleteContactMessages(before: Date) {
    this.asked.contact = before.toISOString();
    return 4;
  }
  async deleteOutboxEmails(before: Date) {
    this.asked.outbox = before.toISOString();
    return { outboxEmails: 2, bookingNotices: 3 };
  }
  async expiredDocuments(decidedBefore: Date, limit: number) {
    this.asked.documents = decidedBefore.toISOString();
    return this.expired.slice(0, limit);
  }
  async forgetDocuments(expired: ExpiredDocuments) {
    this.forgotten.push(expired.ownerId);
    return expired.documentIds.length;
  }
}

function setup() {
  const repos = createInMemoryAccountRepos();
  const storage = new InMemoryDocumentStorage();
  const retention = new FakeRetention();
  const drafts = new InMemoryBookingAttemptRepository();
  const deps = {
    retention,
    drafts,
    storage,
    auditLog: repos.auditLog,
    clock: new FixedClock(NOW),
    ids: new SequentialIds(),
    periods: DEFAULT_RETENTION_PERIODS,
  };
  return { deps, retention, storage, repos, drafts };
}

describe("enforceRetention", () => {
  it("deletes with the cutoffs of the periods, the files before their rows, and audits the run with its counts", async () => {
    const s = setup();
    const bytes = new Uint8Array([1]);
    await s.storage.put("agent-documents/a/1.pdf", bytes, "application/pdf");
    await s.storage.put("agent-documents/a/2.pdf", bytes, "application/pdf");
    await s.storage.put("host-documents/h/3.pdf", bytes, "application/pdf");
    await s.storage.put("host-documents/other/9.pdf", bytes, "application/pdf");
    s.retention.expired = [
      { kind: "agent", ownerId: "a", documentIds: ["1", "2"], storageKeys: ["agent-documents/a/1.pdf", "agent-documents/a/2.pdf"] },
      { kind: "host", ownerId: "h", documentIds: ["3"], storageKeys: ["host-documents/h/3.pdf"] },
    ];
    const counts = await enforceRetention(s.deps);
    expect(counts).toEqual({
      contactMessages: 4,
      agentDocuments: 2,
      hostDocuments: 1,
      files: 3,
      outboxEmails: 2,
      bookingNotices: 3,
      bookingDrafts: 0,
    });
    expect(s.retention.asked).toEqual({
      contact: "2025-11-28T13:00:00.000Z",
      outbox: "2026-10-29T13:00:00.000Z",
      documents: "2026-08-30T13:00:00.000Z",
    });
    expect([...s.storage.files.keys()]).toEqual(["host-documents/other/9.pdf"]);
    expect(s.retention.forgotten).toEqual(["a", "h"]);
    const [run] = await s.repos.auditLog.list({ action: RETENTION_RUN_AUDIT_ACTION, limit: 5 });
    expect(run).toMatchObject({ actorId: null, at: NOW, data: { ...counts, verificationDocumentsDays: 90, contactMessagesDays: 365 } });
  });

  it("keeps a document's row when its file could not be deleted, so the next run tries again", async () => {
    const s = setup();
    s.retention.expired = [{ kind: "agent", ownerId: "a", documentIds: ["1"], storageKeys: ["agent-documents/a/1.pdf"] }];
    s.deps.storage = Object.assign(new InMemoryDocumentStorage(), {
      delete: async () => {
        throw new Error("bucket unreachable");
      },
    });
    await expect(enforceRetention(s.deps)).rejects.toThrow("bucket unreachable");
    expect(s.retention.forgotten).toEqual([]);
  });

  it("writes a run with zero counts when nothing is due", async () => {
    const s = setup();
    s.retention.deleteContactMessages = async () => 0;
    s.retention.deleteOutboxEmails = async () => ({ outboxEmails: 0, bookingNotices: 0 });
    expect(await enforceRetention(s.deps)).toEqual({
      contactMessages: 0,
      agentDocuments: 0,
      hostDocuments: 0,
      files: 0,
      outboxEmails: 0,
      bookingNotices: 0,
      bookingDrafts: 0,
    });
    expect(await s.repos.auditLog.count({ action: RETENTION_RUN_AUDIT_ACTION })).toBe(1);
  });

  it("deletes the guest-house booking drafts past their day, even when nobody keeps another (decision 0243)", async () => {
    const s = setup();
    const draft = (userId: string, savedAt: Date): BookingDraft => ({
      userId,
      guestHouseId: "h1",
      checkIn: "2026-12-01",
      checkOut: "2026-12-03",
      guests: 1,
      message: "Arriving late.",
      savedAt,
    });
    await s.drafts.saveDraft(draft("stale", new Date(NOW.getTime() - DAY_MS - 1)));
    await s.drafts.saveDraft(draft("edge", new Date(NOW.getTime() - DAY_MS)));
    await s.drafts.saveDraft(draft("fresh", new Date(NOW.getTime() - 60_000)));
    const counts = await enforceRetention(s.deps);
    expect(counts.bookingDrafts).toBe(1);
    expect([...s.drafts.drafts.values()].map((d) => d.userId).sort()).toEqual(["edge", "fresh"]);
    const [run] = await s.repos.auditLog.list({ action: RETENTION_RUN_AUDIT_ACTION, limit: 5 });
    expect(run?.data.bookingDrafts).toBe(1);
  });
});
