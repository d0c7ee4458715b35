// Money that reaches the provider although the answer to our initiation never reached us (issue 8,
// part D): the payment keeps our reference, the webhook for its unknown transaction id finds it
// through the provider's record (externalId), and the reconciler looks for it for 24 hours.
// Also: reconciliation giving up on a transaction the provider does not know, and reading in pages.
import { describe, expect, it } from "vitest";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import { reconcilePendingPayments } from "#domain/payment/reconcile-pending-payments.use-case";
import { startPayment } from "#domain/payment/start-payment.use-case";
import type { PaymentDeps } from "#domain/payment/payment-deps";
import type { ReconcileQuery } from "#domain/payment/payment-repository.port";
import { DAY_MS, HOUR_MS } from "#domain/shared/clock";
import { moneyWorld } from "./money-world";

const user = { id: "student-1", email: "student-1@example.cm", fullName: "Ngozi Ekane" };

function startSubscription(deps: PaymentDeps) {
  return startPayment(deps, { user, purchase: { kind: "subscription" }, method: "mtn_momo", phone: "677123456" });
}

describe("a payment whose initiation answer was lost", () => {
  it("is credited once when the prompt is paid after the initiation timed out, however often and in whatever order the webhook comes", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    w.gateway.failNextInitiate("lost_answer");
    const started = await startPayment(w.payments, {
      user,
      purchase: { kind: "booking", booking: booking.reference },
      method: "mtn_momo",
      phone: "677123456",
    });
    expect(started).toEqual({ ok: false, error: { code: "payment.init_timeout" } });
    const [payment] = w.store.payments.all();
    expect(payment).toMatchObject({ status: "failed", providerTxId: null, failureReason: "payment.init_timeout" });

    // The prompt reached the phone all the same, and the student paid it.
    const tx = w.gateway.transactionByReference(payment.reference)!;
    w.gateway.setStatus(tx.transId, "successful");
    const deliveries = await Promise.all([1, 2, 3].map(() => handleWebhook(w.payments, { transId: tx.transId })));
    for (const d of deliveries) expect(d).toMatchObject({ ok: true, value: { status: "successful", reference: payment.reference } });
    w.gateway.setStatus(tx.transId, "failed"); // a late, out-of-order FAILED
    expect(await handleWebhook(w.payments, { transId: tx.transId })).toMatchObject({ ok: true, value: { status: "successful" } });

    expect(await w.store.payments.findById(payment.id)).toMatchObject({ status: "successful", providerTxId: tx.transId });
    expect(w.store.subscriptions.all()).toHaveLength(1);
    expect(w.store.subscriptions.all()[0]).toMatchObject({
      paymentId: payment.id,
      endsAt: new Date(w.clock.now().getTime() + 14 * DAY_MS),
    });
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("confirmed");
    const types = (await w.store.payments.listPaymentEvents(payment.id)).map((e) => e.type);
    expect(types.filter((t) => t === "matched")).toHaveLength(1);
    expect(types.filter((t) => t === "succeeded")).toHaveLength(1);
    expect(types.filter((t) => t === "webhook_received")).toHaveLength(4);
  });

  it("is credited by reconciliation when that webhook is lost too", async () => {
    const w = moneyWorld();
    w.gateway.failNextInitiate("lost_answer");
    expect(await startSubscription(w.payments)).toEqual({ ok: false, error: { code: "payment.init_timeout" } });
    const [payment] = w.store.payments.all();
    const tx = w.gateway.transactionByReference(payment.reference)!;
    w.clock.advance(HOUR_MS);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, unchanged: 1 });
    w.gateway.setStatus(tx.transId, "successful");
    w.clock.advance(HOUR_MS);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, succeeded: 1, errors: 0 });
    expect(await w.store.payments.findById(payment.id)).toMatchObject({ status: "successful", providerTxId: tx.transId });
    expect(w.store.subscriptions.all()).toHaveLength(1);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 0 });
    const types = (await w.store.payments.listPaymentEvents(payment.id)).map((e) => e.type);
    expect(types.filter((t) => t === "matched")).toHaveLength(1);
    expect(types).toContain("reconciled");
  });

  it("is credited when saving the provider's answer failed", async () => {
    const w = moneyWorld();
    let runs = 0;
    // The second unit of work of startPayment stores the provider's answer: the database fails there.
    const flaky: PaymentDeps = {
      ...w.payments,
      uow: { run: (work) => (++runs === 2 ? Promise.reject(new Error("database unavailable")) : w.store.run(work)) },
    };
    await expect(startSubscription(flaky)).rejects.toThrow("database unavailable");
    const [payment] = w.store.payments.all();
    expect(payment).toMatchObject({ status: "pending", providerTxId: null });
    const tx = w.gateway.transactionByReference(payment.reference)!;
    w.gateway.setStatus(tx.transId, "successful");
    expect(await handleWebhook(w.payments, { transId: tx.transId })).toMatchObject({ ok: true, value: { status: "successful" } });
    expect(w.store.subscriptions.all()).toHaveLength(1);
  });

  it("is looked for at the provider for 24 hours, then no longer", async () => {
    const w = moneyWorld();
    w.gateway.failNextInitiate("timeout"); // this time the provider never got the request
    await startSubscription(w.payments);
    const [payment] = w.store.payments.all();
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, unchanged: 1 });
    w.clock.advance(DAY_MS - 1);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, unchanged: 1 });
    expect(w.gateway.lookupCalls).toEqual([payment.reference, payment.reference]);
    w.clock.advance(1);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 0 });
    expect(w.gateway.lookupCalls).toHaveLength(2);
    expect((await w.store.payments.findById(payment.id))?.status).toBe("failed");
  });
});

describe("a webhook for a transaction id we do not know", () => {
  it("stores nothing when the provider does not know it either, or it is not one of our references", async () => {
    const w = moneyWorld();
    const mine = await w.pay("student-1", { kind: "subscription" });
    const eventsBefore = w.store.payments.allEvents().length;
    expect(await handleWebhook(w.payments, { transId: "NOPE1234" })).toEqual({ ok: false, error: { code: "payment.not_found" } });

    // A transaction at the provider started by someone else (another service on the account).
    const r = await w.gateway.initiate({
      amount: 8000,
      reference: "SOMEONE-ELSE",
      userId: "student-1",
      email: "x@example.cm",
      customerName: "X",
      phone: "677123456",
      method: "mtn_momo",
      message: "x",
    });
    w.gateway.setStatus(r.transId, "successful");
    expect(await handleWebhook(w.payments, { transId: r.transId })).toEqual({ ok: false, error: { code: "payment.not_found" } });

    expect(w.store.payments.allEvents()).toHaveLength(eventsBefore);
    expect(w.store.subscriptions.all()).toHaveLength(0);
    expect((await w.store.payments.findByReference(mine.reference))?.status).toBe("pending");
  });

  it.each([
    ["a smaller amount", { amount: 100 }],
    ["another user (an attacker's second account)", { userId: "student-2" }],
  ])("attaches nothing and grants nothing when the provider's record says %s", async (_, patch) => {
    const w = moneyWorld();
    w.gateway.failNextInitiate("lost_answer");
    await startSubscription(w.payments);
    const [payment] = w.store.payments.all();
    const tx = w.gateway.transactionByReference(payment.reference)!;
    w.gateway.setStatus(tx.transId, "successful", patch);
    expect(await handleWebhook(w.payments, { transId: tx.transId })).toMatchObject({ ok: true, value: { status: "failed" } });
    expect(await w.store.payments.findById(payment.id)).toMatchObject({ status: "failed", providerTxId: null });
    expect((await w.store.payments.listPaymentEvents(payment.id)).map((e) => e.type)).toContain("mismatch");
    expect(w.store.subscriptions.all()).toHaveLength(0);
    // Nor does the reconciler, which finds it by reference too.
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, succeeded: 0 });
    expect(await w.store.payments.findById(payment.id)).toMatchObject({ status: "failed", providerTxId: null });
    expect(w.store.subscriptions.all()).toHaveLength(0);
  });
});

describe("reconciliation", () => {
  it("gives up on a transaction the provider answers 404 for: waits, then expires it after 24 h", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference, transId } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    w.gateway.forget(transId);
    w.clock.advance(HOUR_MS);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, unchanged: 1, errors: 0 });
    w.clock.advance(DAY_MS);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, expired: 1, errors: 0 });
    const payment = (await w.store.payments.findByReference(reference))!;
    expect(payment.status).toBe("expired");
    const expired = (await w.store.payments.listPaymentEvents(payment.id)).find((e) => e.type === "expired");
    expect(expired?.data).toMatchObject({ source: "reconcile", reason: "unknown_at_provider" });
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("expired");
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 0 });
  });

  it("reads the payments to re-check in bounded pages and still checks them all", async () => {
    const w = moneyWorld();
    for (let i = 0; i < 5; i += 1) {
      await w.pay(`student-${i}`, { kind: "subscription" });
      w.clock.advance(1000);
    }
    const queries: ReconcileQuery[] = [];
    const list = w.store.payments.listPaymentsToReconcile.bind(w.store.payments);
    w.store.payments.listPaymentsToReconcile = async (query) => {
      queries.push(query);
      return list(query);
    };
    expect(await reconcilePendingPayments(w.payments, { pageSize: 2 })).toMatchObject({ checked: 5, unchanged: 5 });
    expect(queries.map((q) => q.limit)).toEqual([2, 2, 2]);
    expect(new Set(w.gateway.statusCalls).size).toBe(5);
    // And by default in pages of the domain's size, never everything at once.
    queries.length = 0;
    await reconcilePendingPayments(w.payments);
    expect(queries.map((q) => q.limit)).toEqual([100]);
  });
});

describe("an initiation that times out after its news has come back", () => {
  it("does not overwrite a success the webhook already applied", async () => {
    const w = moneyWorld();
    const initiate = w.gateway.initiate.bind(w.gateway);
    // The prompt is paid and the webhook handled while the provider's answer to us is still on its way.
    w.gateway.initiate = async (request, signal) => {
      w.gateway.failNextInitiate("lost_answer");
      try {
        return await initiate(request, signal);
      } catch (error) {
        const tx = w.gateway.transactionByReference(request.reference)!;
        w.gateway.setStatus(tx.transId, "successful");
        expect(await handleWebhook(w.payments, { transId: tx.transId })).toMatchObject({ ok: true, value: { status: "successful" } });
        throw error;
      }
    };
    expect(await startSubscription(w.payments)).toEqual({ ok: false, error: { code: "payment.init_timeout" } });
    const [payment] = w.store.payments.all();
    expect(payment).toMatchObject({ status: "successful", failureReason: null });
    expect(payment.providerTxId).not.toBeNull();
    expect(w.store.subscriptions.all()).toHaveLength(1);
    const failed = (await w.store.payments.listPaymentEvents(payment.id)).find((e) => e.type === "failed");
    expect(failed?.data).toMatchObject({ source: "initiate", applied: false, code: "payment.init_timeout" });
  });
});
