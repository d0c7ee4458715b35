// The simulated checkout decides only for the signed-in payer it belongs to: a visitor is sent to
// log in, another account (an attacker with a second account and the transaction id) gets a 404
// and the payment stays pending. With PAYMENT_PROVIDER=fapshi the page does not exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as checkoutRoute from "~/routes/simulated-checkout.$transId";
import { databaseKinds } from "../../support/test-database";
import { createPersona, createRouteHarness, signedInJar, type RouteHarness } from "../../support/route-harness";

describe.each(databaseKinds())("simulated checkout ownership (%s)", (kind) => {
  let h: RouteHarness;
  let transId: string;
  let payerId: string;

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const payer = await createPersona(h, "student");
    payerId = payer.id;
    const simulated = h.services.money.simulated!;
    expect(simulated).not.toBeNull();
    // A checkout started by the payer, as the payment page's gateway call makes it.
    const { gateway } = h.services.money.payments;
    const started = await gateway.initiate({
      amount: 8000,
      reference: "PAY-OWNERTEST",
      userId: payer.id,
      email: payer.email,
      customerName: "Ngozi Ekane",
      phone: "670112233",
      method: "mtn_momo",
      message: "Subscription",
    });
    transId = started.transId;
  });
  afterAll(async () => {
    await h?.close();
  });

  const status = async () => (await h.services.money.simulated!.findCheckout(transId))!.status;

  it("sends a visitor to log in, for the page and for a decision", async () => {
    const page = await h.get(checkoutRoute, `/simulated-checkout/${transId}`, { params: { transId } });
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/auth\/login\?redirectTo=/);
    const approve = await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { params: { transId } },
    );
    expect(approve.status).toBe(302);
    expect(await status()).toBe("pending");
  });

  it("answers 404 to another signed-in account, which cannot approve or decline", async () => {
    const attacker = await createPersona(h, "student");
    const jar = await signedInJar(h, attacker.id);
    expect((await h.get(checkoutRoute, `/simulated-checkout/${transId}`, { jar, params: { transId } })).status).toBe(404);
    for (const intent of ["approve", "decline"]) {
      const r = await h.post(
        checkoutRoute,
        `/simulated-checkout/${transId}`,
        { intent, processed: "client" },
        { jar, params: { transId } },
      );
      expect(r.status, intent).toBe(404);
    }
    expect(await status()).toBe("pending");
  });

  it("lets the payer approve", async () => {
    const jar = await signedInJar(h, payerId);
    expect((await h.get(checkoutRoute, `/simulated-checkout/${transId}`, { jar, params: { transId } })).status).toBe(200);
    const r = await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { jar, params: { transId } },
    );
    expect(r.status).toBe(303);
    expect(await status()).toBe("successful");
  });
});

describe("simulated checkout with the real provider", () => {
  it("answers 404, signed in or not", async () => {
    const h = await createRouteHarness({
      env: {
        PAYMENT_PROVIDER: "fapshi",
        FAPSHI_API_USER: "u",
        FAPSHI_API_KEY: "k",
        FAPSHI_WEBHOOK_SECRET: "w",
        FAPSHI_BASE_URL: "http://127.0.0.1:9",
      },
    });
    try {
      const user = await createPersona(h, "student");
      const jar = await signedInJar(h, user.id);
      for (const options of [{}, { jar }]) {
        expect((await h.get(checkoutRoute, "/simulated-checkout/ABC123", { ...options, params: { transId: "ABC123" } })).status).toBe(404);
        expect(
          (await h.post(checkoutRoute, "/simulated-checkout/ABC123", { intent: "approve" }, { ...options, params: { transId: "ABC123" } }))
            .status,
        ).toBe(404);
      }
    } finally {
      await h.close();
    }
  });
});
