// The booking-notice outbox (issue 9) and the reminder finder on the in-memory store, SQLite and
// PostgreSQL: dedupe keys, due order, claims that only one run wins, sent / failed / skipped marks
// that only touch pending notices; confirmed visits of a day that have no reminder yet.
// The notice reader (joins of bookings, properties, profiles, payments, subscriptions) on both databases.
import { afterEach, beforeEach, expect, it } from "vitest";
import type { BookingNoticeOutbox } from "#domain/notifications/booking-notice-outbox.port";
import type { VisitReminderFinder } from "#domain/notifications/visit-reminder-finder.port";
import { enqueueVisitReminders } from "#domain/notifications/enqueue-visit-reminders.use-case";
import { InMemoryVisitReminderFinder } from "#domain/notifications/in-memory-visit-reminder-finder";
import { InMemoryMoneyStore } from "#domain/payment/in-memory-money-unit-of-work";
import { FixedClock } from "#domain/shared/clock";
import { KyselyBookingNoticeReader, KyselyVisitReminderFinder } from "#infrastructure/repositories/kysely-booking-notice-reader";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { aBooking, aPayment, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

const confirmed = (id: string, over: Parameters<typeof aBooking>[0] extends infer T ? Partial<T> : never = {}) =>
  aBooking({ id, bookingStatus: "confirmed", paymentStatus: "confirmed", holdExpiresAt: null, ...over });

describeEachDatabase(moneyKinds())("BookingNoticeOutbox and VisitReminderFinder on %s", (kind) => {
  let f: MoneyFixture;
  let outbox: BookingNoticeOutbox;
  let finder: VisitReminderFinder;

  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    await f.addUser("student-2");
    await f.addProperty({ id: "prop-1", agentId: "agent-1" });
    for (const id of ["b1", "b2", "b3"])
      await f.repos.bookings.insertBooking(confirmed(id, { visitTime: `${id === "b1" ? "09" : id === "b2" ? "10" : "11"}:00 AM` }));
    outbox = f.repos.notices;
    finder =
      f.uow instanceof InMemoryMoneyStore
        ? new InMemoryVisitReminderFinder({
            bookings: () => (f.uow as InMemoryMoneyStore).bookings.all(),
            notices: () => (f.uow as InMemoryMoneyStore).notices.all(),
          })
        : new KyselyVisitReminderFinder(f.db!.db);
  });
  afterEach(() => f.destroy());

  it("drops a second notice with a used dedupe key, never one without a key", async () => {
    expect(
      await outbox.enqueue(
        { kind: "payment_receipt", bookingId: "b1", recipient: "student", data: { paymentId: "p1" }, dedupeKey: "receipt:p1" },
        at(0),
      ),
    ).toBe(true);
    expect(
      await outbox.enqueue(
        { kind: "payment_receipt", bookingId: "b1", recipient: "student", data: { paymentId: "p1" }, dedupeKey: "receipt:p1" },
        at(1),
      ),
    ).toBe(false);
    expect(await outbox.enqueue({ kind: "visit_accepted", bookingId: "b1", recipient: "student" }, at(2))).toBe(true);
    expect(await outbox.enqueue({ kind: "visit_accepted", bookingId: "b1", recipient: "student" }, at(3))).toBe(true);
    const due = await outbox.listDue(at(10), 10);
    expect(due.map((n) => n.kind)).toEqual(["payment_receipt", "visit_accepted", "visit_accepted"]);
    expect(due[0]).toMatchObject({
      bookingId: "b1",
      recipient: "student",
      data: { paymentId: "p1" },
      dedupeKey: "receipt:p1",
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
      createdAt: at(0),
      nextAttemptAt: at(0),
    });
  });

  it("lists only pending notices that are due, oldest first, up to the limit", async () => {
    await outbox.enqueue({ kind: "visit_accepted", bookingId: "b2", recipient: "student" }, at(5));
    await outbox.enqueue({ kind: "visit_accepted", bookingId: "b1", recipient: "student" }, at(1));
    await outbox.enqueue({ kind: "visit_accepted", bookingId: "b3", recipient: "student" }, at(20));
    expect((await outbox.listDue(at(10), 10)).map((n) => n.bookingId)).toEqual(["b1", "b2"]);
    expect((await outbox.listDue(at(10), 1)).map((n) => n.bookingId)).toEqual(["b1"]);
    expect((await outbox.listDue(at(0), 10)).map((n) => n.bookingId)).toEqual([]);
  });

  it("lets exactly one claim win, and hides the claimed notice until its lease ends", async () => {
    await outbox.enqueue({ kind: "visit_accepted", bookingId: "b1", recipient: "student" }, at(0));
    const [n] = await outbox.listDue(at(1), 10);
    const claims = await Promise.all([outbox.claim(n.id, at(1), at(6)), outbox.claim(n.id, at(1), at(6))]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await outbox.listDue(at(5), 10)).toEqual([]);
    expect((await outbox.listDue(at(6), 10)).map((x) => x.id)).toEqual([n.id]);
  });

  it("marks sent, failed-to-retry, failed for good and skipped, each only from pending", async () => {
    for (const id of ["b1", "b2", "b3"]) await outbox.enqueue({ kind: "visit_accepted", bookingId: id, recipient: "student" }, at(0));
    const due = await outbox.listDue(at(0), 10);
    const [a, b, c] = ["b1", "b2", "b3"].map((id) => due.find((n) => n.bookingId === id)!);
    await outbox.markSent(a.id, at(1));
    await outbox.markAttemptFailed(b.id, "SMTP 451", at(3));
    await outbox.markSkipped(c.id, "booking is cancelled");
    // Nothing changes a notice that is no longer pending.
    await outbox.markAttemptFailed(a.id, "late failure", null);
    await outbox.markSent(c.id, at(2));
    expect((await outbox.listDue(at(2), 10)).map((n) => n.id)).toEqual([]);
    const [retry] = await outbox.listDue(at(3), 10);
    expect(retry).toMatchObject({ id: b.id, status: "pending", attempts: 1, lastError: "SMTP 451", nextAttemptAt: at(3) });
    await outbox.markAttemptFailed(b.id, "SMTP 550", null);
    expect(await outbox.listDue(at(1000), 10)).toEqual([]);
    if (f.uow instanceof InMemoryMoneyStore) {
      expect(f.uow.notices.all().map((n) => [n.status, n.attempts, n.lastError])).toEqual([
        ["sent", 1, null],
        ["failed", 2, "SMTP 550"],
        ["skipped", 0, "booking is cancelled"],
      ]);
    } else {
      const rows = await f
        .db!.db.selectFrom("booking_notices")
        .select(["booking_id", "status", "attempts", "last_error", "sent_at"])
        .orderBy("booking_id")
        .execute();
      expect(rows.map((r) => [r.booking_id, r.status, Number(r.attempts), r.last_error, r.sent_at])).toEqual([
        ["b1", "sent", 1, null, at(1).toISOString()],
        ["b2", "failed", 2, "SMTP 550", null],
        ["b3", "skipped", 0, "booking is cancelled", null],
      ]);
    }
  });

  it("finds confirmed visits of the day with no outcome and no reminder yet; enqueueVisitReminders writes each once", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "pending", visitTime: "12:00 PM" }));
    await f.repos.bookings.insertBooking(confirmed("other-day", { visitDate: "2026-12-03" }));
    await f.repos.bookings.insertBooking(
      confirmed("seen", { visitTime: "01:00 PM", studentId: "student-2", viewingOutcome: "confirmed", viewingRecordedAt: at(1) }),
    );
    expect((await finder.findVisitsToRemind("2026-12-02", 10)).map((v) => v.bookingId)).toEqual(["b1", "b2", "b3"]);
    expect(await finder.findVisitsToRemind("2026-12-02", 2)).toEqual([
      { bookingId: "b1", visitDate: "2026-12-02" },
      { bookingId: "b2", visitDate: "2026-12-02" },
    ]);
    // 1 December, 23:30 UTC is already 2 December in Buea: tomorrow is the 3rd.
    const late = new FixedClock(new Date("2026-12-01T23:30:00.000Z"));
    expect(await enqueueVisitReminders({ finder, outbox, clock: late })).toBe(2);
    const clock = new FixedClock(at(0));
    expect(await enqueueVisitReminders({ finder, outbox, clock })).toBe(6);
    expect(await enqueueVisitReminders({ finder, outbox, clock })).toBe(0);
    expect(await finder.findVisitsToRemind("2026-12-02", 10)).toEqual([]);
    const due = await outbox.listDue(at(1), 20);
    // Written at the same instant, their order between them is not defined.
    const ofB1 = due.filter((n) => n.bookingId === "b1").map((n) => [n.kind, n.recipient, n.dedupeKey, n.data]);
    expect(ofB1.sort((x, y) => String(x[1]).localeCompare(String(y[1])))).toEqual([
      ["visit_reminder", "agent", "reminder:b1:2026-12-02:agent", { visitDate: "2026-12-02" }],
      ["visit_reminder", "student", "reminder:b1:2026-12-02:student", { visitDate: "2026-12-02" }],
    ]);
  });
});

describeEachDatabase(allDatabaseKinds())("KyselyBookingNoticeReader on %s", (kind) => {
  let f: MoneyFixture;
  let reader: KyselyBookingNoticeReader;

  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    await f.addProperty({ id: "prop-1", agentId: "agent-1", title: "Studio near UB gate" });
    reader = new KyselyBookingNoticeReader(f.db!.db);
  });
  afterEach(() => f.destroy());

  it("reads the booking, property, both people in their own language, and the agent's business name", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1", reference: "KN-AAA111" }));
    await f.db!.db.updateTable("profiles").set({ language: "fr", full_name: "Ngozi Ekane" }).where("id", "=", "student-1").execute();
    await f.db!.db.updateTable("properties").set({ address: "Mile 17 road" }).where("id", "=", "prop-1").execute();
    expect(await reader.findContext("b1")).toEqual({
      booking: {
        id: "b1",
        reference: "KN-AAA111",
        status: "pending",
        visitDate: "2026-12-02",
        visitTime: "10:00 AM",
        viewingOutcome: null,
        visitorName: "Ngozi Ekane",
        visitorPhone: "677123456",
        agentResponse: "awaiting",
        cancelledBy: null,
        paymentStatus: "pending",
      },
      property: { title: "Studio near UB gate", address: "Mile 17 road", neighbourhood: "Molyko" },
      student: { name: "Ngozi Ekane", email: "student-1@example.cm", language: "fr" },
      agent: { name: "User agent-1", email: "agent-1@example.cm", language: "en" },
    });
    await f.db!.db.updateTable("agents").set({ business_name: "Buea Homes" }).where("user_id", "=", "agent-1").execute();
    expect((await reader.findContext("b1"))?.agent.name).toBe("Buea Homes");
    expect(await reader.findContext("nope")).toBeNull();
  });

  it("reads a payment's receipt with the end of the subscription it bought", async () => {
    await f.repos.bookings.insertBooking(aBooking({ id: "b1" }));
    await f.repos.payments.insertPayment(
      aPayment({ id: "p1", type: "student_rental", bookingId: "b1", status: "successful", providerTxId: "FAP-1", confirmedAt: at(3) }),
    );
    await f.repos.payments.insertPayment(aPayment({ id: "p2", method: null }));
    await f.repos.subscriptions.insertSubscription({
      id: "s1",
      userId: "student-1",
      paymentId: "p1",
      startsAt: at(3),
      endsAt: at(3 + 14 * 24 * 60),
      createdAt: at(3),
    });
    expect(await reader.findReceipt("p1")).toEqual({
      reference: "PAY-P1",
      amount: 8000,
      method: "mtn_momo",
      providerReference: "FAP-1",
      status: "successful",
      paidAt: at(3),
      subscriptionEndsAt: at(3 + 14 * 24 * 60),
    });
    expect(await reader.findReceipt("p2")).toMatchObject({ method: null, providerReference: null, paidAt: null, subscriptionEndsAt: null });
    expect(await reader.findReceipt("nope")).toBeNull();
  });
});
