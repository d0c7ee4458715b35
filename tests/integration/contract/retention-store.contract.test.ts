// The retention job's deletes on SQLite and PostgreSQL (decision 0227): what has outlived its
// period goes, what sits exactly at the cutoff stays, the verification decisions stay.
import { afterEach, beforeEach, expect, it } from "vitest";
import { KyselyRetentionStore } from "#infrastructure/repositories/kysely-retention-store";
import { enforceRetention } from "#domain/data-rights/enforce-retention.use-case";
import { retentionCutoffs, type RetentionPeriods } from "#domain/data-rights/retention-policy";
import { InMemoryDocumentStorage } from "#domain/accounts/in-memory-account-repositories";
import { KyselyAccountAuditLog } from "#infrastructure/repositories/kysely-account-audit-log";
import { KyselyBookingAttemptRepository } from "#infrastructure/repositories/kysely-guest-house-booking";
import { DAY_MS, FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { insertAgent, insertBooking, insertProfile, insertProperty } from "./discovery-fixtures";

const NOW = new Date("2026-11-28T13:00:00.000Z");
const PERIODS: RetentionPeriods = { contactMessagesDays: 365, verificationDocumentsDays: 90, outboxEmailsDays: 30 };
const CUT = retentionCutoffs(NOW, PERIODS);
const iso = (d: Date, deltaMs = 0) => new Date(d.getTime() + deltaMs).toISOString();

describeEachDatabase(allDatabaseKinds())("RetentionStore on %s", (kind) => {
  let t: TestDatabase;
  let store: KyselyRetentionStore;
  beforeEach(async () => {
    t = await createTestDatabase(kind);
    store = new KyselyRetentionStore(t.db);
  });
  afterEach(() => t.destroy());

  it("deletes contact messages older than the period and keeps the one exactly at it", async () => {
    for (const [id, at] of [
      ["old", iso(CUT.contactMessagesBefore, -1)],
      ["edge", iso(CUT.contactMessagesBefore)],
      ["new", iso(NOW, -DAY_MS)],
    ]) {
      await t.db
        .insertInto("contact_messages")
        .values({ id, name: "N", email: "n@x.test", subject: "s", message: "m", created_at: at, ip: null })
        .execute();
    }
    expect(await store.deleteContactMessages(CUT.contactMessagesBefore)).toBe(1);
    const left = await t.db.selectFrom("contact_messages").select("id").orderBy("id").execute();
    expect(left.map((r) => r.id)).toEqual(["edge", "new"]);
  });

  it("deletes old outbox e-mails and booking e-mails no longer pending; a pending one stays however old", async () => {
    for (const [id, at] of [
      ["old", iso(CUT.outboxEmailsBefore, -1)],
      ["edge", iso(CUT.outboxEmailsBefore)],
    ]) {
      await t.db
        .insertInto("outbox_emails")
        .values({ id, to_address: "a@x.test", subject: "s", text_body: "b", html_body: null, created_at: at })
        .execute();
    }
    await insertAgent(t.db, { id: "agent" });
    await insertProperty(t.db, { id: "p1", agentId: "agent" });
    await insertProfile(t.db, { id: "stu" });
    await insertBooking(t.db, { id: "bk", propertyId: "p1", studentId: "stu" });
    for (const [id, status, at] of [
      ["sent-old", "sent", iso(CUT.outboxEmailsBefore, -1)],
      ["failed-old", "failed", iso(CUT.outboxEmailsBefore, -1)],
      ["pending-old", "pending", iso(CUT.outboxEmailsBefore, -1)],
      ["sent-edge", "sent", iso(CUT.outboxEmailsBefore)],
    ]) {
      await t.db
        .insertInto("booking_notices")
        .values({
          id,
          kind: "receipt",
          booking_id: "bk",
          recipient: "stu@x.test",
          data: "{}",
          dedupe_key: null,
          status,
          attempts: 1,
          next_attempt_at: at,
          last_error: null,
          created_at: at,
          sent_at: null,
        })
        .execute();
    }
    expect(await store.deleteOutboxEmails(CUT.outboxEmailsBefore)).toEqual({ outboxEmails: 1, bookingNotices: 2 });
    expect((await t.db.selectFrom("outbox_emails").select("id").execute()).map((r) => r.id)).toEqual(["edge"]);
    const notices = await t.db.selectFrom("booking_notices").select("id").orderBy("id").execute();
    expect(notices.map((r) => r.id)).toEqual(["pending-old", "sent-edge"]);
  });

  it("removes decided agents' and hosts' documents and files after the period, keeping the decision and who made it", async () => {
    const decidedOld = iso(CUT.documentsDecidedBefore, -1);
    const decidedEdge = iso(CUT.documentsDecidedBefore);
    const before = (at: string) => iso(new Date(at), -DAY_MS);
    // An agent approved just past the period, one exactly at it, one rejected long ago whose newer
    // document came after the decision, and one still pending.
    await insertAgent(t.db, { id: "a-old" });
    await insertAgent(t.db, { id: "a-edge" });
    await insertAgent(t.db, { id: "a-rejected" });
    await insertAgent(t.db, { id: "a-pending" });
    await t.db.updateTable("agents").set({ reviewed_at: decidedOld }).where("user_id", "=", "a-old").execute();
    await t.db.updateTable("agents").set({ reviewed_at: decidedEdge }).where("user_id", "=", "a-edge").execute();
    await t.db
      .updateTable("agents")
      .set({ reviewed_at: decidedOld, verification_status: "rejected" })
      .where("user_id", "=", "a-rejected")
      .execute();
    await t.db
      .updateTable("agents")
      .set({ reviewed_at: null, verification_status: "pending" })
      .where("user_id", "=", "a-pending")
      .execute();
    const doc = (id: string, agent: string, at: string) =>
      t.db
        .insertInto("agent_documents")
        .values({
          id,
          agent_id: agent,
          storage_key: `agent-documents/${agent}/${id}.pdf`,
          original_name: "id.pdf",
          mime_type: "application/pdf",
          size_bytes: 10,
          created_at: at,
        })
        .execute();
    await doc("d1", "a-old", before(decidedOld));
    await doc("d2", "a-old", before(decidedOld));
    await doc("d3", "a-edge", before(decidedEdge));
    await doc("d4", "a-rejected", before(decidedOld));
    await doc("d5", "a-rejected", iso(NOW, -DAY_MS));
    await doc("d6", "a-pending", before(decidedOld));
    const hostDocs = (host: string) =>
      JSON.stringify([
        {
          id: `h-${host}`,
          kind: "identity",
          storageKey: `host-documents/${host}/h.pdf`,
          originalName: "id.pdf",
          mimeType: "application/pdf",
          sizeBytes: 10,
        },
      ]);
    for (const [host, status, reviewedAt] of [
      ["h-old", "verified", decidedOld],
      ["h-edge", "rejected", decidedEdge],
      ["h-pending", "pending", null],
    ] as const) {
      await insertProfile(t.db, { id: host });
      await t.db
        .insertInto("host_verifications")
        .values({
          id: `v-${host}`,
          host_id: host,
          status,
          documents: hostDocs(host),
          submitted_at: before(decidedOld),
          reviewed_at: reviewedAt,
          reviewed_by: reviewedAt ? "root" : null,
          reject_reason: null,
        })
        .execute();
    }
    const storage = new InMemoryDocumentStorage();
    for (const key of [
      ...["d1", "d2"].map((d) => `agent-documents/a-old/${d}.pdf`),
      "agent-documents/a-edge/d3.pdf",
      "agent-documents/a-rejected/d4.pdf",
      "agent-documents/a-rejected/d5.pdf",
      "agent-documents/a-pending/d6.pdf",
      "host-documents/h-old/h.pdf",
      "host-documents/h-edge/h.pdf",
      "host-documents/h-pending/h.pdf",
    ]) {
      await storage.put(key, new Uint8Array([1]), "application/pdf");
    }

    const counts = await enforceRetention({
      retention: store,
      drafts: new KyselyBookingAttemptRepository(t.db),
      storage,
      auditLog: new KyselyAccountAuditLog(t.db),
      clock: new FixedClock(NOW),
      ids: new SequentialIds(),
      periods: PERIODS,
    });
    expect(counts).toMatchObject({ agentDocuments: 3, hostDocuments: 1, files: 4 });
    const docs = await t.db.selectFrom("agent_documents").select("id").orderBy("id").execute();
    expect(docs.map((d) => d.id)).toEqual(["d3", "d5", "d6"]);
    expect([...storage.files.keys()].sort()).toEqual([
      "agent-documents/a-edge/d3.pdf",
      "agent-documents/a-pending/d6.pdf",
      "agent-documents/a-rejected/d5.pdf",
      "host-documents/h-edge/h.pdf",
      "host-documents/h-pending/h.pdf",
    ]);
    const agents = await t.db.selectFrom("agents").select(["user_id", "verification_status", "reviewed_at"]).orderBy("user_id").execute();
    expect(agents.find((a) => a.user_id === "a-old")).toEqual({
      user_id: "a-old",
      verification_status: "approved",
      reviewed_at: decidedOld,
    });
    const hosts = await t.db.selectFrom("host_verifications").selectAll().orderBy("host_id").execute();
    expect(hosts.find((h) => h.host_id === "h-old")).toMatchObject({
      status: "verified",
      reviewed_at: decidedOld,
      reviewed_by: "root",
      documents: "[]",
    });
    expect(hosts.find((h) => h.host_id === "h-edge")?.documents).toBe(hostDocs("h-edge"));
    expect(hosts.find((h) => h.host_id === "h-pending")?.documents).toBe(hostDocs("h-pending"));
    // The run is in the audit log with its counts, for the admin's page.
    const runs = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "data_rights.retention_run").execute();
    expect(runs).toHaveLength(1);
    expect(JSON.parse(runs[0]!.data)).toMatchObject({ agentDocuments: 3, hostDocuments: 1, files: 4 });
    // A second run finds nothing more.
    expect(await store.expiredDocuments(CUT.documentsDecidedBefore, 100)).toEqual([]);
  });

  it("leaves a host who sent new documents meanwhile (pending again) alone", async () => {
    await insertProfile(t.db, { id: "h" });
    await t.db
      .insertInto("host_verifications")
      .values({
        id: "v",
        host_id: "h",
        status: "pending",
        documents: '[{"id":"n","kind":"identity","storageKey":"host-documents/h/n.pdf"}]',
        submitted_at: iso(NOW),
        reviewed_at: iso(CUT.documentsDecidedBefore, -1),
        reviewed_by: "root",
        reject_reason: null,
      })
      .execute();
    const forgot = await store.forgetDocuments(
      { kind: "host", ownerId: "h", documentIds: ["old"], storageKeys: [] },
      CUT.documentsDecidedBefore,
    );
    expect(forgot).toBe(0);
    expect((await t.db.selectFrom("host_verifications").select("documents").executeTakeFirstOrThrow()).documents).toContain("n.pdf");
  });
});
