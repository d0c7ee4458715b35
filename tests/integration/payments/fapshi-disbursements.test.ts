// The Fapshi disbursement adapter against the fake Fapshi (issue 34): request for request as the
// official SDK sends them, the statuses read back, and a payout whose answer timed out found by
// our reference (externalId) rather than sent again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentGatewayError } from "#domain/payment/payment-gateway.port";
import type { SendPayoutRequest } from "#domain/payout/disbursement-gateway.port";
import { InMemoryPayoutStore, inMemoryPayoutUnitOfWork } from "#domain/payout/in-memory-payout-store";
import { SEND_CLAIM_STALE_MS } from "#domain/payout/payout.entity";
import { reconcilePayouts, runPayouts } from "#domain/payout/run-payouts.use-case";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { FapshiDisbursements } from "#infrastructure/payments/fapshi-disbursements";
import { startFakeFapshi, type FakeFapshiServer } from "../../support/fake-fapshi-server";

const payout: SendPayoutRequest = {
  reference: "9f8e7d6c-5b4a-4321-8fed-cba987654321",
  amount: 10000,
  phone: "670000000",
  medium: "mtn_momo",
  name: "Ada Agent",
  userId: "4b3c5a9e-2f1d-4c8e-9a7b-1d2e3f4a5b6c",
  message: "KamerNest commissions",
};

async function failure(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentGatewayError) return error;
    throw error;
  }
  throw new Error("expected a PaymentGatewayError");
}

describe("the Fapshi disbursement adapter against a fake Fapshi", () => {
  let fake: FakeFapshiServer;
  let gateway: FapshiDisbursements;
  beforeAll(async () => {
    fake = await startFakeFapshi({ apiUser: "payout-user", apiKey: "payout-key" });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.mode = "normal";
    fake.endpointModes.clear();
    fake.lateAnswerMs.clear();
    fake.delayMs = 0;
    fake.requests.length = 0;
    fake.transactions.clear();
    gateway = new FapshiDisbursements({ baseUrl: fake.url, apiUser: "payout-user", apiKey: "payout-key", timeoutMs: 1000 });
  });

  it("reads the balance with GET /balance, the payout credentials as headers and no body", async () => {
    fake.balance = 123_456;
    expect(await gateway.balance()).toBe(123_456);
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/balance", body: undefined });
    expect(fake.requests[0].headers).toMatchObject({ apiuser: "payout-user", apikey: "payout-key", "content-type": "application/json" });
  });

  it("sends POST /payout with a JSON body carrying our reference as externalId", async () => {
    const { transId } = await gateway.send(payout);
    expect(fake.requests[0]).toMatchObject({ method: "POST", path: "/payout" });
    expect(fake.requests[0].body).toEqual({
      amount: 10000,
      phone: "670000000",
      medium: "mobile money",
      name: "Ada Agent",
      userId: payout.userId,
      externalId: payout.reference,
      message: "KamerNest commissions",
    });
    await gateway.send({ ...payout, medium: "orange_money", phone: "690000000" });
    expect((fake.requests[1].body as { medium: string }).medium).toBe("orange money");
    expect(await gateway.status(transId)).toEqual({
      transId,
      status: "pending",
      amount: 10000,
      externalId: payout.reference,
      reason: null,
    });
  });

  it("reads SUCCESSFUL and FAILED (with the reason) from GET /payment-status, wrapped in an array or not", async () => {
    const { transId } = await gateway.send(payout);
    fake.setStatus(transId, "SUCCESSFUL");
    expect((await gateway.status(transId)).status).toBe("successful");
    fake.patch(transId, { status: "FAILED", reason: "Receiver account not found" });
    fake.wrapStatusInArray = true;
    expect(await gateway.status(transId)).toMatchObject({ status: "failed", reason: "Receiver account not found" });
    fake.wrapStatusInArray = false;
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/payment-status/${transId}`, body: undefined });
  });

  it("turns refusals, wrong credentials, 5xx, garbage and timeouts into typed errors", async () => {
    expect(await failure(gateway.send({ ...payout, phone: "12345" }))).toMatchObject({
      kind: "rejected",
      httpStatus: 400,
      message: "invalid phone number",
    });
    expect(await failure(gateway.send({ ...payout, amount: 50 }))).toMatchObject({ kind: "rejected", httpStatus: 400 });
    const wrong = new FapshiDisbursements({ baseUrl: fake.url, apiUser: "payout-user", apiKey: "collection-key" });
    expect(await failure(wrong.balance())).toMatchObject({ kind: "rejected", httpStatus: 403 });
    fake.endpointModes.set("/payout", "error500");
    expect(await failure(gateway.send(payout))).toMatchObject({ kind: "server_error" });
    fake.endpointModes.set("/balance", "garbage");
    expect(await failure(gateway.balance())).toMatchObject({ kind: "invalid_response" });
    fake.endpointModes.clear();
    fake.lateAnswerMs.set("/payout", 1500);
    expect(await failure(gateway.send(payout))).toMatchObject({ kind: "timeout" });
  });

  it("finds a payout by our reference among the payee's transactions, or none", async () => {
    expect(await gateway.findByReference({ reference: payout.reference, userId: payout.userId })).toBeNull();
    const { transId } = await gateway.send(payout);
    await gateway.send({ ...payout, reference: "another-reference" });
    expect(await gateway.findByReference({ reference: payout.reference, userId: payout.userId })).toMatchObject({
      transId,
      externalId: payout.reference,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/transaction/${payout.userId}` });
  });

  it("a payout whose request timed out after reaching Fapshi is found by externalId, never sent twice", async () => {
    const store = new InMemoryPayoutStore();
    await store.saveNumber({ agentId: payout.userId, phone: "670000000", medium: "mtn_momo", updatedAt: new Date(0) });
    store.addEarning({ id: "e1", agentId: payout.userId, amount: 5000, date: new Date("2026-11-29T10:00:00Z"), status: "pending" });
    const clock = new FixedClock(new Date("2026-11-30T08:00:00Z"));
    const deps = { uow: inMemoryPayoutUnitOfWork(store), gateway, clock, ids: new SequentialIds("po") };
    // Fapshi carries the payout out at once, but its answer leaves after our timeout.
    fake.lateAnswerMs.set("/payout", 1500);
    const run = await runPayouts(deps, { actorId: null, cutOff: clock.now() });
    if (!run.ok) throw new Error(run.error.code);
    const [lost] = run.value.payouts;
    expect(lost).toMatchObject({ status: "pending", transId: null });
    fake.lateAnswerMs.clear();
    clock.advance(SEND_CLAIM_STALE_MS);
    const tx = fake.transactionByExternalId(lost.id)!;
    fake.setStatus(tx.transId, "SUCCESSFUL");
    const report = await reconcilePayouts(deps, null);
    expect(report.outcomes[lost.id]).toBe("successful");
    expect(fake.requests.filter((r) => r.path === "/payout")).toHaveLength(1);
    expect(await store.findById(lost.id)).toMatchObject({ status: "successful", transId: tx.transId });
    expect(store.earning("e1")).toMatchObject({ status: "paid", payoutReference: tx.transId });
  });
});
