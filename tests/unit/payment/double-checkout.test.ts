// One visit paid twice (issue 30, decision 0184): a student opens checkout A, goes back, starts
// checkout B, approves B, then approves A. A new start closes the earlier open checkout of the same
// purpose at the provider first; a success that still arrives for a purchase already paid is
// recorded and listed for a refund, never turned into more days or a second access.
import { describe, expect, it } from "vitest";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import { reconcilePendingPayments } from "#domain/payment/reconcile-pending-payments.use-case";
import { startPayment, type Purchase, type StartPaymentInput } from "#domain/payment/start-payment.use-case";
import { toPaymentView } from "#domain/payment/payment-view";
import { verifyPayment } from "#domain/payment/verify-payment.use-case";
import { paymentPurpose, purchaseIdFor } from "#domain/payment/payment-purpose";
import type { PaymentGateway } from "#domain/payment/payment-gateway.port";
import { DAY_MS, HOUR_MS } from "#domain/shared/clock";
import { moneyWorld } from "./money-world";

const user = { id: "student-1", email: "ngozi@example.cm", fullName: "Ngozi Ekane" };
const start = (w: ReturnType<typeof moneyWorld>, purchase: Purchase, over: Partial<StartPaymentInput> = {}) =>
  startPayment(w.payments, { user, purchase, method: "mtn_momo", phone: "677123456", ...over });

type World = ReturnType<typeof moneyWorld>;
const payment = async (w: World, reference: string) => (await w.store.payments.findByReference(reference))!;
const eventTypes = async (w: World, reference: string) =>
  (await w.store.payments.listPaymentEvents((await payment(w, reference)).id)).map((e) => e.type);

describe("a second checkout for the same purpose", () => {
  it("expires the earlier one at the provider before opening, records it expired, and keeps the booking held", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const a = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    const b = await w.pay("student-1", { kind: "booking", booking: booking.reference }, "670112233");

    expect(w.gateway.expireCalls).toEqual([a.transId]);
    // Closed at the provider before B was asked for.
    expect(w.gateway.transaction(a.transId)?.status).toBe("expired");
    expect(w.gateway.requests).toHaveLength(2);
    expect(await payment(w, a.reference)).toMatchObject({ status: "expired" });
    expect(await eventTypes(w, a.reference)).toEqual(["created", "initiated", "expired", "superseded"]);
    const superseded = (await w.store.payments.listPaymentEvents(a.paymentId)).find((e) => e.type === "superseded");
    expect(superseded?.data).toEqual({ by: b.paymentId, byReference: b.reference, closed: true });
    const expired = (await w.store.payments.listPaymentEvents(a.paymentId)).find((e) => e.type === "expired");
    expect(expired?.data).toMatchObject({ source: "supersede", bookingExpired: false });
    expect(await payment(w, b.reference)).toMatchObject({
      status: "pending",
      purpose: `booking:${booking.id}`,
      purchaseId: `booking:${booking.id}`,
    });
    // B's hold is A's: the booking waits for B.
    expect(await w.store.bookings.findById(booking.id)).toMatchObject({ bookingStatus: "pending" });
  });

  it("does the same for a subscription and for the guest-house access, whose second checkout continues the first's purchase", async () => {
    for (const purchase of [{ kind: "subscription" }, { kind: "guest_house_access", guestHouseId: null }] as Purchase[]) {
      const w = moneyWorld();
      const a = await w.pay("student-1", purchase);
      const b = await w.pay("student-1", purchase);
      expect(w.gateway.expireCalls).toEqual([a.transId]);
      expect(await payment(w, a.reference)).toMatchObject({ status: "expired", purchaseId: a.paymentId });
      expect(await payment(w, b.reference)).toMatchObject({ status: "pending", purchaseId: a.paymentId });
    }
  });

  it("leaves other purposes and other users alone", async () => {
    const w = moneyWorld();
    const sub = await w.pay("student-1", { kind: "subscription" });
    const access = await w.pay("student-1", { kind: "guest_house_access", guestHouseId: null });
    const other = await w.pay("student-2", { kind: "subscription" });
    expect(w.gateway.expireCalls).toEqual([]);
    for (const p of [sub, access, other]) expect((await payment(w, p.reference)).status).toBe("pending");
  });

  it("when the earlier one was paid meanwhile, creates nothing: applies that success and says it is already paid", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const a = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    w.gateway.setStatus(a.transId, "successful"); // approved; its webhook has not arrived yet

    expect(await start(w, { kind: "booking", booking: booking.reference })).toEqual({ ok: false, error: { code: "payment.already_paid" } });
    expect(w.store.payments.all()).toHaveLength(1);
    expect(w.gateway.requests).toHaveLength(1);
    expect(await payment(w, a.reference)).toMatchObject({ status: "successful" });
    expect(await w.store.bookings.findById(booking.id)).toMatchObject({ bookingStatus: "confirmed", paymentId: a.paymentId });
    expect(w.store.subscriptions.all()).toHaveLength(1);
    expect(w.store.payments.allRefunds()).toEqual([]);
  });

  it("refuses when the provider cannot be asked to close the earlier one, opening nothing beside it", async () => {
    const w = moneyWorld();
    const a = await w.pay("student-1", { kind: "subscription" });
    w.gateway.failNextExpire("network");
    expect(await start(w, { kind: "subscription" })).toEqual({ ok: false, error: { code: "payment.earlier_checkout_open" } });
    expect(w.store.payments.all()).toHaveLength(1);
    expect(w.gateway.requests).toHaveLength(1);
    expect(await payment(w, a.reference)).toMatchObject({ status: "pending" });
    // Once the provider answers again, the retry goes through.
    expect((await start(w, { kind: "subscription" })).ok).toBe(true);
    expect(await payment(w, a.reference)).toMatchObject({ status: "expired" });
  });

  it("is refused while another start of the purpose waits for the provider, and goes ahead once that start is over", async () => {
    const w = moneyWorld();
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const slow: PaymentGateway = {
      name: w.gateway.name,
      initiate: async (request, signal) => {
        await held;
        return w.gateway.initiate(request, signal);
      },
      getStatus: (id) => w.gateway.getStatus(id),
      expire: (id) => w.gateway.expire(id),
      findByReference: (q) => w.gateway.findByReference(q),
    };
    const first = startPayment(
      { ...w.payments, gateway: slow },
      { user, purchase: { kind: "subscription" }, method: "mtn_momo", phone: "677123456" },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(w.store.payments.all()).toHaveLength(1);
    expect(await start(w, { kind: "subscription" })).toEqual({ ok: false, error: { code: "payment.checkout_starting" } });
    answer();
    const done = await first;
    expect(done.ok).toBe(true);
    const again = await start(w, { kind: "subscription" });
    expect(again.ok).toBe(true);
    expect(
      w.store.payments
        .all()
        .map((p) => p.status)
        .sort(),
    ).toEqual(["expired", "pending"]);
  });

  it("treats a checkout whose start died before any answer as closed once the wait for an answer is long over", async () => {
    const w = moneyWorld();
    const stale = await w.pay("student-1", { kind: "subscription" });
    // As if the process had stopped between writing the payment and hearing from the provider.
    await w.store.payments.updatePayment(stale.paymentId, { providerTxId: null, checkoutUrl: null, updatedAt: w.clock.now() });
    w.gateway.forget(stale.transId);
    expect(await start(w, { kind: "subscription" })).toEqual({ ok: false, error: { code: "payment.checkout_starting" } });
    w.clock.advance(2 * 60_000);
    expect((await start(w, { kind: "subscription" })).ok).toBe(true);
    expect(await payment(w, stale.reference)).toMatchObject({ status: "expired" });
    expect(w.gateway.lookupCalls).toEqual([stale.reference]);
  });

  it("lets two starts at once for one booking end with one open checkout", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const purchase: Purchase = { kind: "booking", booking: booking.reference };
    const results = await Promise.all([
      start(w, purchase),
      start(w, purchase, { phone: "670112233" }),
      start(w, purchase, { phone: "690112233" }),
    ]);
    expect(results.some((r) => r.ok)).toBe(true);
    for (const r of results) if (!r.ok) expect(r.error.code).toBe("payment.checkout_starting");
    const open = w.store.payments.all().filter((p) => p.status === "pending" || p.status === "failed");
    expect(open).toHaveLength(1);
    // Everything else is closed at the provider too.
    for (const p of w.store.payments.all()) {
      if (p.id !== open[0].id && p.providerTxId) expect(w.gateway.transaction(p.providerTxId)?.status).toBe("expired");
    }
  });

  it("still allows a new purchase once the earlier one is paid (a renewal), which buys its own period", async () => {
    const w = moneyWorld();
    const a = await w.pay("student-1", { kind: "subscription" });
    w.gateway.setStatus(a.transId, "successful");
    await handleWebhook(w.payments, { transId: a.transId });
    const b = await w.pay("student-1", { kind: "subscription" });
    expect(w.gateway.expireCalls).toEqual([]);
    expect(await payment(w, b.reference)).toMatchObject({ purchaseId: b.paymentId });
    w.gateway.setStatus(b.transId, "successful");
    await handleWebhook(w.payments, { transId: b.transId });
    expect(w.store.payments.allRefunds()).toEqual([]);
    expect((await w.store.subscriptions.latestSubscriptionEnd("student-1"))?.getTime()).toBe(w.clock.now().getTime() + 28 * DAY_MS);
  });
});

describe("a success for a purchase already paid", () => {
  it.each([
    ["B then A", ["b", "a"]],
    ["A then B", ["a", "b"]],
  ] as const)(
    "(two checkouts for one visit, both approved, %s) is recorded and listed to refund; the visit is paid once and buys 14 days once",
    async (_, order) => {
      const w = moneyWorld();
      const booking = await w.book();
      const a = await w.pay("student-1", { kind: "booking", booking: booking.reference });
      const b = await w.pay("student-1", { kind: "booking", booking: booking.reference }, "670112233");
      // Both approved at the provider: A's approval slipped in as its link was being closed.
      w.gateway.setStatus(a.transId, "successful");
      w.gateway.setStatus(b.transId, "successful");
      const byName = { a, b };
      for (const name of order)
        expect(await handleWebhook(w.payments, { transId: byName[name].transId })).toMatchObject({
          ok: true,
          value: { status: "successful" },
        });

      const [first, second] = order.map((n) => byName[n]);
      expect(await payment(w, a.reference)).toMatchObject({ status: "successful" });
      expect(await payment(w, b.reference)).toMatchObject({ status: "successful" });
      expect(await w.store.bookings.findById(booking.id)).toMatchObject({ bookingStatus: "confirmed", paymentId: first.paymentId });
      expect(w.store.subscriptions.all()).toHaveLength(1);
      expect(w.store.subscriptions.all()[0].paymentId).toBe(first.paymentId);
      expect(w.store.payments.allRefunds()).toEqual([
        expect.objectContaining({
          paymentId: second.paymentId,
          userId: "student-1",
          amount: 8000,
          reason: "duplicate_purchase",
          paidByPaymentId: first.paymentId,
          status: "to_refund",
        }),
      ]);
      expect(await eventTypes(w, second.reference)).toContain("refund_queued");
      expect(await toPaymentView(w.store.repos, await payment(w, second.reference))).toMatchObject({
        status: "successful",
        refund: { paidByReference: first.reference },
        subscriptionEndsAt: null,
      });
      expect(await toPaymentView(w.store.repos, await payment(w, first.reference))).toMatchObject({ refund: null });
      // Delivered again: nothing more.
      await handleWebhook(w.payments, { transId: second.transId });
      expect(w.store.payments.allRefunds()).toHaveLength(1);
      expect(w.store.subscriptions.all()).toHaveLength(1);
    },
  );

  it.each([
    ["a subscription", { kind: "subscription" } as Purchase],
    ["the guest-house access", { kind: "guest_house_access", guestHouseId: null } as Purchase],
  ])("of %s adds no period and no second access", async (_, purchase) => {
    const w = moneyWorld();
    const handled: string[] = [];
    w.payments.successHandlers = { guest_house_access: async (p) => void handled.push(p.reference) };
    const a = await w.pay("student-1", purchase);
    const b = await w.pay("student-1", purchase);
    w.gateway.setStatus(b.transId, "successful");
    w.gateway.setStatus(a.transId, "successful");
    await handleWebhook(w.payments, { transId: b.transId });
    await handleWebhook(w.payments, { transId: a.transId });
    // And the return page of the refunded one runs nothing either.
    expect(await verifyPayment(w.payments, { reference: a.reference })).toMatchObject({
      ok: true,
      value: { status: "successful", refund: { paidByReference: b.reference }, accessExpiresAt: null, subscriptionEndsAt: null },
    });

    expect(w.store.payments.allRefunds().map((r) => r.paymentId)).toEqual([a.paymentId]);
    if (purchase.kind === "subscription") {
      expect(w.store.subscriptions.all().map((s) => s.paymentId)).toEqual([b.paymentId]);
      expect((await w.store.subscriptions.latestSubscriptionEnd("student-1"))?.getTime()).toBe(w.clock.now().getTime() + 14 * DAY_MS);
    } else {
      expect(w.store.platformAccess.snapshot().map((s) => s.paymentId)).toEqual([b.paymentId]);
      expect(handled).toEqual([b.reference]);
    }
  });

  it("from a prompt the provider could not expire (direct-pay) and the reconciler, is listed to refund too", async () => {
    const w = moneyWorld();
    const a = await w.pay("student-1", { kind: "subscription" });
    w.gateway.refuseExpiry(a.transId);
    const b = await w.pay("student-1", { kind: "subscription" });
    expect(await payment(w, a.reference)).toMatchObject({ status: "pending", purchaseId: a.paymentId });
    const superseded = (await w.store.payments.listPaymentEvents(a.paymentId)).find((e) => e.type === "superseded");
    expect(superseded?.data).toMatchObject({ by: b.paymentId, closed: false });

    w.gateway.setStatus(b.transId, "successful");
    await handleWebhook(w.payments, { transId: b.transId });
    w.gateway.setStatus(a.transId, "successful"); // the prompt on the phone was approved too; its webhook was lost
    w.clock.advance(HOUR_MS);
    expect(await reconcilePendingPayments(w.payments)).toMatchObject({ succeeded: 1 });
    expect(await payment(w, a.reference)).toMatchObject({ status: "successful" });
    expect(w.store.payments.allRefunds()).toEqual([expect.objectContaining({ paymentId: a.paymentId, paidByPaymentId: b.paymentId })]);
    expect(w.store.subscriptions.all().map((s) => s.paymentId)).toEqual([b.paymentId]);
  });
});

describe("purposes and purchases", () => {
  it("names a booking's purpose after the booking, anything else after its type and payer", () => {
    expect(paymentPurpose({ type: "student_rental", userId: "u1", bookingId: "b1" })).toBe("booking:b1");
    expect(paymentPurpose({ type: "unified_payment", userId: "u1", bookingId: null })).toBe("unified_payment:u1");
    expect(paymentPurpose({ type: "guest_house_access", userId: "u1", bookingId: null })).toBe("guest_house_access:u1");
  });

  it("makes every payment of a booking one purchase, and a replacing checkout continue the replaced one's", async () => {
    const w = moneyWorld();
    const a = await w.pay("student-1", { kind: "subscription" });
    const replaced = [await payment(w, a.reference)];
    expect(purchaseIdFor({ id: "p2", bookingId: "b1", purpose: "booking:b1" }, replaced)).toBe("booking:b1");
    expect(purchaseIdFor({ id: "p2", bookingId: null, purpose: "unified_payment:student-1" }, replaced)).toBe(a.paymentId);
    expect(purchaseIdFor({ id: "p2", bookingId: null, purpose: "unified_payment:student-1" }, [])).toBe("p2");
  });
});
