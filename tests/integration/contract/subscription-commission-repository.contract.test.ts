import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { DAY_MS } from "#domain/shared/clock";
import type { CommissionEarning } from "#domain/commission/commission.entity";
import { aBooking, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

const sub = (id: string, userId: string, paymentId: string | null, startMin: number) => ({
  id,
  userId,
  paymentId,
  startsAt: at(startMin),
  endsAt: new Date(at(startMin).getTime() + 14 * DAY_MS),
  createdAt: at(startMin),
});

describeEachDatabase(moneyKinds())("SubscriptionRepository on %s", (kind) => {
  let f: MoneyFixture;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    await f.addUser("student-2");
  });
  afterEach(() => f.destroy());

  it("finds the subscription covering a moment, and the latest end", async () => {
    expect(await f.repos.subscriptions.latestSubscriptionEnd("student-1")).toBeNull();
    const first = sub("s1", "student-1", "p1", 0);
    const second = { ...sub("s2", "student-1", "p2", 0), startsAt: first.endsAt, endsAt: new Date(first.endsAt.getTime() + 14 * DAY_MS) };
    expect(await f.repos.subscriptions.insertSubscription(first)).toBe("inserted");
    expect(await f.repos.subscriptions.insertSubscription(second)).toBe("inserted");
    expect(await f.repos.subscriptions.findActiveSubscription("student-1", at(10))).toEqual(first);
    expect(await f.repos.subscriptions.findActiveSubscription("student-1", first.endsAt)).toEqual(second);
    expect(await f.repos.subscriptions.findActiveSubscription("student-1", second.endsAt)).toBeNull();
    expect(await f.repos.subscriptions.findActiveSubscription("student-2", at(10))).toBeNull();
    expect(await f.repos.subscriptions.latestSubscriptionEnd("student-1")).toEqual(second.endsAt);
    expect(await f.repos.subscriptions.findByPaymentId("p2")).toEqual(second);
  });

  it("grants at most one subscription per payment", async () => {
    expect(await f.repos.subscriptions.insertSubscription(sub("s1", "student-1", "p1", 0))).toBe("inserted");
    expect(await f.repos.subscriptions.insertSubscription(sub("s2", "student-1", "p1", 5))).toBe("duplicate_payment");
    expect(await f.uow.run((r) => r.subscriptions.insertSubscription(sub("s3", "student-1", "p1", 6)))).toBe("duplicate_payment");
    expect(await f.repos.subscriptions.insertSubscription(sub("s4", "student-1", null, 7))).toBe("inserted");
    expect(await f.repos.subscriptions.latestSubscriptionEnd("student-1")).toEqual(sub("s4", "student-1", null, 7).endsAt);
  });

  it("locks nothing it should not: latestSubscriptionEnd works inside a unit of work", async () => {
    await f.repos.subscriptions.insertSubscription(sub("s1", "student-1", "p1", 0));
    expect(await f.uow.run((r) => r.subscriptions.latestSubscriptionEnd("student-1"))).toEqual(sub("s1", "student-1", "p1", 0).endsAt);
  });
});

const earning = (
  id: string,
  bookingId: string,
  agentId = "agent-1",
  propertyId = "prop-1",
  over: Partial<CommissionEarning> = {},
): CommissionEarning => ({
  id,
  agentId,
  propertyId,
  bookingId,
  // Distinct periods unless a test says otherwise: this helper is about bookings, not periods.
  studentId: "student-1",
  periodKey: `period-${id}`,
  amount: 5000,
  type: "visitation",
  date: at(0),
  status: "pending",
  paidDate: null,
  voidedAt: null,
  voidedBy: null,
  voidReason: null,
  payoutReference: null,
  ...over,
});

describeEachDatabase(moneyKinds())("CommissionRepository on %s", (kind) => {
  let f: MoneyFixture;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    await f.addProperty({ id: "prop-1", agentId: "agent-1" });
    await f.addProperty({ id: "prop-2", agentId: "agent-2" });
  });
  afterEach(() => f.destroy());

  it("earns once per booking and sums an agent's earnings", async () => {
    expect(await f.repos.commissions.agentEarnings("agent-1")).toEqual({ total: 0, paid: 0, unpaid: 0, count: 0 });
    expect(await f.repos.commissions.insertEarning(earning("c1", "b1"))).toBe("inserted");
    expect(await f.repos.commissions.insertEarning(earning("c2", "b1"))).toBe("duplicate");
    expect(await f.repos.commissions.insertEarning(earning("c3", "b2"))).toBe("inserted");
    expect(await f.repos.commissions.insertEarning(earning("c4", "b3", "agent-2", "prop-2"))).toBe("inserted");
    expect(await f.repos.commissions.findByBookingId("b1")).toEqual(earning("c1", "b1"));
    expect(await f.repos.commissions.findByBookingId("nope")).toBeNull();
    expect(await f.repos.commissions.agentEarnings("agent-1")).toEqual({ total: 10000, paid: 0, unpaid: 10000, count: 2 });
  });

  it("splits paid from unpaid; pays a pending earning once, with its date and reference", async () => {
    await f.repos.commissions.insertEarning(earning("c1", "b1"));
    await f.repos.commissions.insertEarning(earning("c2", "b2"));
    expect(await f.repos.commissions.markPaid("c1", { paidDate: at(5), reference: "PAYOUT-1" })).toBe(true);
    expect(await f.repos.commissions.markPaid("c1", { paidDate: at(6), reference: "PAYOUT-2" })).toBe(false);
    expect(await f.repos.commissions.markPaid("missing", { paidDate: at(6), reference: "PAYOUT-2" })).toBe(false);
    expect(await f.repos.commissions.findByBookingId("b1")).toMatchObject({ status: "paid", paidDate: at(5), payoutReference: "PAYOUT-1" });
    expect(await f.repos.commissions.agentEarnings("agent-1")).toEqual({ total: 10000, paid: 5000, unpaid: 5000, count: 2 });
    expect((await f.repos.commissions.findByBookingId("b1"))?.status).toBe("paid");
    // A paid earning cannot be voided.
    expect(await f.repos.commissions.voidEarning("c1", { reason: "late", by: "admin-1", at: at(6) })).toBe(false);
  });

  it("lists one agent's pending earnings up to a moment, oldest first: not another agent's, not later, not paid or voided", async () => {
    await f.repos.commissions.insertEarning(earning("c2", "b2", "agent-1", "prop-1", { date: at(2) }));
    await f.repos.commissions.insertEarning(earning("c1", "b1", "agent-1", "prop-1", { date: at(1) }));
    await f.repos.commissions.insertEarning(earning("c3", "b3", "agent-1", "prop-1", { date: at(9) }));
    await f.repos.commissions.insertEarning(earning("c4", "b4", "agent-2", "prop-2", { date: at(1) }));
    await f.repos.commissions.insertEarning(earning("c5", "b5", "agent-1", "prop-1", { date: at(1) }));
    await f.repos.commissions.insertEarning(earning("c6", "b6", "agent-1", "prop-1", { date: at(1) }));
    await f.repos.commissions.markPaid("c5", { paidDate: at(3), reference: "P" });
    await f.repos.commissions.voidEarning("c6", { reason: "no", by: "admin-1", at: at(3) });
    expect((await f.repos.commissions.pendingUpTo("agent-1", at(5))).map((e) => e.id)).toEqual(["c1", "c2"]);
    expect((await f.repos.commissions.pendingUpTo("agent-2", at(5))).map((e) => e.id)).toEqual(["c4"]);
    expect(await f.repos.commissions.pendingUpTo("agent-1", at(0))).toEqual([]);
  });

  it("earns at most once per agent, student and subscription period; other students, agents and periods are separate", async () => {
    const p = (id: string, bookingId: string, over: Partial<CommissionEarning> = {}) =>
      earning(id, bookingId, "agent-1", "prop-1", { studentId: "student-1", periodKey: "sub-1", ...over });
    expect(await f.repos.commissions.insertEarning(p("c1", "b1"))).toBe("inserted");
    expect(await f.repos.commissions.insertEarning(p("c2", "b2"))).toBe("period_already_earned");
    expect(await f.repos.commissions.insertEarning(p("c3", "b1"))).toBe("duplicate");
    expect(await f.repos.commissions.insertEarning(p("c4", "b3", { periodKey: "sub-2" }))).toBe("inserted");
    expect(await f.repos.commissions.insertEarning(p("c5", "b4", { studentId: "student-2" }))).toBe("inserted");
    expect(
      await f.repos.commissions.insertEarning(earning("c6", "b5", "agent-2", "prop-2", { studentId: "student-1", periodKey: "sub-1" })),
    ).toBe("inserted");
    // Rows from before the rule (no student, no period) never collide.
    expect(await f.repos.commissions.insertEarning(p("c7", "b6", { studentId: null, periodKey: null }))).toBe("inserted");
    expect(await f.repos.commissions.insertEarning(p("c8", "b7", { studentId: null, periodKey: null }))).toBe("inserted");
    expect(await f.repos.commissions.findByBookingId("b2")).toBeNull();
    expect((await f.repos.commissions.agentEarnings("agent-1")).count).toBe(5);
    // Inside a unit of work the refusal leaves the transaction usable.
    expect(
      await f.uow.run(async (r) => [
        await r.commissions.insertEarning(p("c9", "b8")),
        await r.commissions.insertEarning(p("c10", "b9", { periodKey: "sub-3" })),
      ]),
    ).toEqual(["period_already_earned", "inserted"]);
  });

  it("voids a pending earning once, with who, when and why; voided earnings leave the totals", async () => {
    await f.repos.commissions.insertEarning(earning("c1", "b1"));
    await f.repos.commissions.insertEarning(earning("c2", "b2"));
    expect(await f.repos.commissions.voidEarning("c1", { reason: "Self-dealing", by: "admin-1", at: at(10) })).toBe(true);
    expect(await f.repos.commissions.findById("c1")).toEqual({
      ...earning("c1", "b1"),
      status: "voided",
      voidReason: "Self-dealing",
      voidedBy: "admin-1",
      voidedAt: at(10),
    });
    expect(await f.repos.commissions.voidEarning("c1", { reason: "again", by: "admin-2", at: at(11) })).toBe(false);
    expect(await f.repos.commissions.voidEarning("nope", { reason: "x", by: "admin-1", at: at(11) })).toBe(false);
    expect((await f.repos.commissions.findById("c1"))?.voidedBy).toBe("admin-1");
    expect(await f.repos.commissions.findById("nope")).toBeNull();
    expect(await f.repos.commissions.agentEarnings("agent-1")).toEqual({ total: 5000, paid: 0, unpaid: 5000, count: 1 });
  });

  it("counts no-shows per agent", async () => {
    const confirmed = { bookingStatus: "confirmed" as const, paymentStatus: "confirmed" as const };
    await f.repos.bookings.insertBooking(aBooking({ id: "b1", ...confirmed }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b2", visitTime: "11:00 AM", ...confirmed }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b3", propertyId: "prop-2", ...confirmed }));
    await f.repos.bookings.insertBooking(aBooking({ id: "b4", visitTime: "12:00 PM", ...confirmed }));
    await f.repos.bookings.recordViewingOutcome("b1", "no_show", at(1));
    await f.repos.bookings.recordViewingOutcome("b2", "no_show", at(1));
    await f.repos.bookings.recordViewingOutcome("b3", "no_show", at(1));
    await f.repos.bookings.recordViewingOutcome("b4", "confirmed", at(1));
    expect(await f.repos.commissions.noShowCountsByAgent()).toEqual([
      { agentId: "agent-1", noShows: 2 },
      { agentId: "agent-2", noShows: 1 },
    ]);
  });
});

describeEachDatabase(moneyKinds())("Money unit of work on %s", (kind) => {
  let f: MoneyFixture;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    await f.addProperty({ id: "prop-1", agentId: "agent-1" });
  });
  afterEach(() => f.destroy());

  it("keeps every write when the work ends", async () => {
    await f.uow.run(async (r) => {
      await r.bookings.insertBooking(aBooking({ id: "b1" }));
      await r.subscriptions.insertSubscription(sub("s1", "student-1", "p1", 0));
    });
    expect(await f.repos.bookings.findById("b1")).not.toBeNull();
    expect(await f.repos.subscriptions.findByPaymentId("p1")).not.toBeNull();
  });

  it("keeps none when the work throws", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b0", visitTime: "9:00 AM" }));
    await expect(
      f.uow.run(async (r) => {
        await r.bookings.insertBooking(aBooking({ id: "b1" }));
        await r.bookings.expireBooking("b0", at(1));
        await r.subscriptions.insertSubscription(sub("s1", "student-1", "p1", 0));
        await r.commissions.insertEarning(earning("c1", "b1"));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await f.repos.bookings.findById("b1")).toBeNull();
    expect((await f.repos.bookings.findById("b0"))?.bookingStatus).toBe("pending");
    expect(await f.repos.subscriptions.findByPaymentId("p1")).toBeNull();
    expect(await f.repos.commissions.findByBookingId("b1")).toBeNull();
  });
});
