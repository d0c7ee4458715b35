// Self-dealing and slot-hoarding rules on a real database (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), under real concurrency: decision 0108.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import { recordViewingOutcome } from "#domain/commission/record-viewing-outcome.use-case";
import { voidCommission } from "#domain/commission/void-commission.use-case";
import { DAY_MS } from "#domain/shared/clock";
import { cryptoIds } from "#infrastructure/payments/crypto-reference-generator";
import { kyselyCommissionAdminUnitOfWork } from "#infrastructure/repositories/kysely-commission-repository";
import { databaseKinds } from "../../support/test-database";
import { insertMoneyAgent, insertMoneyProfile } from "../contract/money-fixtures";
import { moneyHarness, START, type MoneyHarness } from "./money-harness";

async function addProperty(h: MoneyHarness, id: string, agentId = "agent-1") {
  await insertMoneyAgent(h.db.db, agentId);
  await h.db.db
    .insertInto("properties")
    .values({
      id,
      agent_id: agentId,
      title: `Room ${id}`,
      property_type: "room",
      neighbourhood: "Molyko",
      latitude: 4.15,
      longitude: 9.29,
      distance_to_campus_m: 300,
      monthly_rent: 25000,
      hidden_at: null,
      visiting_hours: null,
      availability_confirmed_at: null,
      created_at: START,
      updated_at: START,
    })
    .execute();
}

async function subscribe(h: MoneyHarness, userId: string) {
  const now = h.clock.now();
  await h.store.repos.subscriptions.insertSubscription({
    id: `sub-${userId}`,
    userId,
    paymentId: null,
    startsAt: now,
    endsAt: new Date(now.getTime() + 14 * DAY_MS),
    createdAt: now,
  });
}

const count = async (h: MoneyHarness, table: "bookings" | "commission_earnings" | "audit_log") =>
  Number(
    (
      await h.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(databaseKinds())("self-dealing rules on %s", (kind) => {
  let h: MoneyHarness;
  beforeEach(async () => {
    h = await moneyHarness(kind);
  });
  afterEach(() => h.destroy());

  const viewings = () => ({ uow: h.store.uow, properties: h.store.properties, clock: h.clock, ids: cryptoIds });

  it("lets only one of several simultaneous bookings by one student at the limit through", async () => {
    const others = Array.from({ length: 10 }, (_, i) => `prop-${i + 3}`);
    for (const id of ["prop-2", ...others]) await addProperty(h, id);
    await h.book({ propertyId: "prop-1" });
    await h.book({ propertyId: "prop-2" });
    const results = await Promise.all(others.map((propertyId) => bookVisit(h.booking, h.visit({ propertyId }))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok))
      expect(r).toEqual({ ok: false, error: { code: "booking.too_many_live_bookings", params: { max: 3 } } });
    expect(await count(h, "bookings")).toBe(3);
  });

  it("lets only one of several simultaneous bookings of one property by one student through", async () => {
    const results = await Promise.all(["9:00 AM", "10:00 AM", "11:00 AM"].map((visitTime) => bookVisit(h.booking, h.visit({ visitTime }))));
    expect(results.map((r) => (r.ok ? "ok" : r.error.code)).sort()).toEqual([
      "booking.property_already_booked",
      "booking.property_already_booked",
      "ok",
    ]);
    expect(await count(h, "bookings")).toBe(1);
  });

  it("refuses an agent's booking of their own listing", async () => {
    await insertMoneyProfile(h.db.db, "agent-1", "agent");
    expect(await bookVisit(h.booking, h.visit({ studentId: "agent-1" }))).toEqual({
      ok: false,
      error: { code: "booking.own_listing_forbidden" },
    });
    expect(await count(h, "bookings")).toBe(0);
  });

  it("records exactly one commission for concurrent confirmations of one viewing", async () => {
    await subscribe(h, "student-1");
    const booking = await h.book();
    h.clock.advance(DAY_MS);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        recordViewingOutcome(viewings(), { bookingId: booking.id, studentId: "student-1", outcome: "confirmed" }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r).toEqual({ ok: false, error: { code: "commission.already_recorded" } });
    expect(await count(h, "commission_earnings")).toBe(1);
  });

  it("records one commission when one student's viewings of one agent are confirmed at the same moment", async () => {
    await addProperty(h, "prop-2");
    await addProperty(h, "prop-3");
    await subscribe(h, "student-1");
    const bookings = [
      await h.book({ propertyId: "prop-1" }),
      await h.book({ propertyId: "prop-2" }),
      await h.book({ propertyId: "prop-3" }),
    ];
    h.clock.advance(DAY_MS);
    const results = await Promise.all(
      bookings.map((b) => recordViewingOutcome(viewings(), { bookingId: b.id, studentId: "student-1", outcome: "confirmed" })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.value.commission !== null)).toHaveLength(1);
    const rows = await h.db.db.selectFrom("commission_earnings").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      agent_id: "agent-1",
      student_id: "student-1",
      period_key: "sub-student-1",
      status: "pending",
      paid: 0,
    });
    const outcomes = await h.db.db.selectFrom("bookings").select("viewing_outcome").execute();
    expect(outcomes.map((o) => o.viewing_outcome)).toEqual(["confirmed", "confirmed", "confirmed"]);
  });

  it("voids a commission with its audit row in one transaction, once, when two admins race", async () => {
    await subscribe(h, "student-1");
    const booking = await h.book();
    h.clock.advance(DAY_MS);
    const r = await recordViewingOutcome(viewings(), { bookingId: booking.id, studentId: "student-1", outcome: "confirmed" });
    if (!r.ok || !r.value.commission) throw new Error("setup");
    const deps = { uow: kyselyCommissionAdminUnitOfWork(h.db.db), clock: h.clock, ids: cryptoIds };
    const results = await Promise.all(
      ["admin-1", "admin-2"].map((adminId) =>
        voidCommission(deps, { adminId, commissionId: r.value.commission!.id, reason: "Self-dealing" }),
      ),
    );
    expect(results.map((x) => (x.ok ? "ok" : x.error.code)).sort()).toEqual(["commission.commission_already_voided", "ok"]);
    const row = await h.db.db.selectFrom("commission_earnings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "voided", void_reason: "Self-dealing", voided_at: h.clock.now().toISOString() });
    const audit = await h.db.db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: row.voided_by, action: "admin.commission_voided", created_at: h.clock.now().toISOString() });
    const data = JSON.parse(audit[0].data) as { target: string; before: string; after: string; reason: string };
    expect(data).toMatchObject({ target: `commission:${row.id}`, reason: "Self-dealing" });
    expect(JSON.parse(data.before)).toMatchObject({ status: "pending", amount: 5000 });
    expect(JSON.parse(data.after)).toMatchObject({ status: "voided", amount: 5000, voidReason: "Self-dealing" });
  });
});
