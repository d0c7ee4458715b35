import { afterEach, beforeEach, expect, it } from "vitest";
import { NOT_SENT } from "#domain/payment/payment-refund";
import { describeEachDatabase } from "../../support/test-database";
import { aPayment, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";
import type { PaymentRefund } from "#domain/payment/payment-refund";

const everything = (now: Date, failedAtStartSince: Date) => ({ now, failedAtStartSince, after: null, limit: 1000 });
const aRefund = (over: Partial<PaymentRefund> & { id: string; paymentId: string; paidByPaymentId: string }): PaymentRefund => ({
  userId: "student-1",
  amount: 8000,
  reason: "duplicate_purchase",
  status: "to_refund",
  ...NOT_SENT,
  createdAt: at(5),
  updatedAt: at(5),
  ...over,
});

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
    expect(await f.repos.payments.findById("p1")).toMatchObject({
      status: "successful",
      providerTxId: "TX1",
      checkoutUrl: "https://pay.test/TX1",
      confirmedAt: at(2),
      updatedAt: at(2),
      failureReason: null,
      amount: 8000,
    });
    await expect(f.repos.payments.updatePayment("nope", { status: "failed", updatedAt: at(3) })).rejects.toThrow();
  });

  it("keeps events in time order with their data", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1" }));
    await f.repos.payments.addPaymentEvent({ id: "e2", paymentId: "p1", type: "initiated", data: { transId: "TX1" }, createdAt: at(1) });
    await f.repos.payments.addPaymentEvent({
      id: "e1",
      paymentId: "p1",
      type: "created",
      data: { amount: 8000, nested: { ok: true } },
      createdAt: at(0),
    });
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
    await f.repos.payments.insertPayment(aPayment({ id: "p4", createdAt: at(3), status: "failed" })); // failed at initialisation, before the window
    await f.repos.payments.insertPayment(aPayment({ id: "p5", createdAt: at(4), status: "successful", providerTxId: "TX5" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p6", createdAt: at(4), status: "expired", providerTxId: "TX6" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p7", createdAt: at(60), providerTxId: "TX7" })); // after `now`
    expect((await f.repos.payments.listPaymentsToReconcile(everything(at(10), at(4)))).map((p) => p.id)).toEqual(["p2", "p3", "p1"]);
  });

  it("lists failed-at-start payments (no provider transaction) only when created after the given moment", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1", createdAt: at(1), status: "failed" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2", createdAt: at(3), status: "failed" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p3", createdAt: at(5), status: "failed" }));
    expect((await f.repos.payments.listPaymentsToReconcile(everything(at(10), at(2)))).map((p) => p.id)).toEqual(["p2", "p3"]);
    expect((await f.repos.payments.listPaymentsToReconcile(everything(at(10), at(5)))).map((p) => p.id)).toEqual([]);
  });

  it("reads the list in pages of at most `limit`, resuming after the cursor, ties broken by id", async () => {
    const ids = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"];
    // p2..p4 share one instant: the cursor must not skip or repeat any of them.
    const minute: Record<string, number> = { p1: 1, p2: 2, p3: 2, p4: 2, p5: 3, p6: 4, p7: 5 };
    for (const id of [...ids].reverse()) await f.repos.payments.insertPayment(aPayment({ id, createdAt: at(minute[id]) }));
    const seen: string[] = [];
    const pages: number[] = [];
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const page = await f.repos.payments.listPaymentsToReconcile({ now: at(10), failedAtStartSince: at(0), after, limit: 3 });
      pages.push(page.length);
      seen.push(...page.map((p) => p.id));
      const last = page.at(-1);
      if (!last || page.length < 3) break;
      after = { createdAt: last.createdAt, id: last.id };
    }
    expect(pages).toEqual([3, 3, 1]);
    expect(seen).toEqual(ids);
  });

  it("counts payments by status, for everyone or one user", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2", status: "successful" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p3", status: "successful", userId: "student-2" }));
    expect(await f.repos.payments.countByStatus()).toEqual({ pending: 1, successful: 2, failed: 0, expired: 0 });
    expect(await f.repos.payments.countByStatus("student-2")).toEqual({ pending: 0, successful: 1, failed: 0, expired: 0 });
  });

  // One open checkout per purpose, one payment per purchase (decision 0184).
  it("stores the purpose and the purchase", async () => {
    const p = aPayment({ id: "p1", purpose: "booking:b1", purchaseId: "booking:b1", bookingId: "b1", type: "student_rental" });
    await f.repos.payments.insertPayment(p);
    expect(await f.repos.payments.findById("p1")).toEqual(p);
  });

  it("lists a purpose's payments that may still take money: pending, and failed ones after the given moment, oldest first", async () => {
    const purpose = "unified_payment:student-1";
    await f.repos.payments.insertPayment(aPayment({ id: "p1", purpose, createdAt: at(3) }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2", purpose, createdAt: at(1), status: "failed", providerTxId: "TX2" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p3", purpose, createdAt: at(2), status: "failed" })); // before the moment
    await f.repos.payments.insertPayment(aPayment({ id: "p4", purpose, createdAt: at(4), status: "expired" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p5", purpose, createdAt: at(5), status: "successful" }));
    await f.repos.payments.insertPayment(
      aPayment({ id: "p6", purpose: "unified_payment:student-2", userId: "student-2", createdAt: at(1) }),
    );
    await f.repos.payments.insertPayment(aPayment({ id: "p7", purpose: null, createdAt: at(1) }));
    await f.repos.payments.insertPayment(aPayment({ id: "p8", purpose, createdAt: at(3) })); // same instant as p1: by id
    expect((await f.repos.payments.listOpenForPurpose(purpose, at(0))).map((p) => p.id)).toEqual(["p2", "p3", "p1", "p8"]);
    expect((await f.repos.payments.listOpenForPurpose(purpose, at(2))).map((p) => p.id)).toEqual(["p1", "p8"]);
    expect(await f.repos.payments.listOpenForPurpose("booking:none", at(0))).toEqual([]);
  });

  it("finds the payment that bought a purchase: successful, another one, not itself listed to refund, the oldest", async () => {
    const purchaseId = "p1";
    await f.repos.payments.insertPayment(aPayment({ id: "p1", purchaseId, status: "expired", createdAt: at(1) }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2", purchaseId, status: "pending", createdAt: at(2) }));
    await f.repos.payments.insertPayment(aPayment({ id: "p9", purchaseId: "other", status: "successful", createdAt: at(0) }));
    expect(await f.repos.payments.findPurchasePaidBy(purchaseId, "p2")).toBeNull();
    await f.repos.payments.insertPayment(aPayment({ id: "p3", purchaseId, status: "successful", createdAt: at(4) }));
    await f.repos.payments.insertPayment(aPayment({ id: "p4", purchaseId, status: "successful", createdAt: at(3) }));
    expect((await f.repos.payments.findPurchasePaidBy(purchaseId, "p2"))?.id).toBe("p4");
    // Not itself.
    expect((await f.repos.payments.findPurchasePaidBy(purchaseId, "p4"))?.id).toBe("p3");
    // A payment listed to refund bought nothing.
    await f.repos.payments.queueRefund(aRefund({ id: "r4", paymentId: "p4", paidByPaymentId: "p3" }));
    expect((await f.repos.payments.findPurchasePaidBy(purchaseId, "p2"))?.id).toBe("p3");
    expect(await f.repos.payments.findPurchasePaidBy(purchaseId, "p3")).toBeNull();
  });

  it("records one refund per payment and finds it", async () => {
    await f.repos.payments.insertPayment(aPayment({ id: "p1", status: "successful" }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2", status: "successful" }));
    const refund = aRefund({ id: "r1", paymentId: "p2", paidByPaymentId: "p1" });
    expect(await f.repos.payments.queueRefund(refund)).toBe("queued");
    expect(await f.repos.payments.queueRefund({ ...refund, id: "r2", amount: 1 })).toBe("already_queued");
    expect(await f.repos.payments.findRefund("p2")).toEqual(refund);
    expect(await f.repos.payments.findRefund("p1")).toBeNull();
    await expect(f.repos.payments.queueRefund(aRefund({ id: "r3", paymentId: "nope", paidByPaymentId: "p1" }))).rejects.toThrow();
  });

  it("makes a second holder of a purpose's lock wait until the first one's work ends, and rolls nothing back for it", async () => {
    const order: string[] = [];
    let locked: () => void = () => {};
    const firstHasIt = new Promise<void>((resolve) => (locked = resolve));
    const first = f.uow.run(async (repos) => {
      await repos.payments.lockPurpose("booking:b1");
      order.push("first locked");
      locked();
      await new Promise((resolve) => setTimeout(resolve, 150));
      order.push("first done");
    });
    await firstHasIt;
    const second = f.uow.run(async (repos) => {
      await repos.payments.lockPurpose("booking:b1");
      order.push("second locked");
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["first locked", "first done", "second locked"]);
    // Taken again later, the row is still there and still lockable.
    await f.uow.run((repos) => repos.payments.lockPurpose("booking:b1"));
  });

  it.runIf(kind !== "memory")("reads older synonyms in a purpose's open payments and a purchase's payer", async () => {
    const db = f.db!.db;
    const purpose = "booking:b1";
    await f.repos.payments.insertPayment(aPayment({ id: "p1", purpose, purchaseId: purpose, createdAt: at(1) }));
    await f.repos.payments.insertPayment(aPayment({ id: "p2", purpose, purchaseId: purpose, createdAt: at(2) }));
    await f.repos.payments.insertPayment(aPayment({ id: "p3", purpose, purchaseId: purpose, createdAt: at(3) }));
    await db.updateTable("payments").set({ payment_status: "processing" }).where("id", "=", "p1").execute();
    await db.updateTable("payments").set({ payment_status: " Rejected" }).where("id", "=", "p2").execute();
    await db.updateTable("payments").set({ payment_status: "completed" }).where("id", "=", "p3").execute();
    expect((await f.repos.payments.listOpenForPurpose(purpose, at(0))).map((p) => p.id)).toEqual(["p1", "p2"]);
    expect((await f.repos.payments.findPurchasePaidBy(purpose, "p1"))?.id).toBe("p3");
  });

  // Not on the in-memory adapter: the synonyms are stored rows written by older code, which only a
  // real table can hold (the in-memory store only ever holds our own statuses).
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
    expect((await f.repos.payments.listPaymentsToReconcile(everything(at(10), at(10)))).map((p) => p.id)).toEqual(["p3"]);
  });
});
