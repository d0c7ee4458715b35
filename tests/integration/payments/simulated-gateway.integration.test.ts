import { afterEach, beforeEach, expect, it } from "vitest";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import { startPayment } from "#domain/payment/start-payment.use-case";
import { reconcilePendingPayments } from "#domain/payment/reconcile-pending-payments.use-case";
import { DAY_MS } from "#domain/shared/clock";
import { SimulatedPaymentGateway } from "#infrastructure/payments/simulated-payment-gateway";
import { createPaymentGateway } from "#infrastructure/payments/payment-gateway-factory";
import { FapshiPaymentGateway } from "#infrastructure/payments/fapshi-payment-gateway";
import { loadConfig } from "#infrastructure/config/config";
import { PaymentGatewayError } from "#domain/payment/payment-gateway.port";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { moneyHarness, type MoneyHarness } from "./money-harness";

const user = { id: "student-1", email: "ngozi@example.cm", fullName: null };

describeEachDatabase(allDatabaseKinds())("the simulated provider on %s", (kind) => {
  let h: MoneyHarness;
  let simulated: SimulatedPaymentGateway;
  const notified: string[] = [];

  beforeEach(async () => {
    notified.length = 0;
    h = await moneyHarness(kind, ({ db, clock }) => {
      simulated = new SimulatedPaymentGateway({
        db: db.db,
        appUrl: "https://kamernest.test",
        clock,
        // The same handling as a Fapshi webhook: re-read the status, apply it.
        onStatusChange: async (transId) => {
          notified.push(transId);
          const r = await handleWebhook(h.payments, { transId });
          if (!r.ok) throw new Error(r.error.code);
        },
      });
      return simulated;
    });
  });
  afterEach(() => h.destroy());

  async function start(phone = "677123456") {
    const booking = await h.book();
    const r = await startPayment(h.payments, {
      user,
      purchase: { kind: "booking", booking: booking.reference },
      method: "mtn_momo",
      phone,
    });
    if (!r.ok) throw new Error(r.error.code);
    const payment = (await h.store.repos.payments.findByReference(r.value.reference))!;
    return { booking, payment, checkoutUrl: r.value.checkoutUrl, transId: payment.providerTxId! };
  }

  it("sends the payer to the app's own checkout page and shows it the transaction", async () => {
    const { payment, checkoutUrl, transId } = await start();
    expect(payment.gateway).toBe("simulated");
    expect(transId).toMatch(/^[A-Z2-9]{9}$/);
    expect(checkoutUrl).toBe(`https://kamernest.test/simulated-checkout/${transId}`);
    expect(await simulated.findCheckout(transId)).toEqual({
      transId,
      status: "pending",
      amount: 8000,
      payerName: "ngozi",
      phone: "677123456",
      medium: "mobile money",
      message: expect.stringMatching(/^KamerNest visit booking KN-/),
      returnUrl: `https://kamernest.test/payment-success?ref=${payment.reference}`,
      userId: payment.userId,
    });
    expect(await simulated.findCheckout("NOPE")).toBeNull();
  });

  it("on approval confirms the payment, the subscription and the booking through the webhook handling", async () => {
    const { booking, payment, transId } = await start();
    expect(await simulated.approve(transId)).toBe("successful");
    expect(notified).toEqual([transId]);
    expect(await h.store.repos.payments.findById(payment.id)).toMatchObject({ status: "successful" });
    expect((await h.store.repos.bookings.findById(booking.id))?.bookingStatus).toBe("confirmed");
    expect(await h.store.repos.subscriptions.findByPaymentId(payment.id)).not.toBeNull();
    // A second click changes nothing and notifies nobody.
    expect(await simulated.approve(transId)).toBe("successful");
    expect(await simulated.decline(transId)).toBe("successful");
    expect(notified).toHaveLength(1);
  });

  it("always declines a number ending in 000", async () => {
    const { payment, transId } = await start("677123000");
    expect(await simulated.approve(transId)).toBe("failed");
    expect(await h.store.repos.payments.findById(payment.id)).toMatchObject({
      status: "failed",
      failureReason: "Payment declined by the payer's provider",
    });
  });

  it("lets a payer who declined approve later on the same link", async () => {
    const { payment, transId } = await start();
    expect(await simulated.decline(transId)).toBe("failed");
    expect((await h.store.repos.payments.findById(payment.id))?.status).toBe("failed");
    expect(await simulated.approve(transId)).toBe("successful");
    expect((await h.store.repos.payments.findById(payment.id))?.status).toBe("successful");
  });

  it("keeps its transactions across a restart", async () => {
    const { transId } = await start();
    const afterRestart = new SimulatedPaymentGateway({ db: h.db.db, appUrl: "https://kamernest.test", clock: h.clock });
    expect((await afterRestart.getStatus(transId)).status).toBe("pending");
    await afterRestart.approve(transId);
    expect((await simulated.getStatus(transId)).status).toBe("successful");
    // No notifier on that instance: the reconciler catches up, as with a lost Fapshi webhook.
    expect(await reconcilePendingPayments(h.payments)).toMatchObject({ succeeded: 1 });
  });

  it("expires links after 24 hours, and by hand, answering a link already paid or expired as it stands", async () => {
    const { transId } = await start();
    h.clock.advance(DAY_MS);
    expect((await simulated.getStatus(transId)).status).toBe("expired");
    expect(await simulated.approve(transId)).toBe("expired");
    const second = await startPayment(h.payments, { user, purchase: { kind: "subscription" }, method: "orange_money", phone: "699001122" });
    if (!second.ok) throw new Error(second.error.code);
    const tx = (await h.store.repos.payments.findByReference(second.value.reference))!.providerTxId!;
    expect(await simulated.expire(tx)).toMatchObject({ transId: tx, status: "expired" });
    expect(await simulated.expire(tx)).toMatchObject({ transId: tx, status: "expired" });
    // Its checkout refuses from then on: approving changes nothing.
    expect(await simulated.approve(tx)).toBe("expired");
    expect((await simulated.findCheckout(tx))?.status).toBe("expired");
    // A link already paid stays paid, and says so.
    const third = await startPayment(h.payments, { user, purchase: { kind: "test" }, method: "mtn_momo", phone: "670112233" });
    if (!third.ok) throw new Error(third.error.code);
    const paid = (await h.store.repos.payments.findByReference(third.value.reference))!.providerTxId!;
    expect(await simulated.approve(paid)).toBe("successful");
    expect(await simulated.expire(paid)).toMatchObject({ transId: paid, status: "successful" });
    await expect(simulated.getStatus("NOPE")).rejects.toBeInstanceOf(PaymentGatewayError);
    await expect(simulated.expire("NOPE")).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it("finds a transaction by our reference and its user, as Fapshi's transaction list does", async () => {
    const { payment, transId } = await start();
    expect(await simulated.findByReference({ reference: payment.reference, userId: "student-1" })).toMatchObject({
      transId,
      status: "pending",
      externalId: payment.reference,
      amount: 8000,
    });
    expect(await simulated.findByReference({ reference: payment.reference, userId: "student-2" })).toBeNull();
    expect(await simulated.findByReference({ reference: "PAY-NEVER0", userId: "student-1" })).toBeNull();
  });

  it("refuses an amount under 100, as Fapshi does", async () => {
    await expect(
      simulated.initiate({
        amount: 50,
        reference: "PAY-X",
        userId: "student-1",
        email: "a@b.cm",
        customerName: "A",
        phone: "677123456",
        method: "mtn_momo",
        message: "m",
      }),
    ).rejects.toMatchObject({ kind: "rejected", httpStatus: 400 });
  });

  it("is what the factory builds by default, and Fapshi when configured", () => {
    const demo = createPaymentGateway(loadConfig({}), { db: h.db.db });
    expect(demo.gateway.name).toBe("simulated");
    expect(demo.simulated).toBe(demo.gateway);
    const live = createPaymentGateway(
      loadConfig({ PAYMENT_PROVIDER: "fapshi", FAPSHI_API_USER: "u", FAPSHI_API_KEY: "k", FAPSHI_WEBHOOK_SECRET: "w" }),
      { db: h.db.db },
    );
    expect(live.gateway).toBeInstanceOf(FapshiPaymentGateway);
    expect(live.simulated).toBeUndefined();
  });
});
