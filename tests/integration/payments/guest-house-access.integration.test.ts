// The guest-house access fee on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL):
// the webhook delivered five times, out of order, grants the access once, in the transaction that
// marks the payment successful; a second payment while valid extends from the current expiry.
import { afterEach, beforeEach, expect, it } from "vitest";
import { startPayment } from "#domain/payment/start-payment.use-case";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import { DAY_MS } from "#domain/shared/clock";
import { getPlatformAccess } from "#domain/guest-house-access/get-platform-access.query";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { moneyHarness, START, type MoneyHarness } from "./money-harness";

const user = { id: "student-1", email: "ngozi@example.cm", fullName: "Ngozi Ekane" };

async function payAccess(h: MoneyHarness) {
  const started = await startPayment(h.payments, {
    user,
    purchase: { kind: "guest_house_access", guestHouseId: null },
    method: "orange_money",
    phone: "699 12 34 56",
  });
  if (!started.ok) throw new Error(started.error.code);
  const payment = (await h.store.repos.payments.findByReference(started.value.reference))!;
  return { payment, transId: payment.providerTxId! };
}

describeEachDatabase(allDatabaseKinds())("guest-house access payments on %s", (kind) => {
  let h: MoneyHarness;
  beforeEach(async () => {
    h = await moneyHarness(kind);
  });
  afterEach(() => h.destroy());

  it("grants access once for five webhooks out of order (FAILED, three SUCCESSFUL at once, a late FAILED)", async () => {
    const { payment, transId } = await payAccess(h);
    expect(payment.amount).toBe(5000);
    expect(payment.type).toBe("guest_house_access");

    h.fake.setStatus(transId, "FAILED");
    expect(await handleWebhook(h.payments, { transId })).toMatchObject({ ok: true, value: { status: "failed" } });
    expect(await h.db.db.selectFrom("platform_fee_payments").selectAll().execute()).toHaveLength(0);
    h.fake.setStatus(transId, "SUCCESSFUL");
    const deliveries = await Promise.all([1, 2, 3].map(() => handleWebhook(h.payments, { transId })));
    for (const d of deliveries) expect(d).toMatchObject({ ok: true, value: { status: "successful" } });
    h.fake.setStatus(transId, "FAILED");
    expect(await handleWebhook(h.payments, { transId })).toMatchObject({ ok: true, value: { status: "successful" } });

    const rows = await h.db.db.selectFrom("platform_fee_payments").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: "student-1",
      payment_id: payment.id,
      amount: 5000,
      method: "orange_money",
      transaction_id: `TXN-GH-${payment.reference}`,
    });
    expect(Number(rows[0].is_valid)).toBe(1);
    expect(Date.parse(rows[0].expiry_date) - Date.parse(START)).toBe(14 * DAY_MS);
    const events = await h.store.repos.payments.listPaymentEvents(payment.id);
    expect(events.filter((e) => e.type === "webhook_received")).toHaveLength(5);
    expect(events.filter((e) => e.type === "succeeded")).toHaveLength(1);
    expect(events.find((e) => e.type === "succeeded")?.data).toMatchObject({ accessExpiresAt: rows[0].expiry_date });
  });

  it("a second payment while valid extends from the current expiry; 15 days after that the access has expired", async () => {
    const first = await payAccess(h);
    h.fake.setStatus(first.transId, "SUCCESSFUL");
    await handleWebhook(h.payments, { transId: first.transId });
    h.clock.advance(10 * DAY_MS);
    const second = await payAccess(h);
    h.fake.setStatus(second.transId, "SUCCESSFUL");
    await handleWebhook(h.payments, { transId: second.transId });

    const status = await getPlatformAccess({ platformAccess: h.store.repos.platformAccess, clock: h.clock }, "student-1");
    expect(status.active).toBe(true);
    expect(status.expiresAt!.getTime() - Date.parse(START)).toBe(28 * DAY_MS);
    h.clock.advance(18 * DAY_MS);
    expect((await getPlatformAccess({ platformAccess: h.store.repos.platformAccess, clock: h.clock }, "student-1")).active).toBe(false);
  });
});
