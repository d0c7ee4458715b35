// The data-rights export's reader on SQLite and PostgreSQL: a person's file holds their own rows
// from every module, and nothing that names or identifies anyone else (decision 0216).
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#infrastructure/db/schema";
import { KyselyPersonalDataReader } from "#infrastructure/repositories/kysely-personal-data-reader";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { insertAgent, insertBooking, insertPayment, insertProfile, insertProperty } from "./discovery-fixtures";

const T = "2026-11-20T09:00:00.000Z";

/** Every kind of row one person can have, each carrying `mark` so a leak is visible. */
async function personalRows(db: Kysely<Database>, who: string, mark: string, propertyId: string): Promise<void> {
  await db.insertInto("wishlists").values({ user_id: who, property_id: propertyId, created_at: T }).execute();
  await db
    .insertInto("view_history")
    .values({ id: `vh-${mark}`, user_id: who, property_id: propertyId, viewed_at: T })
    .execute();
  await db
    .insertInto("search_history")
    .values({ id: `sh-${mark}`, user_id: who, query: `q=${mark}-search`, searched_at: T })
    .execute();
  await db
    .insertInto("saved_searches")
    .values({ id: `ss-${mark}`, user_id: who, query: `q=${mark}-saved`, last_notified_at: T, created_at: T })
    .execute();
  await insertPayment(db, {
    id: `pay-${mark}`,
    user_id: who,
    reference: `REF-${mark}`,
    payment_status: "confirmed",
    payment_type: "subscription",
    amount: 2000,
    method: "mobile_money",
    phone: `6770000${mark.length}`,
    provider_tx_id: `TX-${mark}`,
    confirmed_at: T,
    created_at: T,
    updated_at: T,
  });
  await db
    .insertInto("subscriptions")
    .values({ id: `sub-${mark}`, user_id: who, payment_id: `pay-${mark}`, starts_at: T, ends_at: T, created_at: T })
    .execute();
  await insertBooking(db, {
    id: `bk-${mark}`,
    propertyId,
    studentId: who,
    createdAt: T,
    visitTime: mark === "alice" ? "10:00 AM" : "11:00 AM",
  });
  await db
    .insertInto("listing_reports")
    .values({
      id: `lr-${mark}`,
      property_id: propertyId,
      reporter_id: who,
      reason: "scam",
      details: `${mark}-report`,
      created_at: T,
      reviewed_at: null,
    })
    .execute();
  await db
    .insertInto("reviews")
    .values({
      id: `rv-${mark}`,
      agent_id: "agent",
      student_id: who,
      booking_id: `bk-${mark}`,
      rating: 4,
      comment: `${mark}-review`,
      reply: null,
      replied_at: null,
      created_at: T,
    })
    .execute();
  await db
    .insertInto("message_threads")
    .values({
      id: `th-${mark}`,
      property_id: propertyId,
      student_id: who,
      agent_id: "agent",
      created_at: T,
      last_message_at: T,
      student_notified_at: null,
      agent_notified_at: null,
    })
    .execute();
  await db
    .insertInto("messages")
    .values([
      { id: `m1-${mark}`, thread_id: `th-${mark}`, sender_id: who, body: `${mark}-question`, read_at: null, created_at: T },
      { id: `m2-${mark}`, thread_id: `th-${mark}`, sender_id: "agent", body: `reply-to-${mark}`, read_at: null, created_at: T },
    ])
    .execute();
}

describeEachDatabase(allDatabaseKinds())("PersonalDataReader on %s", (kind) => {
  let t: TestDatabase;
  let reader: KyselyPersonalDataReader;
  beforeEach(async () => {
    t = await createTestDatabase(kind);
    reader = new KyselyPersonalDataReader(t.db);
    await insertAgent(t.db, { id: "agent", fullName: "Agent Etoundi", email: "etoundi@agents.test" });
    await insertProperty(t.db, { id: "p1", agentId: "agent", title: "Molyko studio" });
    await insertProfile(t.db, { id: "alice", fullName: "Alice Ngum", email: "alice@students.test" });
    await insertProfile(t.db, { id: "bruno", fullName: "Bruno Fon", email: "bruno@students.test" });
    await personalRows(t.db, "alice", "alice", "p1");
    await personalRows(t.db, "bruno", "bruno", "p1");
  });
  afterEach(() => t.destroy());

  it("holds the person's own rows from every module", async () => {
    const data = await reader.read("alice", 100);
    expect(data?.account).toMatchObject({ id: "alice", email: "alice@students.test", fullName: "Alice Ngum" });
    const s = data!.sections;
    expect(s.payments).toEqual([expect.objectContaining({ reference: "REF-alice", providerTransactionId: "TX-alice", amount: 2000 })]);
    expect(s.subscriptions).toEqual([expect.objectContaining({ paymentReference: "REF-alice" })]);
    expect(s.bookings).toEqual([expect.objectContaining({ reference: "KN-bk-alice", propertyTitle: "Molyko studio" })]);
    expect(s.wishlist).toHaveLength(1);
    expect(s.viewHistory).toHaveLength(1);
    expect(s.searchHistory).toEqual([expect.objectContaining({ query: "q=alice-search" })]);
    expect(s.savedSearches).toEqual([expect.objectContaining({ query: "q=alice-saved" })]);
    expect(s.reportsFiled).toEqual([expect.objectContaining({ details: "alice-report" })]);
    expect(s.reviewsWritten).toEqual([expect.objectContaining({ comment: "alice-review", bookingReference: "KN-bk-alice" })]);
    expect(s.messagesSent).toEqual([expect.objectContaining({ body: "alice-question", to: "agent" })]);
    expect(s.messagesReceived).toEqual([expect.objectContaining({ body: "reply-to-alice", from: "agent" })]);
  });

  it("holds nothing of another person: no other student's rows, no counterpart's name, e-mail or id", async () => {
    const text = JSON.stringify(await reader.read("alice", 100));
    for (const other of ["bruno", "Bruno Fon", "REF-bruno", "TX-bruno", "agent@", "etoundi", "Etoundi"]) {
      expect(text, other).not.toContain(other);
    }
    for (const idField of ["agentId", "studentId", "senderId", "reviewedBy"]) expect(text, idField).not.toContain(idField);
  });

  it("gives an agent their listings, reviews received and messages without the students' identities", async () => {
    await t.db
      .insertInto("agent_payout_numbers")
      .values({ agent_id: "agent", phone: "677111222", medium: "mtn_momo", updated_at: T })
      .execute();
    await t.db
      .insertInto("payouts")
      .values({
        id: "PO-1",
        agent_id: "agent",
        amount: 1500,
        phone: "677111222",
        medium: "mtn_momo",
        status: "successful",
        trans_id: "SIM-PO-1",
        reason: null,
        cut_off: T,
        earning_count: 3,
        send_claimed_at: null,
        created_by: null,
        created_at: T,
        updated_at: T,
      })
      .execute();
    const data = await reader.read("agent", 100);
    expect(data!.sections.payouts).toEqual([
      expect.objectContaining({ reference: "PO-1", amount: 1500, earnings: 3, status: "successful" }),
    ]);
    expect(data!.sections.payoutNumber).toEqual([expect.objectContaining({ phone: "677111222", medium: "mtn_momo" })]);
    expect(JSON.stringify(await reader.read("alice", 100))).not.toContain("PO-1");
    const text = JSON.stringify(data);
    expect(data!.sections.listings).toEqual([expect.objectContaining({ id: "p1", title: "Molyko studio" })]);
    expect(data!.sections.reviewsReceived).toHaveLength(2);
    expect(data!.sections.messagesReceived.map((m) => m.from)).toEqual(["student", "student"]);
    for (const other of ["alice@", "bruno@", "Alice Ngum", "Bruno Fon", "REF-alice", "q=alice"]) expect(text, other).not.toContain(other);
  });

  it("reads at most maxRows + 1 rows per section, and nothing for an unknown account", async () => {
    for (let i = 0; i < 4; i++) {
      await t.db
        .insertInto("search_history")
        .values({ id: `extra-${i}`, user_id: "alice", query: `q=${i}`, searched_at: T })
        .execute();
    }
    const data = await reader.read("alice", 2);
    expect(data!.sections.searchHistory).toHaveLength(3);
    expect(await reader.read("nobody", 2)).toBeNull();
  });
});
