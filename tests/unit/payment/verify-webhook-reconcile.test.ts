import { describe, expect, it } from "vitest";
import { verifyPayment } from "#domain/payment/verify-payment.use-case";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import { reconcilePendingPayments } from "#domain/payment/reconcile-pending-payments.use-case";
import { HOLD_MS } from "#domain/booking/booking.entity";
import { DAY_MS, HOUR_MS } from "#domain/shared/clock";
import { moneyWorld } from "./money-world";

describe("verifyPayment", () => {
  it("asks the provider, applies the answer and returns the view", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference, transId } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    expect(await verifyPayment(w.payments, { reference })).toMatchObject({
      ok: true,
      value: { status: "pending", amount: 8000, type: "student_rental", bookingReference: booking.reference, subscriptionEndsAt: null },
    });
    w.gateway.setStatus(transId, "successful");
    const r = await verifyPayment(w.payments, { reference, userId: "student-1" });
    expect(r).toMatchObject({
      ok: true,
      value: { status: "successful", subscriptionEndsAt: new Date(w.clock.now().getTime() + 14 * DAY_MS) },
    });
    // Final: not asked again.
    const calls = w.gateway.statusCalls.length;
    await verifyPayment(w.payments, { reference });
    expect(w.gateway.statusCalls).toHaveLength(calls);
  });

  it("retries a flaky provider with back-off 2^n s", async () => {
    const w = moneyWorld();
    const { reference, transId } = await w.pay("student-1", { kind: "subscription" });
    w.gateway.setStatus(transId, "successful");
    w.gateway.failNextStatus("server_error", "network");
    expect(await verifyPayment(w.payments, { reference })).toMatchObject({ ok: true, value: { status: "successful" } });
    expect(w.sleeps).toEqual([2000, 4000]);
  });

  it("gives up after three attempts, with a timeout or a failure code", async () => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    w.gateway.failNextStatus("server_error", "server_error", "server_error");
    expect(await verifyPayment(w.payments, { reference })).toEqual({ ok: false, error: { code: "payment.verification_failed" } });
    w.gateway.failNextStatus("timeout", "timeout", "timeout");
    expect(await verifyPayment(w.payments, { reference })).toEqual({ ok: false, error: { code: "payment.verification_timeout" } });
    expect((await w.store.payments.findByReference(reference))?.status).toBe("pending");
  });

  it("does not retry a 4xx", async () => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    w.gateway.failNextStatus("rejected");
    expect(await verifyPayment(w.payments, { reference })).toEqual({ ok: false, error: { code: "payment.verification_failed" } });
    expect(w.sleeps).toEqual([]);
  });

  it("hides another user's payment and unknown references", async () => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    expect(await verifyPayment(w.payments, { reference, userId: "student-2" })).toEqual({
      ok: false,
      error: { code: "payment.not_found" },
    });
    expect(await verifyPayment(w.payments, { reference: "PAY-NOPE00" })).toEqual({ ok: false, error: { code: "payment.not_found" } });
  });
});

describe("handleWebhook", () => {
  it("re-asks the provider rather than trusting the body, and extends once however often it arrives", async () => {
    const w = moneyWorld();
    const { reference, transId } = await w.pay("student-1", { kind: "subscription" });
    w.gateway.setStatus(transId, "successful");
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => handleWebhook(w.payments, { transId })));
    expect(results.every((r) => r.ok && r.value.status === "successful")).toBe(true);
    w.gateway.setStatus(transId, "failed"); // a late, out-of-order FAILED
    expect(await handleWebhook(w.payments, { transId })).toMatchObject({ ok: true, value: { status: "successful" } });
    expect(w.store.subscriptions.all()).toHaveLength(1);
    const payment = (await w.store.payments.findByReference(reference))!;
    const types = (await w.store.payments.listPaymentEvents(payment.id)).map((e) => e.type);
    expect(types.filter((t) => t === "webhook_received")).toHaveLength(6);
    expect(types.filter((t) => t === "succeeded")).toHaveLength(1);
    expect(w.gateway.statusCalls.length).toBeGreaterThanOrEqual(6);
  });

  it("answers not_found for a transaction we never started", async () => {
    const w = moneyWorld();
    expect(await handleWebhook(w.payments, { transId: "ZZZ999" })).toEqual({ ok: false, error: { code: "payment.not_found" } });
    expect(await handleWebhook(w.payments, { transId: "  " })).toEqual({ ok: false, error: { code: "payment.not_found" } });
  });
});

describe("reconcilePendingPayments", () => {
  it("confirms a payment whose webhook was lost", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference, transId } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    w.gateway.setStatus(transId, "successful");
    w.clock.advance(5 * 60_000);
    const report = await reconcilePendingPayments(w.payments, { now: w.clock.now() });
    expect(report).toEqual({ checked: 1, succeeded: 1, failed: 0, expired: 0, unchanged: 0, errors: 0 });
    expect((await w.store.payments.findByReference(reference))?.status).toBe("successful");
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("confirmed");
    const types = (await w.store.payments.listPaymentEvents((await w.store.payments.findByReference(reference))!.id)).map((e) => e.type);
    expect(types).toContain("reconciled");
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 0 });
  });

  it("keeps re-checking a failed checkout link, which may still succeed", async () => {
    const w = moneyWorld();
    const { reference, transId } = await w.pay("student-1", { kind: "subscription" });
    w.gateway.setStatus(transId, "failed");
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, failed: 1 });
    w.gateway.setStatus(transId, "successful");
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, succeeded: 1 });
    expect((await w.store.payments.findByReference(reference))?.status).toBe("successful");
  });

  it("expires, at the provider and here, payments 24 h old that never succeeded, releasing the slot", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference, transId } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    w.clock.advance(23 * HOUR_MS);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, unchanged: 1 });
    expect(w.gateway.expireCalls).toEqual([]);
    w.clock.advance(HOUR_MS);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, expired: 1 });
    expect(w.gateway.expireCalls).toEqual([transId]);
    expect((await w.store.payments.findByReference(reference))?.status).toBe("expired");
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("expired");
  });

  it("lets a success that slipped in before the expiry win", async () => {
    const w = moneyWorld();
    const { reference, transId } = await w.pay("student-1", { kind: "subscription" });
    w.clock.advance(DAY_MS);
    const original = w.gateway.expire.bind(w.gateway);
    w.gateway.expire = async (id) => {
      w.gateway.setStatus(id, "successful"); // paid a moment before the link was expired
      return original(id);
    };
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ succeeded: 1 });
    expect((await w.store.payments.findByReference(reference))?.status).toBe("successful");
    expect(transId).toBeTruthy();
  });

  it("expires an old payment that never reached the provider, having looked for it there by reference only", async () => {
    const w = moneyWorld();
    w.gateway.failNextInitiate("server_error");
    const booking = await w.book();
    // A payment left pending without a transaction (the process stopped mid-call):
    await w.store.payments.insertPayment({
      ...(w.store.payments.all()[0] ?? {}),
      id: "p-orphan",
      userId: "student-1",
      gateway: "fapshi",
      status: "pending",
      type: "student_rental",
      amount: 8000,
      currency: "XAF",
      method: "mtn_momo",
      phone: "237677123456",
      reference: "PAY-ORPHAN",
      providerTxId: null,
      checkoutUrl: null,
      bookingId: booking.id,
      guestHouseId: null,
      failureReason: null,
      confirmedAt: null,
      createdAt: w.clock.now(),
      updatedAt: w.clock.now(),
    });
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, unchanged: 1 });
    w.clock.advance(DAY_MS);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ checked: 1, expired: 1 });
    expect(w.gateway.statusCalls).toEqual([]);
    expect(w.gateway.lookupCalls).toEqual(["PAY-ORPHAN", "PAY-ORPHAN"]);
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("expired");
  });

  it("counts provider errors and carries on", async () => {
    const w = moneyWorld();
    const a = await w.pay("student-1", { kind: "subscription" });
    const b = await w.pay("student-2", { kind: "subscription" });
    w.gateway.setStatus(b.transId, "successful");
    w.gateway.failNextStatus("server_error");
    w.clock.advance(HOLD_MS);
    expect(await reconcilePendingPayments(w.payments)).toEqual({
      checked: 2,
      succeeded: 1,
      failed: 0,
      expired: 0,
      unchanged: 0,
      errors: 1,
    });
    expect((await w.store.payments.findByReference(a.reference))?.status).toBe("pending");
  });
});
