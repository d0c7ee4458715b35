import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FapshiPaymentGateway } from "#infrastructure/payments/fapshi-payment-gateway";
import { webhookSecretMatches } from "#infrastructure/payments/webhook-secret";
import { PaymentGatewayError, type InitiatePaymentRequest } from "#domain/payment/payment-gateway.port";
import { startFakeFapshi, type FakeFapshiServer } from "../../support/fake-fapshi-server";

const request: InitiatePaymentRequest = {
  amount: 8000,
  reference: "PAY-7F3K9Q",
  userId: "4b3c5a9e-2f1d-4c8e-9a7b-1d2e3f4a5b6c",
  email: "ngozi@example.cm",
  customerName: "Ngozi Ekane",
  phone: "677123456",
  method: "mtn_momo",
  message: "KamerNest visit booking KN-7F3K9Q",
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

describe("the Fapshi gateway against a fake Fapshi", () => {
  let fake: FakeFapshiServer;
  let gateway: FapshiPaymentGateway;
  beforeAll(async () => {
    fake = await startFakeFapshi();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.mode = "normal";
    fake.endpointModes.clear();
    fake.delayMs = 0;
    fake.wrapStatusInArray = false;
    fake.requests.length = 0;
    gateway = new FapshiPaymentGateway({
      baseUrl: fake.url,
      apiUser: fake.apiUser,
      apiKey: fake.apiKey,
      appUrl: "https://kamernest.test/",
      timeoutMs: 2000,
    });
  });

  it("initiates a hosted checkout with our reference as externalId and a return URL on the app", async () => {
    const result = await gateway.initiate(request);
    expect(result.checkoutUrl).toBe(`${fake.url}/checkout/${result.transId}`);
    const sent = fake.requests[0];
    expect(sent).toMatchObject({ method: "POST", path: "/initiate-pay" });
    expect(sent.headers).toMatchObject({ apiuser: fake.apiUser, apikey: fake.apiKey });
    expect(sent.body).toEqual({
      amount: 8000,
      email: "ngozi@example.cm",
      userId: request.userId,
      externalId: "PAY-7F3K9Q",
      message: request.message,
      redirectUrl: "https://kamernest.test/payment-success?ref=PAY-7F3K9Q",
    });
  });

  it("pushes to the phone with direct-pay when configured, sending the provider's medium and nine digits", async () => {
    const direct = new FapshiPaymentGateway({
      baseUrl: fake.url,
      apiUser: fake.apiUser,
      apiKey: fake.apiKey,
      appUrl: "https://kamernest.test",
      directPay: true,
    });
    const result = await direct.initiate({ ...request, method: "orange_money", phone: "699001122" });
    expect(result.checkoutUrl).toBe("https://kamernest.test/payment-success?ref=PAY-7F3K9Q");
    expect(fake.requests[0]).toMatchObject({
      path: "/direct-pay",
      body: { phone: "699001122", medium: "orange money", name: "Ngozi Ekane", amount: 8000 },
    });
    expect((await direct.getStatus(result.transId)).status).toBe("pending");
    // A direct payment has no link to expire: it is answered as it stands, still open.
    fake.requests.length = 0;
    expect(await direct.expire(result.transId)).toMatchObject({ transId: result.transId, status: "pending" });
    expect(fake.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", "/expire-pay", { transId: result.transId }],
      ["GET", `/payment-status/${result.transId}`, undefined],
    ]);
  });

  it("finds a transaction by our reference among the user's transactions, and none when there is none", async () => {
    const first = await gateway.initiate(request);
    const other = await gateway.initiate({ ...request, reference: "PAY-OTHER1" });
    fake.setStatus(first.transId, "SUCCESSFUL");
    expect(await gateway.findByReference({ reference: "PAY-7F3K9Q", userId: request.userId })).toMatchObject({
      transId: first.transId,
      status: "successful",
      externalId: "PAY-7F3K9Q",
      amount: 8000,
    });
    expect(await gateway.findByReference({ reference: "PAY-OTHER1", userId: request.userId })).toMatchObject({
      transId: other.transId,
      status: "pending",
    });
    expect(await gateway.findByReference({ reference: "PAY-NEVER0", userId: request.userId })).toBeNull();
    expect(await gateway.findByReference({ reference: "PAY-7F3K9Q", userId: "someone-else" })).toBeNull();
    expect(fake.requests.filter((r) => r.method === "GET" && r.path === `/transaction/${request.userId}`)).toHaveLength(3);
    fake.endpointModes.set("/transaction", "garbage");
    expect((await failure(gateway.findByReference({ reference: "PAY-7F3K9Q", userId: request.userId }))).kind).toBe("invalid_response");
  });

  it("reads the status as an object or wrapped in an array, mapping Fapshi's statuses", async () => {
    const { transId } = await gateway.initiate(request);
    expect(await gateway.getStatus(transId)).toEqual({
      transId,
      status: "pending",
      amount: 8000,
      externalId: "PAY-7F3K9Q",
      userId: request.userId,
      reason: null,
    });
    fake.wrapStatusInArray = true;
    for (const [theirs, ours] of [
      ["PENDING", "pending"],
      ["SUCCESSFUL", "successful"],
      ["FAILED", "failed"],
      ["EXPIRED", "expired"],
    ] as const) {
      fake.setStatus(transId, theirs);
      expect((await gateway.getStatus(transId)).status).toBe(ours);
    }
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/payment-status/${transId}` });
  });

  it("expires a link with one POST /expire-pay, as the SDK sends it", async () => {
    const { transId } = await gateway.initiate(request);
    fake.requests.length = 0;
    expect(await gateway.expire(transId)).toEqual({
      transId,
      status: "expired",
      amount: 8000,
      externalId: "PAY-7F3K9Q",
      userId: request.userId,
      reason: null,
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: "POST", path: "/expire-pay", body: { transId } });
    expect(fake.requests[0].headers).toMatchObject({ apiuser: fake.apiUser, apikey: fake.apiKey, "content-type": "application/json" });
    expect(fake.transactions.get(transId)?.status).toBe("EXPIRED");
  });

  it("answers 400 'Link already expired' with the transaction as it stands, read from payment-status", async () => {
    const { transId } = await gateway.initiate(request);
    await gateway.expire(transId);
    fake.requests.length = 0;
    expect(await gateway.expire(transId)).toMatchObject({ transId, status: "expired" });
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/expire-pay"],
      ["GET", `/payment-status/${transId}`],
    ]);
  });

  it("reports a link paid before it could be expired as successful: the money was taken", async () => {
    const { transId } = await gateway.initiate(request);
    fake.setStatus(transId, "SUCCESSFUL");
    fake.requests.length = 0;
    expect(await gateway.expire(transId)).toMatchObject({ transId, status: "successful", amount: 8000 });
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/expire-pay"],
      ["GET", `/payment-status/${transId}`],
    ]);
    expect(fake.transactions.get(transId)?.status).toBe("SUCCESSFUL");
  });

  it("reports an expire-pay it could not carry out as a failure, never as closed", async () => {
    const { transId } = await gateway.initiate(request);
    fake.endpointModes.set("/expire-pay", "error500");
    expect(await failure(gateway.expire(transId))).toMatchObject({ kind: "server_error", httpStatus: 500 });
    fake.endpointModes.set("/expire-pay", "garbage");
    expect((await failure(gateway.expire(transId))).kind).toBe("invalid_response");
    expect(fake.transactions.get(transId)?.status).toBe("CREATED");
  });

  it("reports 4xx answers as rejected with the provider's message", async () => {
    const wrongKey = new FapshiPaymentGateway({
      baseUrl: fake.url,
      apiUser: fake.apiUser,
      apiKey: "wrong",
      appUrl: "https://kamernest.test",
    });
    expect(await failure(wrongKey.initiate(request))).toMatchObject({
      kind: "rejected",
      httpStatus: 403,
      message: "Invalid API credentials",
    });
    expect(await failure(gateway.initiate({ ...request, amount: 50 }))).toMatchObject({
      kind: "rejected",
      httpStatus: 400,
      message: "amount cannot be less than 100 XAF",
    });
    expect(await failure(gateway.getStatus("NOPE1234"))).toMatchObject({
      kind: "rejected",
      httpStatus: 404,
      message: "Transaction not found",
    });
    expect(await failure(gateway.expire("NOPE1234"))).toMatchObject({ kind: "rejected", httpStatus: 404 });
  });

  it("reports a 500 as a server error", async () => {
    fake.mode = "error500";
    expect(await failure(gateway.initiate(request))).toMatchObject({ kind: "server_error", httpStatus: 500 });
  });

  it("reports garbage as an invalid response", async () => {
    fake.mode = "garbage";
    expect((await failure(gateway.initiate(request))).kind).toBe("invalid_response");
    expect((await failure(gateway.getStatus("FK0000001"))).kind).toBe("invalid_response");
  });

  it("reports a well-formed answer of the wrong shape as an invalid response", async () => {
    const { transId } = await gateway.initiate(request);
    fake.patch(transId, { status: "BOGUS" as never });
    expect((await failure(gateway.getStatus(transId))).kind).toBe("invalid_response");
  });

  it("reports an answer without a link as link_missing", async () => {
    fake.mode = "no_link";
    expect((await failure(gateway.initiate(request))).kind).toBe("link_missing");
  });

  it("times out a provider that does not answer", async () => {
    fake.delayMs = 500;
    const slow = new FapshiPaymentGateway({
      baseUrl: fake.url,
      apiUser: fake.apiUser,
      apiKey: fake.apiKey,
      appUrl: "https://kamernest.test",
      timeoutMs: 100,
    });
    expect((await failure(slow.getStatus("FK0000001"))).kind).toBe("timeout");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect((await failure(gateway.initiate(request, controller.signal))).kind).toBe("timeout");
  });

  it("reports an unreachable provider as a network failure", async () => {
    const nowhere = new FapshiPaymentGateway({
      baseUrl: "http://127.0.0.1:1",
      apiUser: "u",
      apiKey: "k",
      appUrl: "https://kamernest.test",
    });
    expect((await failure(nowhere.getStatus("FK0000001"))).kind).toBe("network");
  });
});

describe("the webhook secret check", () => {
  it("accepts only the configured secret", () => {
    expect(webhookSecretMatches("s3cret-value", "s3cret-value")).toBe(true);
    expect(webhookSecretMatches("s3cret-valuf", "s3cret-value")).toBe(false);
    expect(webhookSecretMatches("short", "s3cret-value")).toBe(false);
    expect(webhookSecretMatches("s3cret-value-and-more", "s3cret-value")).toBe(false);
  });

  it("refuses when either side is missing", () => {
    expect(webhookSecretMatches(undefined, "s3cret")).toBe(false);
    expect(webhookSecretMatches("", "")).toBe(false);
    expect(webhookSecretMatches("s3cret", undefined)).toBe(false);
    expect(webhookSecretMatches(null, null)).toBe(false);
  });
});
