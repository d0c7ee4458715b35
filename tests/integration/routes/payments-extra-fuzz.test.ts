// Fuzzed payment side doors (fast-check), with the simulated provider: the webhook's body and
// secret header, the simulated checkout's approve/decline, and the debug pages (test payment, its
// debug view, test booking). Never a 500, only the expected statuses, and afterwards every payment
// is exactly the server's price and its status is the provider's word, never the webhook body's.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as webhookRoute from "~/routes/webhooks+/fapshi";
import * as checkoutRoute from "~/routes/simulated-checkout.$transId";
import * as testPaymentRoute from "~/routes/test-payment";
import * as testPaymentDebugRoute from "~/routes/test-payment-debug";
import * as testBookingRoute from "~/routes/test-booking";
import { PAYMENT_PRICES, type PaymentType } from "#domain/payment/payment.entity";
import { BOOKING_FEE_XAF } from "#domain/booking/booking.entity";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  TEST_APP_URL,
  type CookieJar,
  type RouteHarness,
} from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { insertProperty } from "../contract/discovery-fixtures";
import { RUNS, expectStatus, form, maybe, postForm, safeCall, weird } from "./fuzz-support";

const phone = fc.constantFrom("670112233", "690112233", "237670112233", "670112000", "6701122330", "12");
const method = fc.constantFrom("mtn_momo", "orange_money", "paypal");

describe.each(databaseKinds())("fuzzed payment side doors (simulated provider, %s)", (kind) => {
  let h: RouteHarness;
  let jar: CookieJar;
  let studentId: string;

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const agent = await createPersona(h, "approvedAgent");
    await insertProperty(h.database.db, { id: `pay-prop-${kind}`, agentId: agent.id });
    await h.database.db.updateTable("properties").set({ is_verified: 1 }).execute();
    const student = await createPersona(h, "student");
    studentId = student.id;
    jar = await signedInJar(h, student.id);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  const transIds = async () =>
    (await h.database.db.selectFrom("simulated_transactions").select("trans_id").execute()).map((t) => t.trans_id);

  it(`test payments, checkout and webhook: ${RUNS * 3} steps, never a 500, the provider's word and the server's price`, async () => {
    const seen = new Set<string>();
    const step = fc.oneof(
      form({
        method: maybe(method),
        phone: maybe(phone),
        amount: weird,
        currency: weird,
        type: weird,
        _format: fc.constantFrom(undefined, "json"),
      }).map((f) => ({ kind: "pay" as const, f })),
      fc
        .record({
          pick: fc.nat(),
          garbage: fc.option(weird, { freq: 5 }),
          f: form({ intent: maybe(fc.constantFrom("approve", "decline")), processed: fc.constant("client") }),
        })
        .map((s) => ({ kind: "checkout" as const, ...s })),
      fc
        .record({
          pick: fc.nat(),
          shape: fc.constantFrom("plain", "array", "claims", "garbage", "number"),
          garbage: weird,
          secret: fc.option(weird, { freq: 3 }),
        })
        .map((s) => ({ kind: "webhook" as const, ...s })),
    );
    await fc.assert(
      fc.asyncProperty(step, async (s) => {
        const ids = await transIds();
        if (s.kind === "pay") {
          const r = await postForm(h, testPaymentRoute, "/test-payment", s.f, { jar });
          expectStatus(r, [200, 303, 400, 404], "test payment");
          seen.add(`pay ${r.status}`);
        } else if (s.kind === "checkout") {
          const transId = s.garbage ?? (ids.length > 0 ? ids[s.pick % ids.length] : "none");
          // Posted by the payer: only the payer may approve or decline (decision 0110; a visitor or
          // another account is refused in tests/integration/shell/simulated-checkout.test.ts).
          const r = await postForm(h, checkoutRoute, `/simulated-checkout/x`, s.f, { params: { transId }, jar: jar.clone() });
          expectStatus(r, [303, 400, 404], "simulated checkout");
          if (r.status === 303) expect(r.location).toMatch(/^\/(?![/\\])/);
          seen.add(`checkout ${r.status}`);
        } else {
          const transId = ids.length > 0 ? ids[s.pick % ids.length] : "NONE";
          const body = {
            plain: JSON.stringify({ transId }),
            array: JSON.stringify([{ transId }]),
            claims: JSON.stringify({ transId, status: "SUCCESSFUL", amount: 1, externalId: "KN-FORGED", userId: "someone" }),
            garbage: s.garbage,
            number: JSON.stringify({ transId: 12 }),
          }[s.shape];
          const headers: Record<string, string> = { "content-type": "application/json" };
          if (s.secret !== null) headers["x-wh-secret"] = s.secret.replace(/[^\x20-\x7e]/g, "");
          const request = new Request(new URL("/webhooks/fapshi", TEST_APP_URL), { method: "POST", headers, body });
          const r = await safeCall(() => h.call("action", webhookRoute, request));
          expectStatus(r, [200, 400, 401, 404], "webhook");
          seen.add(`webhook ${r.status}`);
        }
      }),
      {
        numRuns: RUNS * 3,
        examples: [
          [{ kind: "pay", f: { method: "mtn_momo", phone: "670112233" } }],
          [{ kind: "checkout", pick: 0, garbage: null, f: { intent: "approve", processed: "client" } }],
          [{ kind: "webhook", pick: 0, shape: "plain", garbage: "", secret: null }],
          [{ kind: "webhook", pick: 0, shape: "garbage", garbage: "nope", secret: null }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining(["pay 303", "checkout 303", "webhook 200", "webhook 400"]));

    const payments = await h.database.db.selectFrom("payments").selectAll().execute();
    const sims = await h.database.db.selectFrom("simulated_transactions").selectAll().execute();
    expect(payments.length).toBeGreaterThan(0);
    for (const p of payments) {
      const where = `payment ${p.reference}`;
      expect(p.user_id, where).toBe(studentId);
      expect(Number(p.amount), where).toBe(PAYMENT_PRICES[p.payment_type as PaymentType]);
      expect(p.payment_type, where).toBe("test_payment");
      expect(p.currency, where).toBe("XAF");
      expect(["mtn_momo", "orange_money"], where).toContain(p.method);
      expect(p.phone ?? "", where).toMatch(/^237\d{9}$/);
      expect(["pending", "successful", "failed", "expired"], where).toContain(p.payment_status);
      const sim = sims.find((t) => t.trans_id === p.provider_tx_id);
      if (p.payment_status === "successful") expect(sim?.status, `${where} successful without the provider's word`).toBe("SUCCESSFUL");
      if (sim) expect(Number(sim.amount), where).toBe(Number(p.amount));
    }
    for (const t of sims) expect(Number(t.amount)).toBe(PAYMENT_PRICES.test_payment);
  }, 180_000);

  it(`test booking and the payment debug view: ${RUNS} forms each, never a 500, the server's price`, async () => {
    await fc.assert(
      fc.asyncProperty(
        form({ visitorPhone: maybe(fc.constantFrom("677123456", "+237 690 11 22 33", "12", "")), paymentAmount: weird, visitDate: weird }),
        form({ method: maybe(method), phone: maybe(phone), amount: weird }),
        async (booking, debug) => {
          const b = await postForm(h, testBookingRoute, "/test-booking", booking, { jar });
          expectStatus(b, [200, 400, 404, 409], "test booking");
          const d = await postForm(h, testPaymentDebugRoute, "/test-payment-debug", debug, { jar });
          expectStatus(d, [200, 400, 404, 409], "test payment debug");
          if (d.status === 200) expect(d.data.request.amount).toBe(PAYMENT_PRICES.test_payment);
        },
      ),
      { numRuns: RUNS },
    );
    const bookings = await h.database.db.selectFrom("bookings").selectAll().execute();
    expect(bookings.length).toBeGreaterThan(0);
    for (const b of bookings) {
      expect(b.student_id).toBe(studentId);
      expect(b.visit_time).toBe("10:00 AM");
      expect([0, BOOKING_FEE_XAF]).toContain(Number(b.payment_amount));
      expect(b.visitor_phone.replace(/\D/g, "").length).toBeGreaterThanOrEqual(9);
    }
    for (const p of await h.database.db.selectFrom("payments").selectAll().execute())
      expect(Number(p.amount)).toBe(PAYMENT_PRICES[p.payment_type as PaymentType]);
  }, 180_000);
});
