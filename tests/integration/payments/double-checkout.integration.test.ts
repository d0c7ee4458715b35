// One visit paid twice (issue 30, decision 0184) on SQLite and PostgreSQL, with the Fapshi adapter
// against the fake Fapshi: approvals of two checkouts of one purchase, delivered at the same
// moment, buy it once (the other is listed to refund); starts at the same moment leave one open
// checkout. Real concurrency: the deliveries and starts run in parallel on the pool.
import { afterEach, beforeEach, expect, it } from "vitest";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import type { PaymentDeps } from "#domain/payment/payment-deps";
import { startPayment, type Purchase } from "#domain/payment/start-payment.use-case";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { moneyHarness, type MoneyHarness } from "./money-harness";

const user = { id: "student-1", email: "ngozi@example.cm", fullName: "Ngozi Ekane" };

describeEachDatabase(allDatabaseKinds())("two checkouts of one purchase on %s", (kind) => {
  let h: MoneyHarness;
  beforeEach(async () => {
    h = await moneyHarness(kind);
  });
  afterEach(() => h.destroy());

  const start = (purchase: Purchase, phone: string, deps: PaymentDeps = h.payments) =>
    startPayment(deps, { user, purchase, method: "mtn_momo", phone });
  const rows = () => h.db.db.selectFrom("payments").selectAll().orderBy("created_at").orderBy("id").execute();
  const refunds = () => h.db.db.selectFrom("payment_refunds").selectAll().execute();
  const subscriptions = () => h.db.db.selectFrom("subscriptions").selectAll().execute();
  const events = async (paymentId: string, type: string) =>
    (await h.db.db.selectFrom("payment_events").select("id").where("payment_id", "=", paymentId).where("event_type", "=", type).execute())
      .length;

  /**
   * Two checkouts of one purchase both open at the provider: prompts pushed to the phone
   * (direct-pay), which Fapshi cannot expire, so the second start leaves the first open.
   */
  async function twoOpenCheckouts(purchase: Purchase) {
    const direct: PaymentDeps = { ...h.payments, gateway: h.fapshi({ directPay: true }) };
    const a = await start(purchase, "677123456", direct);
    const b = await start(purchase, "670112233", direct);
    if (!a.ok || !b.ok) throw new Error("startPayment failed");
    const [pa, pb] = await rows();
    expect([pa.payment_status, pb.payment_status]).toEqual(["pending", "pending"]);
    expect(pb.purchase_id).toBe(pa.purchase_id);
    return [pa, pb];
  }

  it("records one purchase when two approvals of one visit's checkouts race, and lists the other to refund", async () => {
    const booking = await h.book();
    const [a, b] = await twoOpenCheckouts({ kind: "booking", booking: booking.reference });
    h.fake.setStatus(a.provider_tx_id!, "SUCCESSFUL");
    h.fake.setStatus(b.provider_tx_id!, "SUCCESSFUL");

    // Each webhook three times, all six at once.
    const deliveries = await Promise.all([a, b, a, b, a, b].map((p) => handleWebhook(h.payments, { transId: p.provider_tx_id! })));
    for (const d of deliveries) expect(d).toMatchObject({ ok: true, value: { status: "successful" } });

    const [pa, pb] = await rows();
    expect([pa.payment_status, pb.payment_status]).toEqual(["successful", "successful"]);
    const subs = await subscriptions();
    expect(subs).toHaveLength(1);
    const paid = subs[0].payment_id!;
    const other = paid === a.id ? b.id : a.id;
    expect(await h.store.repos.bookings.findById(booking.id)).toMatchObject({ bookingStatus: "confirmed", paymentId: paid });
    expect(await refunds()).toEqual([
      expect.objectContaining({
        payment_id: other,
        paid_by_payment_id: paid,
        status: "to_refund",
        amount: 8000,
        user_id: "student-1",
        reason: "duplicate_purchase",
      }),
    ]);
    for (const id of [a.id, b.id]) expect(await events(id, "succeeded")).toBe(1);
    expect(await events(other, "refund_queued")).toBe(1);
    expect(await events(paid, "refund_queued")).toBe(0);
  });

  it("records one purchase when two approvals of one subscription's checkouts race", async () => {
    const [a, b] = await twoOpenCheckouts({ kind: "subscription" });
    h.fake.setStatus(a.provider_tx_id!, "SUCCESSFUL");
    h.fake.setStatus(b.provider_tx_id!, "SUCCESSFUL");
    await Promise.all([a, b, a, b].map((p) => handleWebhook(h.payments, { transId: p.provider_tx_id! })));
    expect(await subscriptions()).toHaveLength(1);
    expect(await refunds()).toHaveLength(1);
  });

  it("leaves one open checkout when three starts for one visit come at once, the others closed at the provider", async () => {
    const booking = await h.book();
    const purchase: Purchase = { kind: "booking", booking: booking.reference };
    const results = await Promise.all([start(purchase, "677123456"), start(purchase, "670112233"), start(purchase, "690112233")]);
    expect(results.some((r) => r.ok)).toBe(true);
    for (const r of results) if (!r.ok) expect(r.error.code).toBe("payment.checkout_starting");

    const all = await rows();
    const open = all.filter((p) => p.payment_status === "pending");
    expect(open).toHaveLength(1);
    for (const p of all) {
      if (p.id === open[0].id) continue;
      expect(p.payment_status).toBe("expired");
      if (p.provider_tx_id) expect(h.fake.transactions.get(p.provider_tx_id)?.status).toBe("EXPIRED");
    }
    // Exactly one link can still be paid at the provider.
    expect([...h.fake.transactions.values()].filter((t) => t.status === "CREATED" || t.status === "PENDING")).toHaveLength(1);
  });
});
