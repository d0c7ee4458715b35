// The refund writes of decision 0219 on the in-memory store, SQLite and PostgreSQL: one refund per
// payment, each state change a conditional write (a second claim or settle changes nothing), the
// send claim, and what a refund withdraws (a subscription's periods moved, an access ended).
import { afterEach, beforeEach, expect, it } from "vitest";
import { DAY_MS } from "#domain/shared/clock";
import type { PaymentRefund } from "#domain/payment/payment-refund";
import { describeEachDatabase } from "../../support/test-database";
import { aPayment, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

const aRefund = (over: Partial<PaymentRefund> & { id: string; paymentId: string }): PaymentRefund => ({
  userId: "student-1",
  amount: 8000,
  reason: "admin",
  paidByPaymentId: null,
  status: "pending",
  createdAt: at(5),
  updatedAt: at(5),
  note: "Charged by mistake",
  keepAccess: false,
  requestedBy: "admin-1",
  phone: "677123456",
  medium: "mtn_momo",
  attempt: 1,
  transId: null,
  failureReason: null,
  sendClaimedAt: at(5),
  ...over,
});

const claim = (minute: number, attempt: number) => ({
  note: "Again",
  keepAccess: true,
  requestedBy: "admin-1",
  phone: "691000000",
  medium: "orange_money" as const,
  attempt,
  sendClaimedAt: at(minute),
  updatedAt: at(minute),
});

describeEachDatabase(moneyKinds())("Refund writes on %s", (kind) => {
  let f: MoneyFixture;
  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    await f.addUser("student-1");
    await f.addUser("admin-1");
    for (const id of ["p1", "p2", "p3"]) await f.repos.payments.insertPayment(aPayment({ id, status: "successful" }));
  });
  afterEach(() => f.destroy());

  it("starts one refund per payment, with every field read back", async () => {
    const refund = aRefund({ id: "r1", paymentId: "p1" });
    expect(await f.repos.payments.insertRefund(refund)).toBe(true);
    expect(await f.repos.payments.insertRefund({ ...refund, id: "r2" })).toBe(false);
    expect(await f.repos.payments.findRefund("p1")).toEqual(refund);
  });

  it("claims a duplicate waiting or a failed refund once, clearing the last attempt", async () => {
    await f.repos.payments.queueRefund(
      aRefund({ id: "r1", paymentId: "p2", reason: "duplicate_purchase", paidByPaymentId: "p1", status: "to_refund" }),
    );
    expect(await f.repos.payments.claimRefund("p2", "failed", claim(6, 1))).toBe(false);
    expect(await f.repos.payments.claimRefund("p2", "to_refund", claim(6, 1))).toBe(true);
    expect(await f.repos.payments.claimRefund("p2", "to_refund", claim(7, 1))).toBe(false);
    expect(await f.repos.payments.findRefund("p2")).toMatchObject({
      status: "pending",
      reason: "duplicate_purchase",
      paidByPaymentId: "p1",
      note: "Again",
      keepAccess: true,
      phone: "691000000",
      medium: "orange_money",
      sendClaimedAt: at(6),
    });
    await f.repos.payments.recordRefundTransId("p2", "TX1", at(7));
    expect(await f.repos.payments.settleRefund("p2", { status: "failed", reason: "Account closed" }, at(8))).toBe(true);
    expect(await f.repos.payments.findRefund("p2")).toMatchObject({ status: "failed", failureReason: "Account closed", transId: "TX1" });
    expect(await f.repos.payments.claimRefund("p2", "failed", claim(9, 2))).toBe(true);
    expect(await f.repos.payments.findRefund("p2")).toMatchObject({ status: "pending", attempt: 2, transId: null, failureReason: null });
  });

  it("settles a pending refund once and lists only pending ones, oldest first", async () => {
    await f.repos.payments.insertRefund(aRefund({ id: "r1", paymentId: "p1", createdAt: at(2) }));
    await f.repos.payments.insertRefund(aRefund({ id: "r2", paymentId: "p2", createdAt: at(1) }));
    await f.repos.payments.insertRefund(aRefund({ id: "r3", paymentId: "p3", createdAt: at(0), status: "succeeded" }));
    expect((await f.repos.payments.listPendingRefunds()).map((r) => r.id)).toEqual(["r2", "r1"]);
    expect(await f.repos.payments.settleRefund("p1", { status: "succeeded" }, at(9))).toBe(true);
    expect(await f.repos.payments.settleRefund("p1", { status: "failed", reason: "late" }, at(10))).toBe(false);
    expect(await f.repos.payments.findRefund("p1")).toMatchObject({ status: "succeeded", failureReason: null, updatedAt: at(9) });
    expect((await f.repos.payments.listPendingRefunds()).map((r) => r.id)).toEqual(["r2"]);
  });

  it("takes the send claim only when no fresh claim and no provider transaction", async () => {
    await f.repos.payments.insertRefund(aRefund({ id: "r1", paymentId: "p1", sendClaimedAt: at(5) }));
    expect(await f.repos.payments.claimRefundSend("p1", at(6), at(4))).toBe(false); // claimed at 5, after 4: fresh
    expect(await f.repos.payments.claimRefundSend("p1", at(8), at(5))).toBe(true);
    expect(await f.repos.payments.claimRefundSend("p1", at(8), at(7))).toBe(false);
    await f.repos.payments.recordRefundTransId("p1", "TX9", at(9));
    expect(await f.repos.payments.findRefund("p1")).toMatchObject({ transId: "TX9", sendClaimedAt: null });
    expect(await f.repos.payments.claimRefundSend("p1", at(20), at(19))).toBe(false);
  });

  it("lists a user's subscription periods in order and moves one", async () => {
    const period = (id: string, paymentId: string, start: number) => ({
      id,
      userId: "student-1",
      paymentId,
      startsAt: new Date(at(0).getTime() + start * DAY_MS),
      endsAt: new Date(at(0).getTime() + (start + 14) * DAY_MS),
      createdAt: at(0),
    });
    await f.repos.subscriptions.insertSubscription(period("s2", "p2", 14));
    await f.repos.subscriptions.insertSubscription(period("s1", "p1", 0));
    expect((await f.repos.subscriptions.listForUser("student-1")).map((s) => s.id)).toEqual(["s1", "s2"]);
    expect(await f.repos.subscriptions.listForUser("student-2")).toEqual([]);
    await f.repos.subscriptions.setPeriod("s2", { startsAt: at(0), endsAt: new Date(at(0).getTime() + 14 * DAY_MS) });
    expect(await f.repos.subscriptions.latestSubscriptionEnd("student-1")).toEqual(new Date(at(0).getTime() + 14 * DAY_MS));
    await expect(f.repos.subscriptions.setPeriod("nope", { startsAt: at(0), endsAt: at(1) })).rejects.toThrow();
  });

  it("ends the access a payment bought, once", async () => {
    await f.repos.platformAccess.insert({
      id: "a1",
      userId: "student-1",
      paymentId: "p1",
      amount: 5000,
      paymentDate: at(0),
      expiryDate: new Date(at(0).getTime() + 14 * DAY_MS),
      isValid: true,
      transactionId: "TXN-GH-PAY-P1",
      method: "mtn_momo",
    });
    expect(await f.repos.platformAccess.invalidateForPayment("p2")).toBe(false);
    expect(await f.repos.platformAccess.invalidateForPayment("p1")).toBe(true);
    expect(await f.repos.platformAccess.invalidateForPayment("p1")).toBe(false);
    expect((await f.repos.platformAccess.findByPaymentId("p1"))?.isValid).toBe(false);
  });
});
