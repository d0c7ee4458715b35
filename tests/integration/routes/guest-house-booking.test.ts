// Guest-house booking through its routes, on a real database with the simulated provider: sent to
// pay the access fee with the form kept, paying it, booking, leaving for WhatsApp through our
// redirect (which marks the attempt), the host refused on their own house, another user's attempt
// a 404, fuzzed posts never a 500 nor an invalid row, and, with the clock moved 15 days ahead
// (an injected clock: the e2e server has none), the guest asked to pay again.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as bookingRoute from "~/routes/guest-house-booking.$id";
import * as accessRoute from "~/routes/guest-house-payment";
import * as whatsappRoute from "~/routes/guest-house-attempt.$id.whatsapp";
import * as checkoutRoute from "~/routes/simulated-checkout.$transId";
import * as paymentSuccessRoute from "~/routes/payment-success";
import * as profileRoute from "~/routes/profile";
import * as logoutRoute from "~/routes/auth+/logout";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { DAY_MS, FixedClock } from "#domain/shared/clock";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

const HOUSE = "gh-route-test-1";
const day = (n: number, from = new Date()) => addDays(doualaDate(from), n);

async function person(h: RouteHarness): Promise<{ id: string; jar: CookieJar }> {
  const p = await createPersona(h, "student");
  return { id: p.id, jar: await signedInJar(h, p.id) };
}

const attempts = (h: RouteHarness, userId: string) =>
  h.database.db.selectFrom("booking_attempts").selectAll().where("user_id", "=", userId).execute();

describeEachDatabase(allDatabaseKinds())("guest-house booking routes (%s)", (kind) => {
  let h: RouteHarness;
  let host: { id: string; jar: CookieJar };
  const form = () => ({ checkIn: day(2), checkOut: day(4), guests: "2", message: "Arriving from Douala by bus." });

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    host = await person(h);
    const stamp = new Date().toISOString();
    await h.database.db
      .insertInto("guest_houses")
      .values({
        id: HOUSE,
        host_id: host.id,
        name: "Molyko Comfort Lodge",
        neighbourhood: "Molyko",
        latitude: 4.15,
        longitude: 9.29,
        nightly_rate: 12000,
        whatsapp_number: "+237 677 12 34 56",
        max_guests: 3,
        seeded: 1,
        created_at: stamp,
      })
      .execute();
    await h.database.db
      .insertInto("guest_house_blocked_dates")
      .values({ guest_house_id: HOUSE, blocked_date: day(10), created_at: stamp })
      .execute();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("without access: sent to pay with the form kept; pays 5 000 FCFA; books; leaves for wa.me; the attempt is marked", async () => {
    const s = await person(h);
    const params = { id: HOUSE };
    const first = await h.post(bookingRoute, `/guest-house-booking/${HOUSE}`, form(), { jar: s.jar, params });
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/guest-house-payment?house=${HOUSE}`);
    expect(await attempts(h, s.id)).toHaveLength(0);

    const back = await h.get(bookingRoute, `/guest-house-booking/${HOUSE}`, { jar: s.jar, params });
    expect(back.data.defaults).toEqual({ checkIn: day(2), checkOut: day(4), guests: "2", message: "Arriving from Douala by bus." });
    expect(back.data.access.active).toBe(false);

    const pay = await h.post(
      accessRoute,
      `/guest-house-payment?house=${HOUSE}`,
      { method: "mtn_momo", phone: "670112233", amount: "1" },
      { jar: s.jar },
    );
    expect(pay.status).toBe(303);
    const transId = /\/simulated-checkout\/([A-Z0-9]+)$/.exec(pay.location ?? "")?.[1];
    expect(transId).toBeTruthy();
    const payment = await h.database.db.selectFrom("payments").selectAll().where("user_id", "=", s.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ payment_type: "guest_house_access", amount: 5000, guest_house_id: HOUSE });
    const approved = await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { jar: s.jar, params: { transId } },
    );
    const result = await h.get(paymentSuccessRoute, approved.location!, { jar: s.jar });
    expect(result.data).toMatchObject({ status: "successful", continuePath: `/guest-house-booking/${HOUSE}` });
    const access = await h.database.db.selectFrom("platform_fee_payments").selectAll().where("user_id", "=", s.id).execute();
    expect(access).toHaveLength(1);
    expect(access[0].transaction_id).toMatch(/^TXN-GH-/);

    const again = await h.get(bookingRoute, `/guest-house-booking/${HOUSE}`, { jar: s.jar, params });
    expect(again.data.access.active).toBe(true);
    expect(again.data.defaults).toEqual(form());

    const booked = await h.post(bookingRoute, `/guest-house-booking/${HOUSE}?lng=fr`, form(), {
      jar: s.jar,
      params,
      headers: { "Accept-Language": "fr" },
    });
    expect(booked.status).toBe(303);
    const attemptId = /^\/guest-house-attempt\/([^/]+)\/whatsapp$/.exec(booked.location ?? "")?.[1];
    expect(attemptId).toBeTruthy();
    const [stored] = await attempts(h, s.id);
    expect(stored).toMatchObject({
      guest_house_id: HOUSE,
      check_in: day(2),
      check_out: day(4),
      guests: 2,
      message: "Arriving from Douala by bus.",
    });
    expect(Number(stored.whatsapp_message_sent)).toBe(0);
    // Booked: the kept form is gone with it.
    expect((await h.get(bookingRoute, `/guest-house-booking/${HOUSE}`, { jar: s.jar, params })).data.defaults.checkIn).toBe("");

    // Someone else following the link: 404, nothing changed.
    const stranger = await person(h);
    const denied = await h.get(whatsappRoute, booked.location!, { jar: stranger.jar, params: { id: attemptId } });
    expect(denied.status).toBe(404);
    expect(Number((await attempts(h, s.id))[0].whatsapp_message_sent)).toBe(0);

    const leave = await h.get(whatsappRoute, booked.location!, { jar: s.jar, params: { id: attemptId } });
    expect(leave.status).toBe(302);
    const wa = new URL(leave.location!);
    expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/237677123456");
    const text = wa.searchParams.get("text") ?? "";
    expect(text).toContain("Molyko Comfort Lodge");
    // In the guest's language (French here), dates as people write them (issue 32).
    const written = (d: string) =>
      new Intl.DateTimeFormat("fr-CM", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${d}T12:00:00Z`),
      );
    expect(text).toContain("Bonjour");
    expect(text).toContain(`du ${written(day(2))} au ${written(day(4))}`);
    expect(text).not.toContain(day(2));
    expect(text).toContain("pour 2 personnes");
    expect(Number((await attempts(h, s.id))[0].whatsapp_message_sent)).toBe(1);

    const profile = await h.get(profileRoute, "/profile", { jar: s.jar });
    expect(profile.data.guestHouseAttempts).toEqual([
      expect.objectContaining({ id: attemptId, guestHouseName: "Molyko Comfort Lodge", whatsappMessageSent: true }),
    ]);
    expect(profile.data.money.platformAccess.active).toBe(true);
  });

  it("with the clock 15 days ahead the access has expired and the guest is asked to pay again", async () => {
    const s = await person(h);
    const now = new Date();
    await h.database.db
      .insertInto("platform_fee_payments")
      .values({
        id: `acc-${s.id}`,
        user_id: s.id,
        amount: 5000,
        payment_date: now.toISOString(),
        expiry_date: new Date(now.getTime() + 14 * DAY_MS).toISOString(),
        transaction_id: `TXN-GH-T-${s.id}`,
        method: "mtn_momo",
      })
      .execute();
    const deps = h.services.guestHouses.booking;
    const real = deps.clock;
    try {
      deps.clock = new FixedClock(new Date(now.getTime() + 15 * DAY_MS));
      const later = new Date(now.getTime() + 15 * DAY_MS);
      const r = await h.post(
        bookingRoute,
        `/guest-house-booking/${HOUSE}`,
        { ...form(), checkIn: day(1, later), checkOut: day(2, later) },
        { jar: s.jar, params: { id: HOUSE } },
      );
      expect(r.status).toBe(303);
      expect(r.location).toBe(`/guest-house-payment?house=${HOUSE}`);
      const page = await h.get(bookingRoute, `/guest-house-booking/${HOUSE}`, { jar: s.jar, params: { id: HOUSE } });
      expect(page.data.access).toMatchObject({ active: false, expired: true });
      expect(await attempts(h, s.id)).toHaveLength(0);
    } finally {
      deps.clock = real;
    }
  });

  it("a missing date asks for that date, not for 'calendar dates', which is kept for a malformed one (issue 32)", async () => {
    const s = await person(h);
    const post = (body: Record<string, string>) =>
      h.post(bookingRoute, `/guest-house-booking/${HOUSE}`, { guests: "1", message: "", ...body }, { jar: s.jar, params: { id: HOUSE } });
    const none = await post({ checkIn: "", checkOut: "" });
    expect(none.status).toBe(400);
    expect(none.data.error.checkIn).toEqual(["guest-houses:errors.check_in_required"]);
    expect(none.data.error.checkOut).toEqual(["guest-houses:errors.check_out_required"]);
    const noCheckOut = await post({ checkIn: day(2), checkOut: "   " });
    expect(noCheckOut.status).toBe(400);
    expect(noCheckOut.data.error.checkIn).toBeUndefined();
    expect(noCheckOut.data.error.checkOut).toEqual(["guest-houses:errors.check_out_required"]);
    const malformed = await post({ checkIn: "12/03/2027", checkOut: day(4) });
    expect(malformed.status).toBe(400);
    expect(malformed.data.error.checkIn).toEqual(["guest-houses:errors.invalid_date"]);
    const backwards = await post({ checkIn: day(4), checkOut: day(2) });
    expect(backwards.data.error.checkOut).toEqual(["guest-houses:errors.check_out_not_after_check_in"]);
    // Without the field at all (a form that lost it), the same as empty.
    const absent = await h.post(bookingRoute, `/guest-house-booking/${HOUSE}`, { guests: "1" }, { jar: s.jar, params: { id: HOUSE } });
    expect(absent.data.error.checkIn).toEqual(["guest-houses:errors.check_in_required"]);
  });

  it("the kept form follows its author to another browser, one per house, and to the access paid from /profile", async () => {
    const s = await person(h);
    const url = (house: string) => `/guest-house-booking/${house}`;
    const other = "gh-route-test-2";
    await h.database.db
      .insertInto("guest_houses")
      .values({
        id: other,
        host_id: host.id,
        name: "Great Soppo Inn",
        neighbourhood: "Great Soppo",
        latitude: 4.16,
        longitude: 9.24,
        nightly_rate: 9000,
        whatsapp_number: "+237 677 12 34 57",
        max_guests: 2,
        seeded: 1,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    // Tab 1 asks for the lodge, tab 2 for the inn: both wait.
    expect((await h.post(bookingRoute, url(HOUSE), form(), { jar: s.jar, params: { id: HOUSE } })).status).toBe(303);
    const second = { checkIn: day(6), checkOut: day(7), guests: "1", message: "From the other tab." };
    expect((await h.post(bookingRoute, url(other), second, { jar: s.jar, params: { id: other } })).status).toBe(303);
    expect((await h.get(bookingRoute, url(HOUSE), { jar: s.jar, params: { id: HOUSE } })).data.defaults).toEqual(form());
    expect((await h.get(bookingRoute, url(other), { jar: s.jar, params: { id: other } })).data.defaults).toEqual(second);

    // The provider's page came back in the phone's other browser: signed in there, the form is there.
    const elsewhere = await signedInJar(h, s.id);
    expect((await h.get(bookingRoute, url(HOUSE), { jar: elsewhere, params: { id: HOUSE } })).data.defaults).toEqual(form());

    // Paying from /profile's link (no ?house): the page and the payment lead back to the latest form.
    const access = await h.get(accessRoute, "/guest-house-payment", { jar: s.jar });
    expect(access.data.house).toEqual({ id: other, name: "Great Soppo Inn" });
  });

  it("a form sent after the session ended: signing in leads back to it with its dates and guests, never the message in a URL", async () => {
    const s = await person(h);
    const sent = await h.post(bookingRoute, `/guest-house-booking/${HOUSE}`, form(), { params: { id: HOUSE } });
    expect(sent.status).toBe(302);
    const login = new URL(sent.location!, "http://localhost");
    expect(login.pathname).toBe("/auth/login");
    const back = login.searchParams.get("redirectTo")!;
    expect(back).toBe(`/guest-house-booking/${HOUSE}?${new URLSearchParams({ checkIn: day(2), checkOut: day(4), guests: "2" })}`);
    expect(sent.location).not.toContain("Douala");
    const page = await h.get(bookingRoute, back, { jar: s.jar, params: { id: HOUSE } });
    expect(page.data.defaults).toEqual({ checkIn: day(2), checkOut: day(4), guests: "2", message: "" });
    // Only values with a date's or a count's shape are taken from a URL.
    const odd = await h.get(bookingRoute, `/guest-house-booking/${HOUSE}?checkIn=soon&checkOut=%3Cb%3E&guests=-1`, {
      jar: s.jar,
      params: { id: HOUSE },
    });
    expect(odd.data.defaults).toEqual({ checkIn: "", checkOut: "", guests: "1", message: "" });
  });

  it("the form kept for the payment is its author's: signing out deletes it, another account on the browser never sees it", async () => {
    const a = await person(h);
    const b = await person(h);
    const params = { id: HOUSE };
    const url = `/guest-house-booking/${HOUSE}`;
    const empty = { checkIn: "", checkOut: "", guests: "1", message: "" };
    const signIn = (browser: CookieJar, as: { jar: CookieJar }) =>
      browser.store(new Headers({ "Set-Cookie": `kn_session=${as.jar.get("kn_session")}` }));
    const stored = () => h.database.db.selectFrom("guest_house_booking_drafts").selectAll().where("user_id", "=", a.id).execute();

    // A types, is sent to pay, and signs out; B signs in on the same browser.
    const browser = a.jar.clone();
    expect(
      (await h.post(bookingRoute, url, { ...form(), message: "Room for me and my sister Ngozi." }, { jar: browser, params })).status,
    ).toBe(303);
    expect(await stored()).toHaveLength(1);
    expect((await h.post(logoutRoute, "/auth/logout", {}, { jar: browser })).status).toBe(302);
    expect(await stored()).toHaveLength(0);
    signIn(browser, b);
    expect((await h.get(bookingRoute, url, { jar: browser, params })).data.defaults).toEqual(empty);
    const againA = { jar: await signedInJar(h, a.id) };
    expect((await h.get(bookingRoute, url, { jar: againA.jar, params })).data.defaults).toEqual(empty);

    // A's session ends without the sign-out (expired, "sign out everywhere"): B signed in over it
    // gets an empty form, and A back gets theirs.
    const shared = againA.jar.clone();
    expect(
      (await h.post(bookingRoute, url, { ...form(), message: "Room for me and my sister Ngozi." }, { jar: shared, params })).status,
    ).toBe(303);
    signIn(shared, b);
    const forB = await h.get(bookingRoute, url, { jar: shared, params });
    expect(forB.data.defaults).toEqual(empty);
    expect(JSON.stringify(forB.data)).not.toContain("Ngozi");
    expect((await h.get(accessRoute, "/guest-house-payment", { jar: shared })).data.house).toBeNull();
    signIn(shared, againA);
    expect((await h.get(bookingRoute, url, { jar: shared, params })).data.defaults.message).toBe("Room for me and my sister Ngozi.");
  });

  it("refuses the host on their own house: no booking, no access payment", async () => {
    const page = await h.get(bookingRoute, `/guest-house-booking/${HOUSE}`, { jar: host.jar, params: { id: HOUSE } });
    expect(page.status).toBe(403);
    const post = await h.post(bookingRoute, `/guest-house-booking/${HOUSE}`, form(), { jar: host.jar, params: { id: HOUSE } });
    expect(post.status).toBe(403);
    const pay = await h.post(
      accessRoute,
      `/guest-house-payment?house=${HOUSE}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: host.jar },
    );
    expect(pay.status).toBe(403);
    expect(await h.database.db.selectFrom("payments").selectAll().where("user_id", "=", host.id).execute()).toHaveLength(0);
    expect(await attempts(h, host.id)).toHaveLength(0);
  });

  it("answers a visitor with the login page and an unknown house with 404", async () => {
    const anon = await h.get(bookingRoute, `/guest-house-booking/${HOUSE}`, { params: { id: HOUSE } });
    expect(anon.location).toMatch(/^\/auth\/login/);
    const s = await person(h);
    expect((await h.get(bookingRoute, "/guest-house-booking/nope", { jar: s.jar, params: { id: "nope" } })).status).toBe(404);
    expect((await h.post(bookingRoute, "/guest-house-booking/nope", form(), { jar: s.jar, params: { id: "nope" } })).status).toBe(404);
  });

  it("fuzzed booking posts never answer 500 nor store an invalid attempt", async () => {
    const s = await person(h);
    const now = new Date();
    await h.database.db
      .insertInto("platform_fee_payments")
      .values({
        id: `acc-f-${s.id}`,
        user_id: s.id,
        amount: 5000,
        payment_date: now.toISOString(),
        expiry_date: new Date(now.getTime() + 14 * DAY_MS).toISOString(),
        transaction_id: `TXN-GH-F-${s.id}`,
        method: "mtn_momo",
      })
      .execute();
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(day(0), day(1), day(2), day(10), day(11), day(40), day(-1), "2026-02-30", "0", "3", "4", "-1", "1e3", "\u0000"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { checkIn: value, checkOut: value, guests: value, message: fc.oneof(value, fc.string({ maxLength: 1200 })) },
          { requiredKeys: [] },
        ),
        async (body) => {
          const r = await h.post(bookingRoute, `/guest-house-booking/${HOUSE}`, body, { jar: s.jar, params: { id: HOUSE } });
          expect(r.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    const today = doualaDate(new Date());
    for (const a of await attempts(h, s.id)) {
      expect(a.check_in! >= today).toBe(true);
      expect(a.check_out! > a.check_in!).toBe(true);
      expect(Number(a.guests)).toBeGreaterThanOrEqual(1);
      expect(Number(a.guests)).toBeLessThanOrEqual(3);
      expect(a.check_in! <= day(10) && a.check_out! > day(10)).toBe(false);
      expect(a.message.length).toBeLessThanOrEqual(1000);
    }
  }, 60_000);
});
