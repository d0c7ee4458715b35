// The admin's payments page reads: filters, newest-first pages, and the statistics by gateway,
// checked against figures computed here from the raw rows, with data at the edges (failed and
// expired payments, stored synonyms of a status, an empty gateway name, a gateway with no success).
import { afterEach, beforeEach, expect, it } from "vitest";
import { InMemoryPaymentLedger } from "#domain/payment/in-memory-payment-ledger";
import type { InMemoryPaymentRepository } from "#domain/payment/in-memory-payment-repository";
import type { GatewayStats, PaymentLedger } from "#domain/payment/payment-ledger.port";
import { normalisePaymentStatus, type PaymentStatus } from "#domain/payment/payment.entity";
import { KyselyPaymentLedger } from "#infrastructure/repositories/kysely-payment-ledger";
import { NOT_SENT } from "#domain/payment/payment-refund";
import { describeEachDatabase } from "../../support/test-database";
import { aPayment, at, createMoneyFixture, moneyKinds, type MoneyFixture } from "./money-fixtures";

interface Raw {
  id: string;
  gateway: string;
  status: string;
  amount: number;
}

describeEachDatabase(moneyKinds())("PaymentLedger on %s", (kind) => {
  let f: MoneyFixture;
  let ledger: PaymentLedger;
  let raw: () => Promise<Raw[]>;

  beforeEach(async () => {
    f = await createMoneyFixture(kind);
    for (const u of ["student-1", "student-2"]) await f.addUser(u);
    const rows: [string, string, PaymentStatus, number, number][] = [
      // id, gateway, status, amount, minutes after NOW
      ["p01", "fapshi", "successful", 8000, 1],
      ["p02", "fapshi", "successful", 5000, 2],
      ["p03", "fapshi", "failed", 8000, 3],
      ["p04", "fapshi", "expired", 8000, 4],
      ["p05", "fapshi", "pending", 8000, 5],
      ["p06", "simulated", "failed", 5000, 6],
      ["p07", "simulated", "expired", 1, 7],
      ["p08", "", "successful", 8000, 8],
      ["p09", "", "pending", 5000, 9],
      ["p10", "fapshi", "successful", 8000, 10],
    ];
    for (const [id, gateway, status, amount, minute] of rows) {
      await f.repos.payments.insertPayment(
        aPayment({
          id,
          gateway,
          status,
          amount,
          userId: id === "p02" ? "student-2" : "student-1",
          reference: `KN-${id}`,
          createdAt: at(minute),
          updatedAt: at(minute),
        }),
      );
    }
    if (f.db) {
      const db = f.db.db;
      // Older records and the provider's words: counted as their normalised status (SPEC §4).
      await db.updateTable("payments").set({ payment_status: "completed" }).where("id", "=", "p10").execute();
      await db.updateTable("payments").set({ payment_status: " REJECTED" }).where("id", "=", "p06").execute();
      await db.updateTable("payments").set({ payment_status: "Confirmed" }).where("id", "=", "p08").execute();
      await db.updateTable("payments").set({ payment_status: "processing" }).where("id", "=", "p09").execute();
      ledger = new KyselyPaymentLedger(db);
      raw = async () =>
        (await db.selectFrom("payments").select(["id", "payment_gateway", "payment_status", "amount"]).execute()).map((r) => ({
          id: r.id,
          gateway: r.payment_gateway,
          status: r.payment_status,
          amount: Number(r.amount),
        }));
    } else {
      const payments = f.repos.payments as InMemoryPaymentRepository;
      ledger = new InMemoryPaymentLedger(payments);
      raw = async () => payments.allPayments().map((p) => ({ id: p.id, gateway: p.gateway, status: p.status, amount: p.amount }));
    }
  });
  afterEach(() => f.destroy());

  it("computes the statistics by gateway as the raw rows add up", async () => {
    const expected = new Map<string, GatewayStats>();
    for (const r of await raw()) {
      const s = expected.get(r.gateway) ?? {
        gateway: r.gateway,
        count: 0,
        amount: 0,
        successfulCount: 0,
        successfulAmount: 0,
        failedCount: 0,
        expiredCount: 0,
        pendingCount: 0,
      };
      const status = normalisePaymentStatus(r.status);
      s.count += 1;
      s.amount += r.amount;
      if (status === "successful") {
        s.successfulCount += 1;
        s.successfulAmount += r.amount;
      }
      if (status === "failed") s.failedCount += 1;
      if (status === "expired") s.expiredCount += 1;
      if (status === "pending") s.pendingCount += 1;
      expected.set(r.gateway, s);
    }
    const stats = await ledger.statsByGateway();
    expect(new Map(stats.map((s) => [s.gateway, s]))).toEqual(expected);
    // The edges, written out: the empty gateway, a gateway with nothing taken.
    expect(stats.find((s) => s.gateway === "")).toEqual({
      gateway: "",
      count: 2,
      amount: 13000,
      successfulCount: 1,
      successfulAmount: 8000,
      failedCount: 0,
      expiredCount: 0,
      pendingCount: 1,
    });
    expect(stats.find((s) => s.gateway === "simulated")).toEqual({
      gateway: "simulated",
      count: 2,
      amount: 5001,
      successfulCount: 0,
      successfulAmount: 0,
      failedCount: 1,
      expiredCount: 1,
      pendingCount: 0,
    });
    expect(stats.find((s) => s.gateway === "fapshi")).toMatchObject({
      count: 6,
      amount: 45000,
      successfulCount: 3,
      successfulAmount: 21000,
      failedCount: 1,
      expiredCount: 1,
      pendingCount: 1,
    });
  });

  it("answers no statistics when there is no payment", async () => {
    const empty = f.db ? new KyselyPaymentLedger(f.db.db) : null;
    if (empty) {
      await f.db!.db.deleteFrom("payment_events").execute();
      await f.db!.db.deleteFrom("payments").execute();
      expect(await empty.statsByGateway()).toEqual([]);
    } else {
      const fresh = await createMoneyFixture("memory");
      expect(await new InMemoryPaymentLedger(fresh.repos.payments as InMemoryPaymentRepository).statsByGateway()).toEqual([]);
    }
  });

  it("lists newest first, filtered by status (synonyms included), type and gateway, with limit and offset", async () => {
    const all = await ledger.list({ limit: 4, offset: 0, countLimit: 100 });
    expect(all.total).toBe(10);
    expect(all.items.map((p) => p.id)).toEqual(["p10", "p09", "p08", "p07"]);
    expect((await ledger.list({ limit: 4, offset: 8, countLimit: 100 })).items.map((p) => p.id)).toEqual(["p02", "p01"]);
    const successful = await ledger.list({ status: "successful", limit: 10, offset: 0, countLimit: 100 });
    expect(successful.items.map((p) => p.id)).toEqual(["p10", "p08", "p02", "p01"]);
    expect(successful.items.every((p) => p.status === "successful")).toBe(true);
    expect((await ledger.list({ status: "failed", limit: 10, offset: 0, countLimit: 100 })).items.map((p) => p.id)).toEqual(["p06", "p03"]);
    expect((await ledger.list({ status: "pending", limit: 10, offset: 0, countLimit: 100 })).items.map((p) => p.id)).toEqual([
      "p09",
      "p05",
    ]);
    expect(
      (await ledger.list({ status: "expired", gateway: "simulated", limit: 10, offset: 0, countLimit: 100 })).items.map((p) => p.id),
    ).toEqual(["p07"]);
    expect((await ledger.list({ gateway: "", limit: 10, offset: 0, countLimit: 100 })).total).toBe(2);
    expect((await ledger.list({ type: "test_payment", limit: 10, offset: 0, countLimit: 100 })).total).toBe(0);
    expect((await ledger.list({ type: "unified_payment", gateway: "fapshi", limit: 2, offset: 0, countLimit: 100 })).total).toBe(6);
    // The count stops at countLimit (from the first match, whatever the page), filters kept.
    expect((await ledger.list({ limit: 1, offset: 0, countLimit: 4 })).total).toBe(4);
    expect((await ledger.list({ limit: 1, offset: 5, countLimit: 7 })).total).toBe(7);
    expect((await ledger.list({ limit: 1, offset: 0, countLimit: 11 })).total).toBe(10);
    expect((await ledger.list({ gateway: "fapshi", limit: 1, offset: 0, countLimit: 5 })).total).toBe(5);
    expect((await ledger.list({ status: "failed", limit: 1, offset: 0, countLimit: 5 })).total).toBe(2);
  });

  it("lists the payments to refund on their own, marks them in every list, and counts them (decision 0184)", async () => {
    expect(await ledger.countRefunds("to_refund")).toBe(0);
    expect((await ledger.list({ refund: "to_refund", limit: 10, offset: 0, countLimit: 100 })).items).toEqual([]);
    for (const [id, paymentId, paidBy, minute] of [
      ["r1", "p02", "p01", 20],
      ["r2", "p08", "p10", 21],
    ] as const) {
      await f.repos.payments.queueRefund({
        id,
        paymentId,
        userId: paymentId === "p02" ? "student-2" : "student-1",
        amount: 8000,
        reason: "duplicate_purchase",
        paidByPaymentId: paidBy,
        status: "to_refund",
        ...NOT_SENT,
        createdAt: at(minute),
        updatedAt: at(minute),
      });
    }
    expect(await ledger.countRefunds("to_refund")).toBe(2);
    const toRefund = await ledger.list({ refund: "to_refund", limit: 10, offset: 0, countLimit: 100 });
    expect(toRefund.total).toBe(2);
    // Newest payment first, as every list of the ledger.
    expect(toRefund.items.map((p) => [p.id, p.refundStatus])).toEqual([
      ["p08", "to_refund"],
      ["p02", "to_refund"],
    ]);
    expect(
      (await ledger.list({ refund: "to_refund", gateway: "fapshi", limit: 10, offset: 0, countLimit: 100 })).items.map((p) => p.id),
    ).toEqual(["p02"]);
    expect((await ledger.list({ refund: "to_refund", limit: 1, offset: 1, countLimit: 100 })).items.map((p) => p.id)).toEqual(["p02"]);
    const page = await ledger.list({ limit: 10, offset: 0, countLimit: 100 });
    expect(page.total).toBe(10);
    expect(page.items.filter((p) => p.refundStatus !== null).map((p) => p.id)).toEqual(["p08", "p02"]);
    expect(page.items.find((p) => p.id === "p01")?.refundStatus).toBeNull();
  });
});
