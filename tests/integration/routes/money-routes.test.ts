// The money pages through their loaders and actions, on a real database with the simulated
// provider (and, for the webhook, the Fapshi gateway against the fake Fapshi server): amounts never
// come from the form, ownership, the webhook's secret, body checks and idempotence, the debug
// pages' 404s, the checkout's approve/decline, subscriptions, viewing outcomes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookVisitRoute from "~/routes/book-visit.$id";
import * as confirmViewingRoute from "~/routes/confirm-viewing";
import * as paymentIndexRoute from "~/routes/payment._index";
import * as paymentRoute from "~/routes/payment.$id";
import * as paymentSuccessRoute from "~/routes/payment-success";
import * as checkoutRoute from "~/routes/simulated-checkout.$transId";
import * as subscriptionRoute from "~/routes/subscription-payment";
import * as testBookingRoute from "~/routes/test-booking";
import * as testPaymentDebugRoute from "~/routes/test-payment-debug";
import * as testPaymentRoute from "~/routes/test-payment";
import * as webhookRoute from "~/routes/webhooks+/fapshi";
import * as agentBookingsRoute from "~/routes/agents+/bookings";
import * as profileRoute from "~/routes/profile";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { startFakeFapshi, type FakeFapshiServer } from "../../support/fake-fapshi-server";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

const STAMP = new Date().toISOString();

/** An approved agent with one open listing, and its id. */
async function addListing(
  h: RouteHarness,
  over: { status?: string; isAvailable?: number } = {},
): Promise<{ propertyId: string; agentId: string }> {
  const agent = await createPersona(h, "approvedAgent");
  const propertyId = `prop-${Math.random().toString(36).slice(2, 10)}`;
  await h.database.db
    .insertInto("properties")
    .values({
      id: propertyId,
      agent_id: agent.id,
      title: "Studio in Molyko",
      property_type: "studio",
      neighbourhood: "Molyko",
      latitude: 4.15,
      longitude: 9.29,
      distance_to_campus_m: 300,
      monthly_rent: 35000,
      is_verified: 1,
      is_available: over.isAvailable ?? 1,
      status: (over.status ?? "available") as "available",
      hidden_at: null,
      visiting_hours: JSON.stringify({ days: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"], from: "09:00", to: "17:00" }),
      availability_confirmed_at: null,
      created_at: STAMP,
      updated_at: STAMP,
    })
    .execute();
  return { propertyId, agentId: agent.id };
}

const day = (n: number) => addDays(doualaDate(new Date()), n);

function visitForm(over: Record<string, string | undefined> = {}) {
  return {
    visitDate: day(1),
    visitTime: "10:00 AM",
    visitorName: "Ngozi Ekane",
    visitorEmail: "ngozi@example.cm",
    visitorPhone: "+237 677 12 34 56",
    message: "I will come after lectures.",
    ...over,
  };
}

async function student(h: RouteHarness): Promise<{ id: string; jar: CookieJar }> {
  const s = await createPersona(h, "student");
  return { id: s.id, jar: await signedInJar(h, s.id) };
}

/** Books a visit through the route; answers the booking reference from the redirect. */
async function book(h: RouteHarness, jar: CookieJar, propertyId: string, over: Record<string, string | undefined> = {}): Promise<string> {
  const r = await h.post(bookVisitRoute, `/book-visit/${propertyId}`, visitForm(over), { jar, params: { id: propertyId } });
  expect(r.status, JSON.stringify(r.data)).toBe(302);
  const match = /^\/payment\/(KN-[A-Z0-9]+)$/.exec(r.location ?? "");
  expect(match, r.location ?? "").not.toBeNull();
  return match![1];
}

const transIdOf = (location: string | null) => /\/simulated-checkout\/([A-Z0-9]+)$/.exec(location ?? "")?.[1] ?? null;

describeEachDatabase(allDatabaseKinds())("money routes (simulated provider, %s)", (kind) => {
  let h: RouteHarness;
  let propertyId: string;
  let agentId: string;

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    ({ propertyId, agentId } = await addListing(h));
  });
  afterAll(async () => {
    await h?.close();
  });

  it("books, then the payment action ignores any amount in the form: the server's 8 000 FCFA goes to the provider", async () => {
    const s = await student(h);
    const reference = await book(h, s.jar, propertyId, { visitTime: "9:00 AM" });

    const page = await h.get(paymentRoute, `/payment/${reference}`, { jar: s.jar, params: { id: reference } });
    expect(page.status).toBe(200);
    expect(page.data.state).toBe("payable");
    expect(page.data.booking.amount).toBe(8000);

    const r = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233", amount: "1", currency: "USD" },
      {
        jar: s.jar,
        params: { id: reference },
      },
    );
    expect(r.status).toBe(303);
    const transId = transIdOf(r.location);
    expect(transId).not.toBeNull();

    const payments = await h.database.db.selectFrom("payments").selectAll().where("user_id", "=", s.id).execute();
    expect(payments).toHaveLength(1);
    expect(Number(payments[0].amount)).toBe(8000);
    expect(payments[0].currency).toBe("XAF");
    expect(payments[0].phone).toBe("237670112233");
    const sim = await h.database.db
      .selectFrom("simulated_transactions")
      .selectAll()
      .where("trans_id", "=", transId!)
      .executeTakeFirstOrThrow();
    expect(Number(sim.amount)).toBe(8000);
    const events = await h.database.db.selectFrom("payment_events").select("event_type").where("payment_id", "=", payments[0].id).execute();
    expect(events.map((e) => e.event_type)).toEqual(expect.arrayContaining(["created", "initiated"]));
  });

  it("answers {checkoutUrl} as JSON when the form's fetcher asks for it", async () => {
    const s = await student(h);
    const reference = await book(h, s.jar, propertyId, { visitTime: "11:00 AM" });
    const r = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "orange_money", phone: "690000001", amount: "99999999", _format: "json" },
      {
        jar: s.jar,
        params: { id: reference },
      },
    );
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      ok: true,
      checkoutUrl: expect.stringMatching(/\/simulated-checkout\/[A-Z0-9]+$/),
      reference: expect.stringMatching(/^PAY-/),
    });
    const payment = await h.database.db
      .selectFrom("payments")
      .selectAll()
      .where("reference", "=", r.data.reference)
      .executeTakeFirstOrThrow();
    expect(Number(payment.amount)).toBe(8000);
    expect(payment.method).toBe("orange_money");
  });

  it("refuses bad payment input with the spec's messages and a 4xx, writing nothing", async () => {
    const s = await student(h);
    const reference = await book(h, s.jar, propertyId, { visitTime: "12:00 PM" });
    const post = (form: Record<string, string>) =>
      h.post(paymentRoute, `/payment/${reference}`, form, { jar: s.jar, params: { id: reference } });

    const cases: Array<[Record<string, string>, string]> = [
      [{ phone: "670112233" }, "payment:errors.method_required"],
      [{ method: "paypal", phone: "670112233" }, "payment:errors.method_required"],
      [{ method: "mtn_momo" }, "payment:errors.phone_required"],
      [{ method: "mtn_momo", phone: "6701-12233" }, "payment:errors.phone_digits"],
      [{ method: "mtn_momo", phone: "67011" }, "payment:errors.phone_min"],
      [{ method: "mtn_momo", phone: "670112233445566" }, "payment:errors.phone_max"],
      // Ten digits pass the form but are not a Cameroon number once 237 is added (the use case).
      [{ method: "mtn_momo", phone: "0670112233" }, "payment:errors.invalid_phone"],
    ];
    for (const [form, key] of cases) {
      const r = await post(form);
      expect(r.status, JSON.stringify(form)).toBe(400);
      expect(r.data.ok).toBe(false);
      expect(r.data.error.key).toBe(key);
    }
    const payments = await h.database.db.selectFrom("payments").select("id").where("user_id", "=", s.id).execute();
    expect(payments).toHaveLength(0);
  });

  it("sends a visitor to log in with 'Authentication required', and answers a JSON caller 401", async () => {
    const owner = await student(h);
    const reference = await book(h, owner.jar, propertyId, { visitTime: "1:00 PM" });
    const page = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { params: { id: reference } },
    );
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/auth\/login\?redirectTo=/);
    const json = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233", _format: "json" },
      { params: { id: reference } },
    );
    expect(json.status).toBe(401);
    expect(json.data.error.key).toBe("payment:errors.not_authenticated");
  });

  it("shows and takes payment only for the owner's booking: anyone else gets a 404", async () => {
    const owner = await student(h);
    const other = await student(h);
    const reference = await book(h, owner.jar, propertyId, { visitTime: "2:00 PM" });
    const bookingId = (
      await h.database.db.selectFrom("bookings").select("id").where("booking_reference", "=", reference).executeTakeFirstOrThrow()
    ).id;

    for (const key of [reference, bookingId, "KN-NOPE42", "x".repeat(500), "bad\u0000id"]) {
      const page = await h.get(paymentRoute, `/payment/${encodeURIComponent(key)}`, { jar: other.jar, params: { id: key } });
      expect(page.status, key).toBe(404);
    }
    const owned = await h.get(paymentRoute, `/payment/${bookingId}`, { jar: owner.jar, params: { id: bookingId } });
    expect(owned.status).toBe(200);

    const post = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: other.jar, params: { id: reference } },
    );
    expect(post.status).toBe(404);
    expect(await h.database.db.selectFrom("payments").select("id").where("user_id", "=", other.id).execute()).toHaveLength(0);

    // The owner pays; the result page is theirs alone.
    const paid = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: owner.jar, params: { id: reference } },
    );
    const payRef = (
      await h.database.db.selectFrom("payments").select("reference").where("user_id", "=", owner.id).executeTakeFirstOrThrow()
    ).reference;
    expect(paid.status).toBe(303);
    const theirs = await h.get(paymentSuccessRoute, `/payment-success?ref=${payRef}`, { jar: other.jar });
    expect(theirs.status).toBe(404);
    const mine = await h.get(paymentSuccessRoute, `/payment-success?ref=${payRef}`, { jar: owner.jar });
    expect(mine.status).toBe(200);
    expect(mine.data.status).toBe("pending");
  });

  it("approving on the simulated checkout confirms the booking and grants 14 days; the next booking is free and confirmed at once", async () => {
    const s = await student(h);
    const reference = await book(h, s.jar, propertyId, { visitTime: "3:00 PM" });
    const r = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: s.jar, params: { id: reference } },
    );
    const transId = transIdOf(r.location)!;

    const checkout = await h.get(checkoutRoute, `/simulated-checkout/${transId}`, { jar: s.jar, params: { transId } });
    expect(checkout.data).toMatchObject({ amount: 8000, method: "mtn_momo", phone: "670112233", status: "pending" });

    const approved = await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { jar: s.jar, params: { transId } },
    );
    expect(approved.status).toBe(303);
    expect(approved.location).toMatch(/^\/payment-success\?ref=PAY-/);

    const result = await h.get(paymentSuccessRoute, approved.location!, { jar: s.jar });
    expect(result.data.status).toBe("successful");
    expect(result.data.booking).toMatchObject({ reference, status: "confirmed" });
    expect(result.data.subscriptionEndsAt).not.toBeNull();
    const ends = Date.parse(result.data.subscriptionEndsAt);
    expect(ends - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect(ends - Date.now()).toBeLessThanOrEqual(14 * 86_400_000);

    // The same news again (a webhook after the notifier, a second approval) changes nothing more.
    await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { jar: s.jar, params: { transId } },
    );
    const subs = await h.database.db.selectFrom("subscriptions").select("id").where("user_id", "=", s.id).execute();
    expect(subs).toHaveLength(1);

    // Another listing: one live booking per property and student (decision 0108).
    const next = await addListing(h);
    const second = await h.post(bookVisitRoute, `/book-visit/${next.propertyId}`, visitForm({ visitDate: day(2), visitTime: "3:00 PM" }), {
      jar: s.jar,
      params: { id: next.propertyId },
    });
    expect(second.status).toBe(302);
    expect(second.location).toBe("/profile");
    const rows = await h.database.db.selectFrom("bookings").selectAll().where("student_id", "=", s.id).orderBy("created_at").execute();
    expect(rows.map((b) => [b.booking_status, b.payment_status, Number(b.payment_amount)])).toEqual([
      ["confirmed", "confirmed", 8000],
      ["confirmed", "confirmed", 0],
    ]);

    const profile = await h.get(profileRoute, "/profile", { jar: s.jar });
    expect(profile.data.money.subscription.active).toBe(true);
    expect(profile.data.money.bookings).toHaveLength(2);
    expect(profile.data.money.payments[0]).toMatchObject({ status: "successful", amount: 8000 });

    const agentJar = await signedInJar(h, agentId);
    const agentView = await h.get(agentBookingsRoute, "/agents/bookings", { jar: agentJar });
    expect(agentView.status).toBe(200);
    expect(agentView.data.bookings.map((b: { reference: string }) => b.reference)).toContain(reference);
  });

  it("a number ending in 000 is declined: the result page says so and offers to try again", async () => {
    const s = await student(h);
    const reference = await book(h, s.jar, propertyId, { visitTime: "4:00 PM" });
    const r = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670000000" },
      { jar: s.jar, params: { id: reference } },
    );
    const transId = transIdOf(r.location)!;
    const back = await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { jar: s.jar, params: { transId } },
    );
    const result = await h.get(paymentSuccessRoute, back.location!, { jar: s.jar });
    expect(result.data.status).toBe("failed");
    expect(result.data.failure.key).toBe("payment:errors.declined");
    expect(result.data.retryPath).toBe(`/payment/${reference}`);
    // The booking still holds its slot and can be paid again.
    const again = await h.get(paymentRoute, `/payment/${reference}`, { jar: s.jar, params: { id: reference } });
    expect(again.data.state).toBe("payable");
    const retry = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: s.jar, params: { id: reference } },
    );
    expect(retry.status).toBe(303);
  });

  it("keeps the booking form on a taken slot (409) and shows why a property cannot be booked", async () => {
    const a = await student(h);
    const b = await student(h);
    await book(h, a.jar, propertyId, { visitDate: day(3), visitTime: "10:00 AM" });
    const taken = await h.post(bookVisitRoute, `/book-visit/${propertyId}`, visitForm({ visitDate: day(3), visitTime: "10:00 AM" }), {
      jar: b.jar,
      params: { id: propertyId },
    });
    expect(taken.status).toBe(409);
    expect(taken.data.error[""]).toEqual(["This time slot is already booked"]);
    expect(taken.data.initialValue.visitorName).toBe("Ngozi Ekane");
    // In French, from the same mapping.
    const takenFr = await h.post(
      bookVisitRoute,
      `/book-visit/${propertyId}?lng=fr`,
      visitForm({ visitDate: day(3), visitTime: "10:00 AM" }),
      { jar: b.jar, params: { id: propertyId } },
    );
    expect(takenFr.status).toBe(409);
    expect(takenFr.data.error[""]).toEqual(["Ce créneau est déjà réservé"]);

    const slots = await h.get(bookVisitRoute, `/book-visit/${propertyId}?date=${day(3)}`, { jar: b.jar, params: { id: propertyId } });
    expect(slots.data.slots.find((s: { time: string }) => s.time === "10:00 AM")).toEqual({ time: "10:00 AM", available: false });
    expect(slots.data.defaults.visitorEmail).toMatch(/@route\.test$/);

    const rented = await addListing(h, { status: "rented_out" });
    const page = await h.get(bookVisitRoute, `/book-visit/${rented.propertyId}`, { jar: b.jar, params: { id: rented.propertyId } });
    expect(page.data.blocked).toBe("booking:errors.property_rented_out");
    const post = await h.post(bookVisitRoute, `/book-visit/${rented.propertyId}`, visitForm(), {
      jar: b.jar,
      params: { id: rented.propertyId },
    });
    expect(post.status).toBe(400);
    expect(post.data.error[""]).toEqual(["This property is rented out"]);
    const unavailable = await addListing(h, { isAvailable: 0 });
    const page2 = await h.get(bookVisitRoute, `/book-visit/${unavailable.propertyId}`, {
      jar: b.jar,
      params: { id: unavailable.propertyId },
    });
    expect(page2.data.blocked).toBe("booking:errors.property_unavailable");

    const missing = await h.get(bookVisitRoute, "/book-visit/nope", { jar: b.jar, params: { id: "nope" } });
    expect(missing.status).toBe(404);
    const visitor = await h.get(bookVisitRoute, `/book-visit/${propertyId}`, { params: { id: propertyId } });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth\/login/);
  });

  it("/payment sends the student to their latest pending booking, or offers the subscription", async () => {
    const s = await student(h);
    const none = await h.get(paymentIndexRoute, "/payment", { jar: s.jar });
    expect(none.status).toBe(200);
    const reference = await book(h, s.jar, propertyId, { visitDate: day(4), visitTime: "9:00 AM" });
    const some = await h.get(paymentIndexRoute, "/payment", { jar: s.jar });
    expect(some.status).toBe(302);
    expect(some.location).toBe(`/payment/${reference}`);
  });

  it("/subscription-payment buys a unified_payment of 8 000 FCFA whatever the form says, and shows the extension once active", async () => {
    const s = await student(h);
    const page = await h.get(subscriptionRoute, "/subscription-payment", { jar: s.jar });
    expect(page.data).toMatchObject({ amount: 8000, active: false, expired: false });
    const r = await h.post(
      subscriptionRoute,
      "/subscription-payment",
      { method: "orange_money", phone: "237690112233", amount: "5" },
      { jar: s.jar },
    );
    expect(r.status).toBe(303);
    const payment = await h.database.db.selectFrom("payments").selectAll().where("user_id", "=", s.id).executeTakeFirstOrThrow();
    expect(payment.payment_type).toBe("unified_payment");
    expect(Number(payment.amount)).toBe(8000);
    const transId = transIdOf(r.location)!;
    await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { jar: s.jar, params: { transId } },
    );
    const after = await h.get(subscriptionRoute, "/subscription-payment", { jar: s.jar });
    expect(after.data.active).toBe(true);
    expect(Date.parse(after.data.extendsTo) - Date.parse(after.data.endsAt)).toBe(14 * 86_400_000);
  });

  it("records a viewing outcome once, only for the student's own confirmed visit that is due", async () => {
    const s = await student(h);
    const other = await student(h);
    const bookingId = `bk-${Math.random().toString(36).slice(2, 10)}`;
    await h.database.db
      .insertInto("bookings")
      .values({
        id: bookingId,
        property_id: propertyId,
        student_id: s.id,
        visitor_name: "Ngozi",
        visitor_email: "ngozi@example.cm",
        visitor_phone: "677123456",
        visit_date: doualaDate(new Date()),
        visit_time: "5:00 PM",
        message: "",
        payment_amount: 0,
        fee_type: "student_rental",
        payment_status: "confirmed",
        booking_status: "confirmed",
        booking_reference: `KN-T${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
        hold_expires_at: null,
        payment_id: null,
        viewing_outcome: null,
        viewing_recorded_at: null,
        created_at: STAMP,
        updated_at: STAMP,
      })
      .execute();
    const page = await h.get(confirmViewingRoute, "/confirm-viewing", { jar: s.jar });
    expect(page.data.due.map((b: { id: string }) => b.id)).toEqual([bookingId]);

    const stranger = await h.post(confirmViewingRoute, "/confirm-viewing", { bookingId, outcome: "confirmed" }, { jar: other.jar });
    expect(stranger.status).toBeGreaterThanOrEqual(400);
    expect(stranger.status).toBeLessThan(500);
    const bad = await h.post(confirmViewingRoute, "/confirm-viewing", { bookingId, outcome: "maybe" }, { jar: s.jar });
    expect(bad.status).toBe(400);

    const ok = await h.post(confirmViewingRoute, "/confirm-viewing", { bookingId, outcome: "confirmed" }, { jar: s.jar });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(`/confirm-viewing?confirmed=${bookingId}`);
    const thanks = await h.get(confirmViewingRoute, ok.location!, { jar: s.jar });
    expect(thanks.data.due).toEqual([]);
    expect(thanks.data.confirmed).toMatchObject({ agentId });
    const again = await h.post(confirmViewingRoute, "/confirm-viewing", { bookingId, outcome: "no_show" }, { jar: s.jar });
    expect(again.status).toBe(400);
    const earnings = await h.database.db.selectFrom("commission_earnings").selectAll().where("booking_id", "=", bookingId).execute();
    expect(earnings).toHaveLength(1);
    expect(Number(earnings[0].amount)).toBe(5000);
  });

  it("the debug pages work for a signed-in user when enabled (demo), and are a 404 for a visitor", async () => {
    const s = await student(h);
    for (const route of [testPaymentRoute, testPaymentDebugRoute, testBookingRoute]) {
      expect((await h.get(route, "/test", { jar: s.jar })).status).toBe(200);
      expect((await h.get(route, "/test")).status).toBe(404);
      expect((await h.post(route, "/test", { method: "mtn_momo", phone: "670112233" })).status).toBe(404);
    }
    const debug = await h.post(
      testPaymentDebugRoute,
      "/test-payment-debug",
      { method: "mtn_momo", phone: "670112233", amount: "1" },
      { jar: s.jar },
    );
    expect(debug.data.request).toMatchObject({ amount: 5000, currency: "XAF", paymentType: "test_payment" });
    expect(debug.data.response).toMatchObject({ success: true, checkout_url: expect.stringContaining("/simulated-checkout/") });
    const test = await h.post(testPaymentRoute, "/test-payment", { method: "mtn_momo", phone: "670112233", amount: "1" }, { jar: s.jar });
    expect(test.status).toBe(303);
    const booked = await h.post(testBookingRoute, "/test-booking", { visitorPhone: "677123456" }, { jar: s.jar });
    expect(booked.status).toBe(200);
    expect(booked.data.booking).toMatchObject({ visitTime: "10:00 AM", needsPayment: true });
    const amounts = await h.database.db.selectFrom("payments").select(["amount", "payment_type"]).where("user_id", "=", s.id).execute();
    expect(amounts.map((p) => [Number(p.amount), p.payment_type])).toEqual([
      [5000, "test_payment"],
      [5000, "test_payment"],
    ]);
  });
});

describe("debug pages when disabled", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness({ env: { ENABLE_DEBUG_PAGES: "false" } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("are a 404 even for a signed-in user, GET and POST", async () => {
    const s = await student(h);
    for (const route of [testPaymentRoute, testPaymentDebugRoute, testBookingRoute]) {
      expect((await h.get(route, "/test", { jar: s.jar })).status).toBe(404);
      expect(
        (await h.post(route, "/test", { method: "mtn_momo", phone: "670112233", visitorPhone: "677123456" }, { jar: s.jar })).status,
      ).toBe(404);
    }
    expect(await h.database.db.selectFrom("payments").select("id").execute()).toHaveLength(0);
    expect(await h.database.db.selectFrom("bookings").select("id").execute()).toHaveLength(0);
  });
});

describeEachDatabase(allDatabaseKinds())("the Fapshi webhook route (%s)", (kind) => {
  let h: RouteHarness;
  let fake: FakeFapshiServer;
  let propertyId: string;
  const SECRET = "wh-secret-for-tests";

  beforeAll(async () => {
    fake = await startFakeFapshi();
    h = await createRouteHarness({
      kind,
      env: {
        PAYMENT_PROVIDER: "fapshi",
        FAPSHI_BASE_URL: fake.url,
        FAPSHI_API_USER: fake.apiUser,
        FAPSHI_API_KEY: fake.apiKey,
        FAPSHI_WEBHOOK_SECRET: SECRET,
      },
    });
    ({ propertyId } = await addListing(h));
  });
  afterAll(async () => {
    await h?.close();
    await fake?.stop();
  });

  const hook = (body: string, headers: Record<string, string> = { "x-wh-secret": SECRET }) =>
    h.call(
      "action",
      webhookRoute,
      new Request("http://localhost:3000/webhooks/fapshi", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      }),
    );

  it("refuses a missing or wrong secret (401), garbage (400); an unknown transaction is a 200 that stores nothing; GET is 405", async () => {
    expect((await hook(JSON.stringify({ transId: "ABC123" }), {})).status).toBe(401);
    expect((await hook(JSON.stringify({ transId: "ABC123" }), { "x-wh-secret": "nope" })).status).toBe(401);
    expect((await hook(JSON.stringify({ transId: "ABC123" }), { "x-wh-secret": `x${SECRET}` })).status).toBe(401);
    for (const garbage of [
      "",
      "not json",
      "{",
      "null",
      "42",
      "[]",
      '"text"',
      JSON.stringify({ transId: 12 }),
      JSON.stringify({ transId: "" }),
      JSON.stringify({ transId: "a b" }),
      JSON.stringify({ transId: "x".repeat(65) }),
      "x".repeat(70_000),
    ]) {
      const r = await hook(garbage);
      expect(r.status, garbage.slice(0, 30)).toBe(400);
    }
    const events = async () => (await h.database.db.selectFrom("payment_events").select("id").execute()).length;
    const before = await events();
    const unknown = await hook(JSON.stringify({ transId: "UNKNOWN99" }));
    expect(unknown.status).toBe(200);
    expect(await events()).toBe(before);
    const get = await h.call("loader", webhookRoute, new Request("http://localhost:3000/webhooks/fapshi"));
    expect(get.status).toBe(405);
  });

  it("re-reads the status from Fapshi, ignores the body's claims, and applies a repeated webhook once", async () => {
    const s = await student(h);
    const reference = await book(h, s.jar, propertyId);
    const r = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: s.jar, params: { id: reference } },
    );
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^https?:\/\//);
    const payment = await h.database.db.selectFrom("payments").selectAll().where("user_id", "=", s.id).executeTakeFirstOrThrow();
    const transId = payment.provider_tx_id!;
    expect(fake.transactions.get(transId)?.amount).toBe(8000);

    // The body lies (SUCCESSFUL, another amount): Fapshi still says pending, so nothing changes.
    const lie = await hook(JSON.stringify({ transId, status: "SUCCESSFUL", amount: 1, externalId: payment.reference }));
    expect(lie.status).toBe(200);
    expect(
      (await h.database.db.selectFrom("payments").select("payment_status").where("id", "=", payment.id).executeTakeFirstOrThrow())
        .payment_status,
    ).toBe("pending");

    fake.setStatus(transId, "SUCCESSFUL");
    for (let i = 0; i < 3; i += 1) expect((await hook(JSON.stringify({ transId }))).status).toBe(200);
    // And in parallel, as a provider and a poll might.
    const parallel = await Promise.all([1, 2, 3].map(() => hook(JSON.stringify([{ transId }]))));
    expect(parallel.map((p) => p.status)).toEqual([200, 200, 200]);

    const after = await h.database.db.selectFrom("payments").selectAll().where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(after.payment_status).toBe("successful");
    const events = await h.database.db.selectFrom("payment_events").select("event_type").where("payment_id", "=", payment.id).execute();
    expect(events.filter((e) => e.event_type === "succeeded")).toHaveLength(1);
    expect(events.filter((e) => e.event_type === "webhook_received").length).toBeGreaterThanOrEqual(7);
    expect(await h.database.db.selectFrom("subscriptions").select("id").where("user_id", "=", s.id).execute()).toHaveLength(1);
    const booking = await h.database.db
      .selectFrom("bookings")
      .selectAll()
      .where("booking_reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(booking.booking_status).toBe("confirmed");
  });

  it("credits a payment whose transaction id was never stored, matched through Fapshi's record (externalId)", async () => {
    const s = await student(h);
    const reference = await book(h, s.jar, propertyId, { visitTime: "3:00 PM" });
    await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: s.jar, params: { id: reference } },
    );
    const payment = await h.database.db.selectFrom("payments").selectAll().where("user_id", "=", s.id).executeTakeFirstOrThrow();
    const transId = payment.provider_tx_id!;
    // As if Fapshi's answer to the initiation had been lost: we never stored its transaction id.
    await h.database.db
      .updateTable("payments")
      .set({ provider_tx_id: null, payment_status: "failed", failure_reason: "payment.init_timeout" })
      .where("id", "=", payment.id)
      .execute();
    fake.setStatus(transId, "SUCCESSFUL");

    const r = await hook(JSON.stringify({ transId }));
    expect(r.status).toBe(200);
    const after = await h.database.db.selectFrom("payments").selectAll().where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ payment_status: "successful", provider_tx_id: transId });
    expect(await h.database.db.selectFrom("subscriptions").select("id").where("user_id", "=", s.id).execute()).toHaveLength(1);
    const booking = await h.database.db
      .selectFrom("bookings")
      .selectAll()
      .where("booking_reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(booking.booking_status).toBe("confirmed");
  });

  it("has no simulated checkout page with the real provider", async () => {
    expect((await h.get(checkoutRoute, "/simulated-checkout/ABC123", { params: { transId: "ABC123" } })).status).toBe(404);
    expect(
      (await h.post(checkoutRoute, "/simulated-checkout/ABC123", { intent: "approve" }, { params: { transId: "ABC123" } })).status,
    ).toBe(404);
  });

  it("the result page verifies with Fapshi on the server", async () => {
    const s = await student(h);
    const reference = await book(h, s.jar, propertyId, { visitTime: "2:00 PM" });
    await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: s.jar, params: { id: reference } },
    );
    const payment = await h.database.db.selectFrom("payments").selectAll().where("user_id", "=", s.id).executeTakeFirstOrThrow();
    const pending = await h.get(paymentSuccessRoute, `/payment-success?ref=${payment.reference}&attempt=3`, { jar: s.jar });
    expect(pending.data).toMatchObject({ status: "pending", attempt: 3 });
    fake.setStatus(payment.provider_tx_id!, "FAILED");
    const failed = await h.get(paymentSuccessRoute, `/payment-success?ref=${payment.reference}`, { jar: s.jar });
    expect(failed.data.status).toBe("failed");
    expect(failed.data.retryPath).toBe(`/payment/${reference}`);
    // FAILED is not final for a checkout link: the payer tried again and it went through.
    fake.setStatus(payment.provider_tx_id!, "SUCCESSFUL");
    const ok = await h.get(paymentSuccessRoute, `/payment-success?ref=${payment.reference}`, { jar: s.jar });
    expect(ok.data.status).toBe("successful");
    expect(ok.data.booking.status).toBe("confirmed");
  });
});
