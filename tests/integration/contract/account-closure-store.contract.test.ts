// Closing an account on SQLite and PostgreSQL (decision 0217): the anonymisation keeps the money
// rows and what others wrote, removes what names the person, and refuses while something is open.
import { afterEach, beforeEach, expect, it } from "vitest";
import { KyselyAccountClosureStore } from "#infrastructure/repositories/kysely-account-closure-store";
import { closedEmail, FORMER_USER_NAME } from "#domain/data-rights/account-closure";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { insertAgent, insertBooking, insertPayment, insertProfile, insertProperty } from "./discovery-fixtures";

const T = "2026-11-20T09:00:00.000Z";
const NOW = new Date("2026-11-28T10:00:00.000Z");
const TODAY = "2026-11-28";

const audit = (userId: string, id = `audit-${userId}`) => ({
  id,
  actorId: userId,
  action: "data_rights.account_closed" as const,
  data: { target: `user:${userId}` },
  at: NOW,
});

describeEachDatabase(allDatabaseKinds())("AccountClosureStore on %s", (kind) => {
  let t: TestDatabase;
  let store: KyselyAccountClosureStore;
  beforeEach(async () => {
    t = await createTestDatabase(kind);
    store = new KyselyAccountClosureStore(t.db);
    await insertAgent(t.db, { id: "agent" });
    await insertProperty(t.db, { id: "p1", agentId: "agent" });
    for (const id of ["alice", "bruno"]) {
      await insertProfile(t.db, { id, fullName: `Name ${id}`, email: `${id}@students.test` });
      await t.db.updateTable("profiles").set({ phone: "+237677000000", password_hash: "scrypt$x" }).where("id", "=", id).execute();
      await t.db.insertInto("wishlists").values({ user_id: id, property_id: "p1", created_at: T }).execute();
      await t.db
        .insertInto("view_history")
        .values({ id: `vh-${id}`, user_id: id, property_id: "p1", viewed_at: T })
        .execute();
      await t.db
        .insertInto("search_history")
        .values({ id: `sh-${id}`, user_id: id, query: "q", searched_at: T })
        .execute();
      await t.db
        .insertInto("saved_searches")
        .values({ id: `ss-${id}`, user_id: id, query: "q", last_notified_at: T, created_at: T })
        .execute();
      await t.db
        .insertInto("sessions")
        .values({ id: `s-${id}`, user_id: id, created_at: T, last_seen_at: T, expires_at: "2026-12-20T00:00:00.000Z", user_agent: null })
        .execute();
      await insertPayment(t.db, {
        id: `pay-${id}`,
        user_id: id,
        reference: `REF-${id}`,
        payment_type: "student_rental",
        confirmed_at: T,
        created_at: T,
        updated_at: T,
      });
      await insertBooking(t.db, { id: `bk-${id}`, propertyId: "p1", studentId: id, visitTime: id === "alice" ? "10:00 AM" : "11:00 AM" });
      await t.db
        .insertInto("reviews")
        .values({
          id: `rv-${id}`,
          agent_id: "agent",
          student_id: id,
          booking_id: `bk-${id}`,
          rating: 5,
          comment: `by ${id}`,
          reply: null,
          replied_at: null,
          created_at: T,
        })
        .execute();
    }
  });
  afterEach(() => t.destroy());

  it("anonymises the profile, deletes the personal lists, keeps payments and reviews linked, and frees the address", async () => {
    expect(await store.close("alice", NOW, TODAY, audit("alice"))).toEqual([]);
    const profile = await t.db.selectFrom("profiles").selectAll().where("id", "=", "alice").executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      full_name: FORMER_USER_NAME,
      email: closedEmail("alice"),
      phone: null,
      password_hash: null,
      google_id: null,
    });
    for (const table of ["sessions", "wishlists", "view_history", "search_history", "saved_searches"] as const) {
      const rows = await t.db.selectFrom(table).select("user_id").execute();
      expect(
        rows.map((r) => r.user_id),
        table,
      ).toEqual(["bruno"]);
    }
    const payment = await t.db.selectFrom("payments").selectAll().where("id", "=", "pay-alice").executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ user_id: "alice", reference: "REF-alice", amount: 8000, phone: null });
    const booking = await t.db.selectFrom("bookings").selectAll().where("id", "=", "bk-alice").executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      student_id: "alice",
      visitor_name: FORMER_USER_NAME,
      visitor_email: closedEmail("alice"),
      visitor_phone: "",
    });
    const review = await t.db.selectFrom("reviews").selectAll().where("id", "=", "rv-alice").executeTakeFirstOrThrow();
    expect(review).toMatchObject({ student_id: "alice", comment: "by alice" });
    // Nobody else is touched, and the address can open a new account.
    const bruno = await t.db.selectFrom("profiles").selectAll().where("id", "=", "bruno").executeTakeFirstOrThrow();
    expect(bruno).toMatchObject({ full_name: "Name bruno", email: "bruno@students.test", phone: "+237677000000" });
    await insertProfile(t.db, { id: "alice-again", email: "alice@students.test" });
  });

  it("writes the audit row in the closing's transaction: both land, or neither", async () => {
    expect(await store.close("alice", NOW, TODAY, audit("alice"))).toEqual([]);
    const rows = await t.db.selectFrom("audit_log").selectAll().where("target", "=", "user:alice").execute();
    expect(rows.map((r) => [r.id, r.action, r.actor_id])).toEqual([["audit-alice", "data_rights.account_closed", "alice"]]);
    // An audit row that cannot be written (its id is taken) undoes the whole closing.
    await expect(store.close("bruno", NOW, TODAY, audit("bruno", "audit-alice"))).rejects.toThrow();
    const bruno = await t.db.selectFrom("profiles").selectAll().where("id", "=", "bruno").executeTakeFirstOrThrow();
    expect(bruno).toMatchObject({ full_name: "Name bruno", email: "bruno@students.test" });
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", "bruno").execute()).toHaveLength(1);
  });

  it("writes no audit row when it refuses", async () => {
    await t.db.updateTable("payments").set({ payment_status: "pending" }).where("id", "=", "pay-bruno").execute();
    expect(await store.close("bruno", NOW, TODAY, audit("bruno"))).toEqual(["pending_payment"]);
    expect(await t.db.selectFrom("audit_log").select("id").execute()).toEqual([]);
  });

  it("refuses an agent with a visit today or later, and changes nothing", async () => {
    await t.db.updateTable("bookings").set({ visit_date: TODAY }).where("id", "=", "bk-alice").execute();
    expect(await store.close("agent", NOW, TODAY, audit("agent"))).toEqual(["upcoming_visits"]);
    const agent = await t.db.selectFrom("profiles").selectAll().where("id", "=", "agent").executeTakeFirstOrThrow();
    expect(agent.email).toBe("agent@kamernest.test");
    // A visit that was yesterday, or cancelled, does not hold the agent back.
    await t.db.updateTable("bookings").set({ visit_date: "2026-11-27" }).where("id", "=", "bk-alice").execute();
    await t.db.updateTable("bookings").set({ cancelled_at: T, visit_date: "2026-12-01" }).where("id", "=", "bk-bruno").execute();
    expect((await store.facts("agent", NOW, TODAY))?.upcomingAgentVisits).toBe(0);
  });

  it("counts unpaid earnings, pending payments and the last admin", async () => {
    await t.db
      .insertInto("commission_earnings")
      .values({
        id: "c1",
        agent_id: "agent",
        property_id: "p1",
        booking_id: "bk-alice",
        amount: 500,
        type: "visit",
        date: T,
        paid_date: null,
        student_id: null,
        period_key: null,
        voided_at: null,
        voided_by: null,
        void_reason: null,
        payout_reference: null,
      })
      .execute();
    await t.db.updateTable("payments").set({ payment_status: "pending" }).where("id", "=", "pay-bruno").execute();
    await insertProfile(t.db, { id: "root", role: "admin" });
    expect(await store.facts("agent", NOW, TODAY)).toMatchObject({ unpaidEarnings: 1 });
    expect(await store.close("bruno", NOW, TODAY, audit("bruno"))).toEqual(["pending_payment"]);
    expect(await store.close("root", NOW, TODAY, audit("root", "a1"))).toEqual(["last_admin"]);
    await insertProfile(t.db, { id: "root2", role: "admin" });
    expect(await store.close("root", NOW, TODAY, audit("root", "a2"))).toEqual([]);
  });
});
