// The admin dashboard's and reports page's figures equal sums computed here from the raw rows, on
// SQLite and PostgreSQL; and the weekly payout run (void one, pay the rest) with its audit rows.
// Data hits the edges: empty weeks, failed/expired/pending payments, expired passes, voided earnings.
import { afterEach, beforeEach, expect, it } from "vitest";
import { payOutCommissions } from "#domain/commission/pay-out-commissions.use-case";
import { voidCommission } from "#domain/commission/void-commission.use-case";
import { DAY_MS, FixedClock, HOUR_MS } from "#domain/shared/clock";
import { getDashboardStats, getReportsStats, weekStarts } from "#domain/platform-stats/platform-stats.query";
import { cryptoIds } from "#infrastructure/payments/crypto-reference-generator";
import { kyselyCommissionAdminUnitOfWork } from "#infrastructure/repositories/kysely-commission-repository";
import { KyselyPlatformStatsReader } from "#infrastructure/repositories/kysely-platform-stats-reader";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";
import { insertMoneyAgent, insertMoneyProfile } from "../contract/money-fixtures";

// Wednesday 18 Nov 2026, 10:00 UTC: the current payout week began Monday 16 Nov 00:00 Buea (Sunday 15 Nov 23:00 UTC).
const NOW = new Date("2026-11-18T10:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

interface PaymentRow {
  id: string;
  type: string;
  gateway: string;
  status: string;
  amount: number;
  created: string;
}

describeEachDatabase(allDatabaseKinds())("admin statistics and the payout run on %s", (kind) => {
  let db: TestDatabase;
  let payments: PaymentRow[];
  const clock = new FixedClock(NOW);
  beforeEach(async () => {
    clock.set(NOW);
    db = await createTestDatabase(kind);
    const k = db.db;
    for (const s of ["s1", "s2", "s3"]) await insertMoneyProfile(k, s);
    for (const a of ["agent-a", "agent-b"]) await insertMoneyAgent(k, a);
    await k
      .insertInto("profiles")
      .values({
        id: "admin-1",
        role: "admin",
        full_name: "Admin",
        email: "admin@x.cm",
        phone: null,
        password_hash: null,
        email_confirmed_at: null,
        google_id: null,
        totp_secret: null,
        totp_enabled_at: null,
        created_at: ago(0),
        updated_at: ago(0),
      })
      .execute();
    await insertMoneyProfile(k, "agent-p", "agent");
    await k
      .insertInto("agents")
      .values({
        user_id: "agent-p",
        verification_status: "pending",
        business_name: null,
        license_number: null,
        business_phone: null,
        business_email: null,
        business_address: null,
        website_url: null,
        bio: null,
        rejection_reason: null,
        submitted_at: ago(0),
        reviewed_at: null,
        terms_accepted_at: null,
        created_at: ago(0),
      })
      .execute();
    const prop = (id: string, agent: string, verified: 0 | 1) =>
      k
        .insertInto("properties")
        .values({
          id,
          agent_id: agent,
          title: `Room ${id}`,
          property_type: "room",
          neighbourhood: "Molyko",
          latitude: 4.15,
          longitude: 9.29,
          distance_to_campus_m: 300,
          monthly_rent: 25000,
          is_verified: verified,
          hidden_at: null,
          visiting_hours: null,
          availability_confirmed_at: null,
          created_at: ago(0),
          updated_at: ago(0),
        })
        .execute();
    await prop("p1", "agent-a", 1);
    await prop("p2", "agent-a", 0);
    await prop("p3", "agent-b", 0);
    // Payments: weeks 0, 1 and 3 ago have some; week 2 is empty; failed, expired and pending ones never count as revenue.
    payments = [
      { id: "pay1", type: "unified_payment", gateway: "fapshi", status: "successful", amount: 8000, created: ago(1 * DAY_MS) },
      { id: "pay2", type: "unified_payment", gateway: "simulated", status: "failed", amount: 8000, created: ago(2 * DAY_MS) },
      { id: "pay3", type: "guest_house_access", gateway: "fapshi", status: "successful", amount: 5000, created: ago(3 * DAY_MS) },
      { id: "pay4", type: "student_rental", gateway: "fapshi", status: "expired", amount: 8000, created: ago(5 * DAY_MS) },
      { id: "pay5", type: "student_rental", gateway: "fapshi", status: "successful", amount: 8000, created: ago(9 * DAY_MS) },
      { id: "pay6", type: "unified_payment", gateway: "fapshi", status: "successful", amount: 8000, created: ago(24 * DAY_MS) },
      { id: "pay7", type: "unified_payment", gateway: "fapshi", status: "pending", amount: 8000, created: ago(HOUR_MS) },
      { id: "pay8", type: "unified_payment", gateway: "fapshi", status: "successful", amount: 8000, created: ago(60 * DAY_MS) },
      // Exactly at the start of the current week (Monday 00:00 Buea): it belongs to this week.
      {
        id: "pay9",
        type: "guest_house_access",
        gateway: "simulated",
        status: "successful",
        amount: 5000,
        created: "2026-11-15T23:00:00.000Z",
      },
    ];
    for (const p of payments) {
      await k
        .insertInto("payments")
        .values({
          id: p.id,
          user_id: "s1",
          payment_gateway: p.gateway,
          payment_status: p.status,
          payment_type: p.type,
          amount: p.amount,
          method: null,
          phone: null,
          reference: `ref-${p.id}`,
          provider_tx_id: null,
          checkout_url: null,
          booking_id: null,
          guest_house_id: null,
          failure_reason: null,
          confirmed_at: null,
          created_at: p.created,
          updated_at: p.created,
        })
        .execute();
    }
    const booking = (id: string, prop: string, student: string, status: string, outcome: "confirmed" | "no_show" | null) =>
      k
        .insertInto("bookings")
        .values({
          id,
          property_id: prop,
          student_id: student,
          visitor_name: "V",
          visitor_email: "v@x.cm",
          visitor_phone: "237600000000",
          visit_date: `2026-11-0${id.slice(-1)}`,
          visit_time: "10:00 AM",
          payment_amount: 0,
          fee_type: "student_rental",
          payment_status: "confirmed",
          booking_status: status,
          booking_reference: `KN-${id}`,
          hold_expires_at: null,
          payment_id: null,
          viewing_outcome: outcome,
          viewing_recorded_at: null,
          created_at: ago(DAY_MS),
          updated_at: ago(DAY_MS),
        })
        .execute();
    await booking("b1", "p1", "s1", "confirmed", "no_show");
    await booking("b2", "p2", "s2", "confirmed", "no_show");
    await booking("b3", "p3", "s3", "confirmed", "no_show");
    await booking("b4", "p1", "s2", "confirmed", "confirmed");
    await booking("b5", "p1", "s3", "cancelled", null);
    await booking("b6", "p3", "s1", "confirmed", "confirmed");
    await booking("b7", "p1", "s1", "expired", null);
    const earning = (id: string, agent: string, prop: string, bookingId: string, status: "pending" | "paid" | "voided", date: string) =>
      k
        .insertInto("commission_earnings")
        .values({
          id,
          agent_id: agent,
          property_id: prop,
          booking_id: bookingId,
          amount: 5000,
          type: "visitation",
          date,
          status,
          paid: status === "paid" ? 1 : 0,
          paid_date: status === "paid" ? date : null,
          student_id: null,
          period_key: null,
          voided_at: null,
          voided_by: null,
          void_reason: null,
          payout_reference: null,
        })
        .execute();
    await earning("c1", "agent-a", "p1", "b4", "pending", ago(6 * DAY_MS));
    await earning("c2", "agent-b", "p3", "b6", "pending", ago(2 * DAY_MS));
    await earning("c3", "agent-a", "p1", "b1", "paid", ago(20 * DAY_MS));
    await earning("c4", "agent-a", "p2", "b2", "voided", ago(3 * DAY_MS));
    await earning("c5", "agent-a", "p1", "b5", "pending", ago(HOUR_MS));
    await k
      .insertInto("subscriptions")
      .values([
        {
          id: "sub1",
          user_id: "s1",
          payment_id: null,
          starts_at: ago(DAY_MS),
          ends_at: new Date(NOW.getTime() + 13 * DAY_MS).toISOString(),
          created_at: ago(DAY_MS),
        },
        {
          id: "sub2",
          user_id: "s2",
          payment_id: null,
          starts_at: ago(20 * DAY_MS),
          ends_at: ago(6 * DAY_MS),
          created_at: ago(20 * DAY_MS),
        },
        { id: "sub3", user_id: "s3", payment_id: null, starts_at: ago(14 * DAY_MS), ends_at: ago(0), created_at: ago(14 * DAY_MS) },
      ])
      .execute();
    const pass = (id: string, valid: 0 | 1, expiry: string) =>
      k
        .insertInto("platform_fee_payments")
        .values({
          id,
          user_id: "s1",
          payment_id: null,
          amount: 5000,
          payment_date: ago(DAY_MS),
          expiry_date: expiry,
          is_valid: valid,
          transaction_id: `TXN-GH-${id}`,
          method: "mtn_momo",
        })
        .execute();
    await pass("f1", 1, new Date(NOW.getTime() + DAY_MS).toISOString());
    await pass("f2", 0, new Date(NOW.getTime() + DAY_MS).toISOString());
    await pass("f3", 1, ago(DAY_MS));
    await k
      .insertInto("listing_reports")
      .values([
        { id: "r1", property_id: "p1", reporter_id: "s1", reason: "scam", status: "open", created_at: ago(0), reviewed_at: null },
        { id: "r2", property_id: "p2", reporter_id: "s1", reason: "scam", status: "dismissed", created_at: ago(0), reviewed_at: ago(0) },
      ])
      .execute();
    await k
      .insertInto("host_verifications")
      .values([
        { id: "h1", host_id: "s2", status: "pending", submitted_at: ago(0), reviewed_at: null, reviewed_by: null, reject_reason: null },
        { id: "h2", host_id: "s3", status: "verified", submitted_at: ago(0), reviewed_at: ago(0), reviewed_by: null, reject_reason: null },
      ])
      .execute();
  });
  afterEach(() => db.destroy());

  const deps = () => ({ stats: new KyselyPlatformStatsReader(db.db), clock });

  it("computes the dashboard's figures as the sums of the raw rows", async () => {
    const d = await getDashboardStats(deps());
    expect(d.usersByRole).toEqual([
      { key: "agent", count: 3 },
      { key: "student", count: 3 },
      { key: "admin", count: 1 },
    ]);
    expect(d.properties).toEqual({ total: 3, unverified: 2 });
    expect(d.pendingVerifications).toEqual({ agents: 1, hosts: 1 });
    expect(d.openListingReports).toBe(1);
    expect(d.bookingsByStatus).toEqual([
      { key: "confirmed", count: 5 },
      { key: "cancelled", count: 1 },
      { key: "expired", count: 1 },
    ]);
    for (const [days, figures] of [
      [7, d.payments7],
      [30, d.payments30],
    ] as const) {
      const inWindow = payments.filter((p) => p.created >= ago(days * DAY_MS) && p.created < NOW.toISOString());
      expect(figures.reduce((s, f) => s + f.count, 0)).toBe(inWindow.length);
      const revenue = (f: { status: string; amount: number }[]) =>
        f.filter((x) => x.status === "successful").reduce((s, x) => s + x.amount, 0);
      expect(revenue(figures)).toBe(revenue(inWindow));
      for (const f of figures) {
        const rows = inWindow.filter((p) => p.type === f.type && p.gateway === f.gateway && p.status === f.status);
        expect({ count: f.count, amount: f.amount }).toEqual({ count: rows.length, amount: rows.reduce((s, p) => s + p.amount, 0) });
      }
    }
    // agent-a has two no-shows (p1, p2); agent-b one: only agent-a repeats.
    expect(d.noShowAgents.map((a) => [a.agentId, a.count])).toEqual([["agent-a", 2]]);
    // Pending: c1, c2, c5; paid and voided are not owed.
    expect(d.commissionsPending).toEqual({ count: 3, amount: 15000 });
  });

  it("gives each pending commission its payee: the business phone checked at verification, else the account's phone", async () => {
    await db.db
      .updateTable("agents")
      .set({ business_name: " A Homes ", business_phone: "+237677001122" })
      .where("user_id", "=", "agent-a")
      .execute();
    await db.db.updateTable("profiles").set({ phone: "+237699887766" }).where("id", "=", "agent-b").execute();
    const lines = await deps().stats.pendingEarnings(NOW);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.payee).toEqual(
        line.agentId === "agent-a"
          ? { name: "User agent-a", businessName: "A Homes", phone: "+237677001122", phoneSource: "business" }
          : { name: "User agent-b", businessName: null, phone: "+237699887766", phoneSource: "account" },
      );
    }
    await db.db.updateTable("profiles").set({ phone: null }).where("id", "=", "agent-b").execute();
    const none = (await deps().stats.pendingEarnings(NOW)).filter((l) => l.agentId === "agent-b");
    for (const line of none) expect(line.payee).toMatchObject({ phone: null, phoneSource: null });
    // The payout number the agent set wins over any phone on file, with its operator.
    await db.db
      .insertInto("agent_payout_numbers")
      .values({ agent_id: "agent-a", phone: "655123456", medium: "orange_money", updated_at: NOW.toISOString() })
      .execute();
    const payout = (await deps().stats.pendingEarnings(NOW)).filter((l) => l.agentId === "agent-a");
    expect(payout.length).toBeGreaterThan(0);
    for (const line of payout) expect(line.payee).toMatchObject({ phone: "+237655123456", phoneSource: "payout_orange" });
  });

  it("computes the reports' revenue by week and month, active access and commissions owed, empty weeks included", async () => {
    const r = await getReportsStats(deps());
    const starts = weekStarts(NOW, 8);
    expect(r.weekly.buckets.map((b) => b.start.toISOString())).toEqual(starts.map((s) => s.toISOString()));
    expect(starts[7].toISOString()).toBe("2026-11-15T23:00:00.000Z");
    const successful = payments.filter((p) => p.status === "successful");
    r.weekly.buckets.forEach((b, i) => {
      const end = i + 1 < starts.length ? starts[i + 1].toISOString() : NOW.toISOString();
      const rows = successful.filter((p) => p.created >= b.start.toISOString() && p.created < end);
      expect(b.amount).toBe(rows.reduce((s, p) => s + p.amount, 0));
      expect(b.lines.reduce((s, l) => s + l.count, 0)).toBe(rows.length);
    });
    expect(r.weekly.buckets[7].amount).toBe(8000 + 5000); // pay1 and pay9 (at the boundary); pay3 is last week
    expect(r.weekly.buckets[5].lines).toEqual([]); // the empty week
    expect(r.monthly.buckets.map((b) => b.start.toISOString())).toEqual([
      "2026-05-31T23:00:00.000Z",
      "2026-06-30T23:00:00.000Z",
      "2026-07-31T23:00:00.000Z",
      "2026-08-31T23:00:00.000Z",
      "2026-09-30T23:00:00.000Z",
      "2026-10-31T23:00:00.000Z",
    ]);
    expect(r.monthly.buckets.map((b) => b.amount)).toEqual([0, 0, 0, 8000, 8000, 8000 + 8000 + 5000 + 5000]);
    expect(r.active).toEqual({ subscriptions: 1, accessPasses: 1 });
    expect(r.commissionsOwed.map((a) => [a.agentId, a.count, a.amount])).toEqual([
      ["agent-a", 2, 10000],
      ["agent-b", 1, 5000],
    ]);
  });

  it("runs the weekly payout per agent: voids one earning, pays each agent's reviewed rest with that agent's reference, and audits each change", async () => {
    const admin = { uow: kyselyCommissionAdminUnitOfWork(db.db), clock, ids: cryptoIds };
    const asOf = new Date(NOW.getTime() - 2 * HOUR_MS); // reviewed before c5 was recorded
    // agent-b has a second pending earning, older than the review.
    await db.db
      .insertInto("commission_earnings")
      .values({
        id: "c6",
        agent_id: "agent-b",
        property_id: "p3",
        booking_id: "b3",
        amount: 5000,
        type: "visitation",
        date: ago(4 * DAY_MS),
        status: "pending",
        paid: 0,
        paid_date: null,
        student_id: null,
        period_key: null,
        voided_at: null,
        voided_by: null,
        void_reason: null,
        payout_reference: null,
      })
      .execute();
    expect((await voidCommission(admin, { adminId: "admin-1", commissionId: "c2", reason: "Duplicate viewing" })).ok).toBe(true);
    clock.advance(HOUR_MS);
    const r = await payOutCommissions(admin, { adminId: "admin-1", agentId: "agent-a", asOf, paidOn: "2026-11-18", reference: "MOMO-123" });
    expect(r).toEqual({ ok: true, value: { agentId: "agent-a", count: 1, amount: 5000, reference: "MOMO-123" } });
    const states = async () =>
      await db.db
        .selectFrom("commission_earnings")
        .select(["id", "status", "paid", "paid_date", "payout_reference"])
        .orderBy("id")
        .execute();
    let rows = await states();
    // agent-b's pending c6 waits for agent-b's own transfer; c5 came after the review.
    expect(rows.map((x) => [x.id, x.status])).toEqual([
      ["c1", "paid"],
      ["c2", "voided"],
      ["c3", "paid"],
      ["c4", "voided"],
      ["c5", "pending"],
      ["c6", "pending"],
    ]);
    expect(rows[0]).toMatchObject({ paid: 1, paid_date: "2026-11-17T23:00:00.000Z", payout_reference: "MOMO-123" });
    const b = await payOutCommissions(admin, { adminId: "admin-1", agentId: "agent-b", asOf, paidOn: "2026-11-17", reference: "MOMO-B7" });
    expect(b).toEqual({ ok: true, value: { agentId: "agent-b", count: 1, amount: 5000, reference: "MOMO-B7" } });
    rows = await states();
    expect(rows.map((x) => [x.id, x.status, x.payout_reference])).toEqual([
      ["c1", "paid", "MOMO-123"],
      ["c2", "voided", null],
      ["c3", "paid", null],
      ["c4", "voided", null],
      ["c5", "pending", null],
      ["c6", "paid", "MOMO-B7"],
    ]);
    const audit = await db.db.selectFrom("audit_log").selectAll().orderBy("action").execute();
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ["admin.commission_voided", "admin-1"],
      ["admin.payout_marked_paid", "admin-1"],
      ["admin.payout_marked_paid", "admin-1"],
    ]);
    const paid = audit
      .slice(1)
      .map((a) => JSON.parse(String(a.data)) as Record<string, string>)
      .find((d) => d.target === "commission:c1");
    expect(paid).toBeDefined();
    expect(JSON.parse(String(paid?.before))).toMatchObject({ status: "pending", payoutReference: null });
    expect(JSON.parse(String(paid?.after))).toMatchObject({ status: "paid", payoutReference: "MOMO-123" });
    // Nothing left in the reviewed range for either agent: refused, nothing written.
    expect(
      await payOutCommissions(admin, { adminId: "admin-1", agentId: "agent-a", asOf, paidOn: "2026-11-18", reference: "MOMO-124" }),
    ).toEqual({ ok: false, error: { code: "commission.payout_nothing_pending" } });
    expect(
      await payOutCommissions(admin, { adminId: "admin-1", agentId: "agent-b", asOf: NOW, paidOn: "2026-11-18", reference: "MOMO-125" }),
    ).toEqual({ ok: false, error: { code: "commission.payout_nothing_pending" } });
    expect(
      await payOutCommissions(admin, { adminId: "admin-1", agentId: "agent-a", asOf: NOW, paidOn: "2026-11-30", reference: "X" }),
    ).toEqual({ ok: false, error: { code: "commission.payout_date_invalid" } });
    expect(
      await payOutCommissions(admin, { adminId: "admin-1", agentId: "agent-a", asOf: NOW, paidOn: "2026-11-18", reference: "   " }),
    ).toEqual({ ok: false, error: { code: "commission.payout_reference_required" } });
    expect(
      Number(
        (
          await db.db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(3);
  });
});
