import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import { aPayment, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

describeEachDatabase(moneyKinds())("PaymentRepository on %s", (kind) => {
  let f: MoneyFixture;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    await f.addUser("student-2");
  });
  afterEach(() => f.destroy());

  it("stores a payment and finds it by id, reference and provider transaction", async () => {
    const p = aPayment({ id: "p1", providerTxId: "TX1", checkoutUrl: "https://pay.test/TX1", bookingId: "b1", type: "student_rental" });
    await f.repos.payments.insertPayment(p);
    expect(await f.repos.payments.findById("p1")).toEqual(p);
    expect(await f.repos.payments.findByReference(p.reference)).toEqual(p);
    expect(await f.repos.payments.findByProviderTxId("TX1")).toEqual(p);
    expect(await f.repos.payments.lockById("p1")).toEqual(p);
    expect(await f.repos.payments.findByProviderTxId("TX2")).toBeNull();
    expect(await f.repos.payments.lockById("nope")).toBeNull();
  });

  it("refuses a second payment with the same reference", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1", reference: "PAY-SAME22" }));
    await expect(f.repos.payments.insertPayment(aPayment({ id: "p2", reference: "PAY-SAME22" }))).rejects.toThrow();
  });

  it("updates only the fields given", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1" }));
    await f.repos.payments.updatePayment("p1", { providerTxId: "TX1", checkoutUrl: "https://pay.test/TX1", updatedAt: at(1) });
    await f.repos.payments.updatePayment("p1", { status: "successful", confirmedAt: at(2), updatedAt: at(2) });
    expect(await f.repos.payments.findById("p1")).toMatchObject({ status: "successful", providerTxId: "TX1", checkoutUrl: "https://pay.test/TX1", confirmedAt: at(2), updatedAt: at(2), failureReason: null, amount: 8000 });
    await expect(f.repos.payments.updatePayment("nope", { status: "failed", updatedAt: at(3) })).rejects.toThrow();
  });

  it("keeps events in time order with their data", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1" }));
    await f.repos.payments.addPaymentEvent({ id: "e2", paymentId: "p1", type: "initiated", data: { transId: "TX1" }, createdAt: at(1) });
    await f.repos.payments.addPaymentEvent({ id: "e1", paymentId: "p1", type: "created", data: { amount: 8000, nested: { ok: true } }, createdAt: at(0) });
    expect(await f.repos.payments.listPaymentEvents("p1")).toEqual([
      { id: "e1", paymentId: "p1", type: "created", data: { amount: 8000, nested: { ok: true } }, createdAt: at(0) },
      { id: "e2", paymentId: "p1", type: "initiated", data: { transId: "TX1" }, createdAt: at(1) },
    ]);
    expect(await f.repos.payments.listPaymentEvents("nope")).toEqual([]);
  });

  it("lists pending payments and failed ones that reached the provider, oldest first", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1", createdAt: at(5), providerTxId: "TX1" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2", createdAt: at(1) }));
    await f.repos.payments.insertPayment(aPayment({ id: "p3", createdAt: at(2), status: "failed", providerTxId: "TX3" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p4", createdAt: at(3), status: "failed" })); // failed at initialisation: final
    await f.repos.payments.insertPayment(aPayment({ id: "p5", createdAt: at(4), status: "successful", providerTxId: "TX5" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p6", createdAt: at(4), status: "expired", providerTxId: "TX6" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p7", createdAt: at(60), providerTxId: "TX7" })); // after `now`
    expect((await f.repos.payments.listPaymentsToReconcile(at(10))).map((p) => p.id)).toEqual(["p2", "p3", "p1"]);
  });

  it("counts payments by status, for everyone or one user", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2", status: "successful" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p3", status: "successful", userId: "student-2" }));
    expect(await f.repos.payments.countByStatus()).toEqual({ pending: 1, successful: 2, failed: 0, expired: 0 });
    expect(await f.repos.payments.countByStatus("student-2")).toEqual({ pending: 0, successful: 1, failed: 0, expired: 0 });
  });

  it.runIf(kind !== "memory")("reads older synonyms (completed, confirmed, rejected) as our statuses", async () => {
    const db = f.db!.db;
    await f.repos.payments.insertPayment(aPayment({ id: "p1" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p3" }));
    await db.updateTable("payments").set({ payment_status: "completed" }).where("id", "=", "p1").execute();
    await db.updateTable("payments").set({ payment_status: "confirmed" }).where("id", "=", "p2").execute();
    await db.updateTable("payments").set({ payment_status: "rejected", provider_tx_id: "TX3" }).where("id", "=", "p3").execute();
    expect((await f.repos.payments.findById("p1"))?.status).toBe("successful");
    expect((await f.repos.payments.findById("p2"))?.status).toBe("successful");
    expect((await f.repos.payments.findById("p3"))?.status).toBe("failed");
    expect(await f.repos.payments.countByStatus()).toEqual({ pending: 0, successful: 2, failed: 1, expired: 0 });
    expect((await f.repos.payments.listPaymentsToReconcile(at(10))).map((p) => p.id)).toEqual(["p3"]);
  });
});
