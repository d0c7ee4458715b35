// One visit paid twice (issue 30, decision 0184), through the routes with the simulated provider on
// a real database: a second checkout closes the first, whose page then refuses; a success that
// still comes for a purchase already paid is listed for admins to refund, and the payer's result
// page says so, in English and French.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminPayment from "~/routes/admin+/payments_.$id";
import * as adminPayments from "~/routes/admin+/payments";
import * as checkoutRoute from "~/routes/simulated-checkout.$transId";
import * as resultRoute from "~/routes/payment-success";
import * as subscriptionRoute from "~/routes/subscription-payment";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

describe("two checkouts for one purchase, through the routes", () => {
  let h: RouteHarness;
  let admin: { id: string; jar: CookieJar };

  beforeAll(async () => {
    h = await createRouteHarness();
    const a = await createPersona(h, "admin");
    admin = { id: a.id, jar: await signedInJar(h, a.id) };
  });
  afterAll(async () => {
    await h?.close();
  });

  async function student() {
    const s = await createPersona(h, "student");
    return { id: s.id, jar: await signedInJar(h, s.id) };
  }
  async function startSubscription(jar: CookieJar, phone: string) {
    const r = await h.post(subscriptionRoute, "/subscription-payment", { method: "mtn_momo", phone }, { jar });
    const transId = /\/simulated-checkout\/([A-Z0-9]+)$/.exec(r.location ?? "")?.[1];
    if (!transId) throw new Error(`no checkout: ${r.status} ${JSON.stringify(r.data)}`);
    return transId;
  }
  const paymentOf = (transId: string) =>
    h.database.db.selectFrom("payments").selectAll().where("provider_tx_id", "=", transId).executeTakeFirstOrThrow();
  const subscriptionsOf = (userId: string) => h.database.db.selectFrom("subscriptions").selectAll().where("user_id", "=", userId).execute();
  const approve = (jar: CookieJar, transId: string) =>
    h.post(checkoutRoute, `/simulated-checkout/${transId}`, { intent: "approve", processed: "client" }, { jar, params: { transId } });

  it("closes the first checkout when a second starts: its page shows it expired and approving it takes nothing", async () => {
    const s = await student();
    const first = await startSubscription(s.jar, "670112233");
    const second = await startSubscription(s.jar, "670112234");

    const page = await h.get(checkoutRoute, `/simulated-checkout/${first}`, { jar: s.jar, params: { transId: first } });
    expect(page.status).toBe(200);
    expect(page.data.status).toBe("expired");
    expect((await paymentOf(first)).payment_status).toBe("expired");

    expect((await approve(s.jar, second)).status).toBe(303);
    // The stale page's approval, sent anyway, is refused by the provider.
    const late = await approve(s.jar, first);
    expect(late.status).toBe(303);
    expect(late.location).toBe(`/payment-success?ref=${(await paymentOf(first)).reference}`);
    expect((await paymentOf(first)).payment_status).toBe("expired");
    expect((await paymentOf(second)).payment_status).toBe("successful");
    expect(await subscriptionsOf(s.id)).toHaveLength(1);
    const result = await h.get(resultRoute, `/payment-success?ref=${(await paymentOf(first)).reference}`, { jar: s.jar });
    expect(result.data).toMatchObject({ status: "expired", refund: null });
  });

  it("lists a success that still came for a purchase already paid as to refund, for admins and for the payer", async () => {
    const s = await student();
    const first = await startSubscription(s.jar, "670112233");
    const second = await startSubscription(s.jar, "670112234");
    await approve(s.jar, second);
    // The first link's approval had slipped in at the provider just before it was closed.
    await h.database.db.updateTable("simulated_transactions").set({ status: "SUCCESSFUL" }).where("trans_id", "=", first).execute();
    // The admin checks it again with the provider (the reconciler would do the same).
    const firstId = (await paymentOf(first)).id;
    expect(
      (await h.post(adminPayment, `/admin/payments/${firstId}`, { intent: "recheck" }, { jar: admin.jar.clone(), params: { id: firstId } }))
        .status,
    ).toBe(302);

    expect((await paymentOf(first)).payment_status).toBe("successful");
    expect(await subscriptionsOf(s.id)).toHaveLength(1);
    const secondRef = (await paymentOf(second)).reference;

    const list = await h.get(adminPayments, "/admin/payments", { jar: admin.jar.clone() });
    expect(list.data.toRefund).toBe(1);
    expect(list.data.items.find((p: { id: string }) => p.id === firstId)?.refundStatus).toBe("to_refund");
    const filtered = await h.get(adminPayments, "/admin/payments?refund=to_refund", { jar: admin.jar.clone() });
    expect(filtered.data.filters.refund).toBe("to_refund");
    expect(filtered.data.items.map((p: { id: string }) => p.id)).toEqual([firstId]);
    expect(filtered.data.countText).toBe("1 payment");
    // A value that is not a refund state is no filter, never a 500.
    expect((await h.get(adminPayments, "/admin/payments?refund=%00", { jar: admin.jar.clone() })).data.filters.refund).toBe("");

    const detail = await h.get(adminPayment, `/admin/payments/${firstId}`, { jar: admin.jar.clone(), params: { id: firstId } });
    expect(detail.data.refund).toMatchObject({
      status: "to_refund",
      reason: "duplicate_purchase",
      paidByPaymentId: (await paymentOf(second)).id,
      paidByReference: secondRef,
      transId: null,
    });
    expect(detail.data.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(["superseded", "expired", "succeeded", "refund_queued"]),
    );

    const ref = (await paymentOf(first)).reference;
    const result = await h.get(resultRoute, `/payment-success?ref=${ref}`, { jar: s.jar });
    expect(result.data).toMatchObject({
      status: "successful",
      refund: { paidByReference: secondRef },
      subscriptionEndsAt: null,
      title: "Already paid: this payment will be refunded",
    });
    const french = await h.get(resultRoute, `/payment-success?ref=${ref}`, { jar: s.jar, headers: { "Accept-Language": "fr" } });
    expect(french.data.title).toBe("Déjà payé : ce paiement sera remboursé");
  });
});
