// The simulated disbursement provider (issue 34): payouts kept in the database, a 2 s processing
// step, a number ending in 000 fails, found again by our reference, the balance goes down.
import { afterEach, beforeEach, expect, it } from "vitest";
import { FixedClock } from "#domain/shared/clock";
import { PaymentGatewayError } from "#domain/payment/payment-gateway.port";
import type { SendPayoutRequest } from "#domain/payout/disbursement-gateway.port";
import {
  SIMULATED_PAYOUT_FAILURE_REASON,
  SIMULATED_PAYOUT_PROCESSING_MS,
  SimulatedDisbursements,
} from "#infrastructure/payments/simulated-disbursements";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

const request: SendPayoutRequest = {
  reference: "po-1",
  amount: 10000,
  phone: "670000001",
  medium: "mtn_momo",
  name: "Ada Agent",
  userId: "agent-1",
  message: "KamerNest commissions",
};

describeEachDatabase(allDatabaseKinds())("SimulatedDisbursements on %s", (kind) => {
  let db: TestDatabase;
  let clock: FixedClock;
  let gateway: SimulatedDisbursements;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
    clock = new FixedClock(new Date("2026-11-30T08:00:00Z"));
    gateway = new SimulatedDisbursements({ db: db.db, clock, startingBalance: 50_000 });
  });
  afterEach(() => db.destroy());

  it("keeps a payout pending for the processing step, then pays it", async () => {
    const { transId } = await gateway.send(request);
    expect(await gateway.status(transId)).toEqual({ transId, status: "pending", amount: 10000, externalId: "po-1", reason: null });
    clock.advance(SIMULATED_PAYOUT_PROCESSING_MS - 1);
    expect((await gateway.status(transId)).status).toBe("pending");
    clock.advance(1);
    expect((await gateway.status(transId)).status).toBe("successful");
    expect(await gateway.balance()).toBe(40_000);
  });

  it("fails a payout to a number ending in 000, with a reason, and gives the balance back", async () => {
    const { transId } = await gateway.send({ ...request, phone: "670001000" });
    clock.advance(SIMULATED_PAYOUT_PROCESSING_MS);
    expect(await gateway.status(transId)).toMatchObject({ status: "failed", reason: SIMULATED_PAYOUT_FAILURE_REASON });
    expect(await gateway.balance()).toBe(50_000);
  });

  it("finds a payout by our reference for its payee only; refuses what Fapshi refuses", async () => {
    const { transId } = await gateway.send(request);
    expect(await gateway.findByReference({ reference: "po-1", userId: "agent-1" })).toMatchObject({ transId });
    expect(await gateway.findByReference({ reference: "po-1", userId: "agent-2" })).toBeNull();
    await expect(gateway.send({ ...request, amount: 99 })).rejects.toBeInstanceOf(PaymentGatewayError);
    await expect(gateway.send({ ...request, phone: "22212345" })).rejects.toMatchObject({ kind: "rejected" });
    await expect(gateway.status("NOPE")).rejects.toMatchObject({ httpStatus: 404 });
  });
});
