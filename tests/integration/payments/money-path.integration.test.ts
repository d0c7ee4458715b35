import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import { startPayment } from "#domain/payment/start-payment.use-case";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import { verifyPayment } from "#domain/payment/verify-payment.use-case";
import { reconcilePendingPayments } from "#domain/payment/reconcile-pending-payments.use-case";
import { DAY_MS, HOUR_MS } from "#domain/shared/clock";
import type { PaymentDeps } from "#domain/payment/payment-deps";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { moneyHarness, START, TOMORROW, type MoneyHarness } from "./money-harness";

const user = { id: "student-1", email: "ngozi@example.cm", fullName: "Ngozi Ekane" };

async function payForBooking(h: MoneyHarness, reference: string, deps: PaymentDeps = h.payments) {
  return startPayment(deps, { user, purchase: { kind: "booking", booking: reference }, method: "mtn_momo", phone: "+237 677 12 34 56" });
}

async function counts(h: MoneyHarness) {
  const n = async (table: "payments" | "payment_events" | "subscriptions" | "bookings") =>
    Number(
      (
        await h.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    payments: await n("payments"),
    events: await n("payment_events"),
    subscriptions: await n("subscriptions"),
    bookings: await n("bookings"),
  };
}

describeEachDatabase(allDatabaseKinds())("the money path on %s", (kind) => {
  let h: MoneyHarness;
  beforeEach(async () => {
    h = await moneyHarness(kind);
  });
  afterEach(() => h.destroy());

  it("gives a slot to exactly one of 20 students booking it at the same moment", async () => {
    const students = await h.addStudents(20);
    const results = await Promise.all(students.map((studentId) => bookVisit(h.booking, h.visit({ studentId }))));
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r).toEqual({ ok: false, error: { code: "booking.slot_taken" } });
    const live = await h.db.db.selectFrom("bookings").selectAll().where("booking_status", "in", ["pending", "confirmed"]).execute();
    expect(live).toHaveLength(1);
    expect(await counts(h)).toMatchObject({ bookings: 1 });
  });

  it("extends the subscription once for the same SUCCESSFUL webhook five times at once, then a late FAILED", async () => {
    const booking = await h.book();
    const started = await payForBooking(h, booking.reference);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const payment = (await h.store.repos.payments.findByReference(started.value.reference))!;
    const transId = payment.providerTxId!;
    h.fake.setStatus(transId, "SUCCESSFUL");

    const deliveries = await Promise.all([1, 2, 3, 4, 5].map(() => handleWebhook(h.payments, { transId })));
    for (const d of deliveries) expect(d).toMatchObject({ ok: true, value: { status: "successful" } });
    h.fake.setStatus(transId, "FAILED");
    expect(await handleWebhook(h.payments, { transId })).toMatchObject({ ok: true, value: { status: "successful" } });

    const subs = await h.db.db.selectFrom("subscriptions").selectAll().where("payment_id", "=", payment.id).execute();
    expect(subs).toHaveLength(1);
    expect(Date.parse(subs[0].ends_at) - Date.parse(subs[0].starts_at)).toBe(14 * DAY_MS);
    expect(subs[0].starts_at).toBe(START);
    expect(await counts(h)).toMatchObject({ subscriptions: 1 });
    expect(await h.store.repos.bookings.findById(booking.id)).toMatchObject({
      bookingStatus: "confirmed",
      paymentStatus: "confirmed",
      holdExpiresAt: null,
      paymentId: payment.id,
    });
    const events = await h.store.repos.payments.listPaymentEvents(payment.id);
    expect(events.filter((e) => e.type === "webhook_received")).toHaveLength(6);
    expect(events.filter((e) => e.type === "succeeded")).toHaveLength(1);
    // The provider was asked each time: the webhook body is never trusted.
    expect(h.fake.requests.filter((r) => r.path === `/payment-status/${transId}`)).toHaveLength(6);
  });

  describe("when the provider misbehaves at initialisation", () => {
    const faults: Array<[string, (h: MoneyHarness) => PaymentDeps, string]> = [
      ["a timeout", (h) => ((h.fake.delayMs = 400), { ...h.payments, initTimeoutMs: 100 }), "payment.init_timeout"],
      ["a 500", (h) => (h.fake.endpointModes.set("/initiate-pay", "error500"), h.payments), "payment.init_failed"],
      ["garbage JSON", (h) => (h.fake.endpointModes.set("/initiate-pay", "garbage"), h.payments), "payment.invalid_response"],
      ["a 4xx", (h) => ({ ...h.payments, gateway: h.fapshi({ apiKey: "revoked" }) }), "payment.init_failed"],
      ["no link", (h) => (h.fake.endpointModes.set("/initiate-pay", "no_link"), h.payments), "payment.link_missing"],
    ];

    it.each(faults)("on %s keeps the booking held, fails the payment with an event, and a retry works", async (_, provoke, code) => {
      const booking = await h.book();
      const before = await counts(h);
      const failed = await payForBooking(h, booking.reference, provoke(h));
      expect(failed).toEqual({ ok: false, error: { code } });

      const payments = await h.db.db.selectFrom("payments").selectAll().execute();
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        payment_status: "failed",
        failure_reason: code,
        provider_tx_id: null,
        checkout_url: null,
        amount: 8000,
        booking_id: booking.id,
      });
      const events = await h.store.repos.payments.listPaymentEvents(payments[0].id);
      expect(events.map((e) => e.type).sort()).toEqual(["created", "failed"]);
      expect(await h.store.repos.bookings.findById(booking.id)).toMatchObject({ bookingStatus: "pending", paymentStatus: "pending" });
      expect(await counts(h)).toEqual({ ...before, payments: 1, events: 2 });
      // The slot is still held: nobody else can book it.
      const [other] = await h.addStudents(1);
      expect(await bookVisit(h.booking, h.visit({ studentId: other }))).toEqual({ ok: false, error: { code: "booking.slot_taken" } });

      h.fake.delayMs = 0;
      h.fake.endpointModes.clear();
      const retry = await payForBooking(h, booking.reference);
      expect(retry.ok).toBe(true);
      if (!retry.ok) return;
      expect(retry.value.checkoutUrl).toMatch(new RegExp(`^${h.fake.url}/checkout/`));
      const sent = h.fake.requests.filter((r) => r.path === "/initiate-pay").at(-1)!;
      expect(sent.body).toMatchObject({ amount: 8000, externalId: retry.value.reference });
    });
  });

  it("confirms, by reconciliation, a payment made while the server was down (no webhook)", async () => {
    const booking = await h.book();
    const started = await payForBooking(h, booking.reference);
    if (!started.ok) throw new Error(started.error.code);
    const transId = (await h.store.repos.payments.findByReference(started.value.reference))!.providerTxId!;
    h.fake.setStatus(transId, "SUCCESSFUL"); // paid; the webhook never arrived
    h.clock.advance(2 * HOUR_MS); // the hold has lapsed meanwhile, but nobody took the slot

    const report = await reconcilePendingPayments(h.payments);
    expect(report).toMatchObject({ checked: 1, succeeded: 1, errors: 0 });
    expect(await h.store.repos.payments.findByReference(started.value.reference)).toMatchObject({ status: "successful" });
    expect(await h.store.repos.bookings.findById(booking.id)).toMatchObject({ bookingStatus: "confirmed", paymentStatus: "confirmed" });
    expect(await h.store.repos.subscriptions.findActiveSubscription("student-1", h.clock.now())).not.toBeNull();
    expect(await reconcilePendingPayments(h.payments)).toMatchObject({ checked: 0 });
  });

  it("expires, by reconciliation, a link unpaid after 24 h and frees the slot", async () => {
    const booking = await h.book();
    const started = await payForBooking(h, booking.reference);
    if (!started.ok) throw new Error(started.error.code);
    h.clock.advance(DAY_MS);
    expect(await reconcilePendingPayments(h.payments)).toMatchObject({ checked: 1, expired: 1 });
    const transId = (await h.store.repos.payments.findByReference(started.value.reference))!.providerTxId!;
    expect(h.fake.transactions.get(transId)?.status).toBe("EXPIRED");
    expect((await h.store.repos.bookings.findById(booking.id))?.bookingStatus).toBe("expired");
    const [other] = await h.addStudents(1);
    expect((await bookVisit(h.booking, h.visit({ studentId: other, visitDate: "2026-12-03" }))).ok).toBe(true);
  });

  it("ends successful when a FAILED attempt later becomes SUCCESSFUL", async () => {
    const booking = await h.book();
    const started = await payForBooking(h, booking.reference);
    if (!started.ok) throw new Error(started.error.code);
    const transId = (await h.store.repos.payments.findByReference(started.value.reference))!.providerTxId!;
    h.fake.script(transId, "FAILED", "SUCCESSFUL");

    expect(await verifyPayment(h.payments, { reference: started.value.reference })).toMatchObject({
      ok: true,
      value: { status: "failed" },
    });
    expect((await h.store.repos.bookings.findById(booking.id))?.bookingStatus).toBe("pending");
    const done = await verifyPayment(h.payments, { reference: started.value.reference, userId: "student-1" });
    expect(done).toMatchObject({
      ok: true,
      value: { status: "successful", amount: 8000, type: "student_rental", bookingReference: booking.reference },
    });
    expect(done.ok && done.value.subscriptionEndsAt).toEqual(new Date(Date.parse(START) + 14 * DAY_MS));
    expect((await h.store.repos.bookings.findById(booking.id))?.bookingStatus).toBe("confirmed");
  });

  it("records a tampered amount from the provider as a mismatch and applies nothing", async () => {
    const started = await startPayment(h.payments, {
      user,
      purchase: { kind: "subscription" },
      method: "orange_money",
      phone: "699001122",
    });
    if (!started.ok) throw new Error(started.error.code);
    const payment = (await h.store.repos.payments.findByReference(started.value.reference))!;
    h.fake.setStatus(payment.providerTxId!, "SUCCESSFUL");
    h.fake.patch(payment.providerTxId!, { amount: 100 });
    expect(await handleWebhook(h.payments, { transId: payment.providerTxId! })).toMatchObject({ ok: true, value: { status: "pending" } });
    expect((await h.store.repos.payments.listPaymentEvents(payment.id)).map((e) => e.type)).toContain("mismatch");
    expect(await counts(h)).toMatchObject({ subscriptions: 0 });
  });

  it("credits once a direct-pay prompt paid after the initiation timed out (webhook many times, out of order)", async () => {
    // Fapshi creates the transaction and pushes the prompt, but its answer comes after our limit.
    h.fake.lateAnswerMs.set("/direct-pay", 400);
    const direct: PaymentDeps = { ...h.payments, gateway: h.fapshi({ directPay: true }), initTimeoutMs: 100 };
    const started = await startPayment(direct, { user, purchase: { kind: "subscription" }, method: "mtn_momo", phone: "677123456" });
    expect(started).toEqual({ ok: false, error: { code: "payment.init_timeout" } });
    const payment = await h.db.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ payment_status: "failed", provider_tx_id: null });
    const tx = h.fake.transactionByExternalId(payment.reference)!;
    expect(tx).toMatchObject({ transType: "direct-pay", amount: 8000, userId: "student-1" });

    h.fake.setStatus(tx.transId, "SUCCESSFUL"); // the student paid the prompt
    const deliveries = await Promise.all([1, 2, 3, 4].map(() => handleWebhook(direct, { transId: tx.transId })));
    for (const d of deliveries) expect(d).toMatchObject({ ok: true, value: { status: "successful" } });
    h.fake.setStatus(tx.transId, "FAILED"); // late and out of order
    expect(await handleWebhook(direct, { transId: tx.transId })).toMatchObject({ ok: true, value: { status: "successful" } });
    expect(await reconcilePendingPayments(direct)).toMatchObject({ checked: 0 });

    const after = await h.db.db.selectFrom("payments").selectAll().where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ payment_status: "successful", provider_tx_id: tx.transId });
    const subs = await h.db.db.selectFrom("subscriptions").selectAll().execute();
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      payment_id: payment.id,
      starts_at: START,
      ends_at: new Date(Date.parse(START) + 14 * DAY_MS).toISOString(),
    });
    const events = await h.store.repos.payments.listPaymentEvents(payment.id);
    expect(events.filter((e) => e.type === "matched")).toHaveLength(1);
    expect(events.filter((e) => e.type === "succeeded")).toHaveLength(1);
    expect(events.filter((e) => e.type === "webhook_received")).toHaveLength(5);
  });

  it("credits, by reconciliation, a hosted checkout paid after the initiation timed out and its webhook was lost", async () => {
    h.fake.lateAnswerMs.set("/initiate-pay", 400);
    const slow: PaymentDeps = { ...h.payments, initTimeoutMs: 100 };
    const booking = await h.book();
    expect(await payForBooking(h, booking.reference, slow)).toEqual({ ok: false, error: { code: "payment.init_timeout" } });
    const payment = await h.db.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    const tx = h.fake.transactionByExternalId(payment.reference)!;
    h.fake.setStatus(tx.transId, "SUCCESSFUL");
    h.clock.advance(HOUR_MS);

    expect(await reconcilePendingPayments(h.payments)).toMatchObject({ checked: 1, succeeded: 1, errors: 0 });
    expect(await h.store.repos.payments.findById(payment.id)).toMatchObject({ status: "successful", providerTxId: tx.transId });
    expect(await h.store.repos.bookings.findById(booking.id)).toMatchObject({ bookingStatus: "confirmed", paymentStatus: "confirmed" });
    expect(await counts(h)).toMatchObject({ subscriptions: 1 });
    expect(await reconcilePendingPayments(h.payments)).toMatchObject({ checked: 0 });
  });

  it("adds 28 days, never 14, for two subscription payments of one user confirmed at the same moment", async () => {
    // Two purchases (a visit and a subscription on its own): two checkouts of one purchase would
    // not both buy it (decision 0184, double-checkout.integration.test.ts).
    const booking = await h.book();
    const a = await startPayment(h.payments, { user, purchase: { kind: "subscription" }, method: "mtn_momo", phone: "677123456" });
    const b = await payForBooking(h, booking.reference);
    if (!a.ok || !b.ok) throw new Error("startPayment failed");
    const transIds = await Promise.all(
      [a, b].map(async (r) => (await h.store.repos.payments.findByReference(r.value.reference))!.providerTxId!),
    );
    for (const transId of transIds) h.fake.setStatus(transId, "SUCCESSFUL");

    // Both confirmations at once, through the real use case and the Kysely unit of work.
    const results = await Promise.all(transIds.map((transId) => handleWebhook(h.payments, { transId })));
    for (const r of results) expect(r).toMatchObject({ ok: true, value: { status: "successful" } });

    const subs = await h.db.db.selectFrom("subscriptions").selectAll().where("user_id", "=", "student-1").orderBy("ends_at").execute();
    expect(subs).toHaveLength(2);
    // One period follows the other: the second starts where the first ends.
    expect(subs[0].starts_at).toBe(START);
    expect(subs[1].starts_at).toBe(subs[0].ends_at);
    expect(subs[1].ends_at).toBe(new Date(Date.parse(START) + 28 * DAY_MS).toISOString());
    expect((await h.store.repos.subscriptions.latestSubscriptionEnd("student-1"))?.toISOString()).toBe(
      new Date(Date.parse(START) + 28 * DAY_MS).toISOString(),
    );
  });

  it("books free and at once once the subscription is paid", async () => {
    const started = await startPayment(h.payments, { user, purchase: { kind: "subscription" }, method: "mtn_momo", phone: "677123456" });
    if (!started.ok) throw new Error(started.error.code);
    const transId = (await h.store.repos.payments.findByReference(started.value.reference))!.providerTxId!;
    h.fake.setStatus(transId, "SUCCESSFUL");
    await handleWebhook(h.payments, { transId });
    const r = await bookVisit(h.booking, h.visit({ visitDate: TOMORROW, visitTime: "3:00 PM" }));
    expect(r.ok && r.value).toMatchObject({ needsPayment: false, booking: { bookingStatus: "confirmed", paymentAmount: 0 } });
  });
});
