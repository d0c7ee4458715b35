// Issue 30 through the routes: an admin suspends (or demotes) an agent or suspends a host on
// /admin/users/{id}, and at once their listing's page is a 404, its booking form is not offered and
// refuses a crafted post with the translated message, a booking made before cannot be paid (the page
// says why, a crafted payment post is refused and writes nothing), the guest house's page, booking
// form, WhatsApp hand-off and access fee are refused; the student's own booking stays on /profile.
// Then through the real Express handler with the visitors' page cache: a listing page cached for
// visitors is gone on the next request after the suspension, not a cache lifetime later.
import type http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminUserRoute from "~/routes/admin+/users_.$id";
import * as bookVisitRoute from "~/routes/book-visit.$id";
import * as guestHouseBookingRoute from "~/routes/guest-house-booking.$id";
import * as guestHousePaymentRoute from "~/routes/guest-house-payment";
import * as guestHouseRoute from "~/routes/guest-house.$id";
import * as listingsRoute from "~/routes/listings+/_index";
import * as listingRoute from "~/routes/listings+/$id";
import * as paymentRoute from "~/routes/payment.$id";
import * as profileRoute from "~/routes/profile";
import * as propertyRoute from "~/routes/property.$id";
import * as whatsappRoute from "~/routes/guest-house-attempt.$id.whatsapp";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { DAY_MS } from "#domain/shared/clock";
import { createHttpApp } from "../../../server/http-app";
import { testServerBuild } from "../../support/server-build";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";

const STAMP = new Date().toISOString();
const day = (n: number) => addDays(doualaDate(new Date()), n);

async function listing(h: RouteHarness, agentId: string): Promise<string> {
  const id = `prop-${Math.random().toString(36).slice(2, 10)}`;
  await h.database.db
    .insertInto("properties")
    .values({
      id,
      // Public listings have a photo (decision 0231); the count is what the rule reads.
      photo_count: 1,
      agent_id: agentId,
      title: "Studio in Molyko",
      property_type: "studio",
      neighbourhood: "Molyko",
      latitude: 4.15,
      longitude: 9.29,
      distance_to_campus_m: 300,
      monthly_rent: 35000,
      is_verified: 1,
      is_available: 1,
      status: "available",
      hidden_at: null,
      visiting_hours: JSON.stringify({ days: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"], from: "09:00", to: "17:00" }),
      availability_confirmed_at: null,
      created_at: STAMP,
      updated_at: STAMP,
    })
    .execute();
  return id;
}

async function guestHouse(h: RouteHarness, hostId: string): Promise<string> {
  const id = `gh-${Math.random().toString(36).slice(2, 10)}`;
  await h.database.db
    .insertInto("guest_houses")
    .values({
      id,
      host_id: hostId,
      name: "Molyko Comfort Lodge",
      neighbourhood: "Molyko",
      latitude: 4.15,
      longitude: 9.29,
      nightly_rate: 12000,
      whatsapp_number: "+237 677 12 34 56",
      max_guests: 3,
      created_at: STAMP,
    })
    .execute();
  await h.database.db
    .insertInto("host_verifications")
    .values({ id: `hv-${id}`, host_id: hostId, status: "verified", submitted_at: STAMP, reviewed_at: STAMP })
    .execute();
  return id;
}

const visitForm = (visitTime: string) => ({
  visitDate: day(1),
  visitTime,
  visitorName: "Ngozi Ekane",
  visitorEmail: "ngozi@example.cm",
  visitorPhone: "+237 677 12 34 56",
});

async function person(h: RouteHarness, persona: "student" | "approvedAgent" | "admin"): Promise<{ id: string; jar: CookieJar }> {
  const p = await createPersona(h, persona);
  return { id: p.id, jar: await signedInJar(h, p.id) };
}

describeEachDatabase(allDatabaseKinds())("a suspended owner's listings and guest houses through the routes (%s)", (kind) => {
  let h: RouteHarness;
  let admin: { id: string; jar: CookieJar };
  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    admin = await person(h, "admin");
  });
  afterAll(async () => {
    await h?.close();
  });

  const adminPost = (userId: string, fields: Record<string, string>) =>
    h.post(adminUserRoute, `/admin/users/${userId}`, fields, { jar: admin.jar.clone(), params: { id: userId } });

  it("suspending an agent: page 404, not listed, booking not offered nor taken, a booking made before not payable; reactivated, all back", async () => {
    const agent = await person(h, "approvedAgent");
    const propertyId = await listing(h, agent.id);
    const s = await person(h, "student");
    const params = { id: propertyId };
    const booked = await h.post(bookVisitRoute, `/book-visit/${propertyId}`, visitForm("10:00 AM"), { jar: s.jar, params });
    expect(booked.status).toBe(302);
    const reference = /^\/payment\/(KN-[A-Z0-9]+)$/.exec(booked.location ?? "")![1];
    expect((await h.get(paymentRoute, `/payment/${reference}`, { jar: s.jar, params: { id: reference } })).data.state).toBe("payable");

    const toldBeforeSuspension = h.publicPageChanges();
    const suspended = await adminPost(agent.id, { intent: "suspend", reason: "Fake listings" });
    expect(suspended.status).toBe(302);
    // The suspension changes what visitors are shown: every instance's page cache must be emptied.
    expect(h.publicPageChanges() - toldBeforeSuspension).toBe(1);

    expect((await h.get(propertyRoute, `/property/${propertyId}`, { params })).status).toBe(404);
    expect((await h.get(listingRoute, `/listings/${propertyId}`, { jar: s.jar, params })).status).toBe(404);
    const list = await h.get(listingsRoute, "/listings");
    expect(JSON.stringify(list.data)).not.toContain(propertyId);

    const form = await h.get(bookVisitRoute, `/book-visit/${propertyId}`, { jar: s.jar, params });
    expect(form.data).toMatchObject({ blocked: "booking:errors.property_unavailable", slots: [] });
    const crafted = await h.post(bookVisitRoute, `/book-visit/${propertyId}`, visitForm("11:00 AM"), { jar: s.jar, params });
    expect(crafted.status).toBe(400);
    expect(crafted.data.error[""]).toEqual(["This property is currently unavailable"]);
    const craftedFr = await h.post(bookVisitRoute, `/book-visit/${propertyId}?lng=fr`, visitForm("11:00 AM"), {
      jar: s.jar,
      params,
      headers: { "Accept-Language": "fr" },
    });
    expect(craftedFr.data.error[""]).toEqual(["Ce logement est actuellement indisponible"]);
    expect(await h.database.db.selectFrom("bookings").select("id").where("property_id", "=", propertyId).execute()).toHaveLength(1);

    const page = await h.get(paymentRoute, `/payment/${reference}`, { jar: s.jar, params: { id: reference } });
    expect(page.status).toBe(200);
    expect(page.data.state).toBe("unavailable");
    const pay = await h.post(
      paymentRoute,
      `/payment/${reference}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: s.jar, params: { id: reference } },
    );
    expect(pay.status).toBe(400);
    expect(pay.data.error).toEqual({ key: "payment:errors.property_unavailable" });
    expect(pay.data.result.error[""]).toEqual([
      "This listing no longer takes visits, so this booking cannot be paid for. Nothing was charged.",
    ]);
    expect(await h.database.db.selectFrom("payments").select("id").where("user_id", "=", s.id).execute()).toHaveLength(0);

    // The student's own history stays theirs to read.
    const profile = await h.get(profileRoute, "/profile", { jar: s.jar });
    expect(profile.data.money.bookings.map((b: { reference: string }) => b.reference)).toContain(reference);

    expect((await adminPost(agent.id, { intent: "reactivate" })).status).toBe(302);
    expect((await h.get(propertyRoute, `/property/${propertyId}`, { params })).status).toBe(200);
    expect((await h.get(paymentRoute, `/payment/${reference}`, { jar: s.jar, params: { id: reference } })).data.state).toBe("payable");
  });

  it("an agent made a student: their listing's page is a 404 and it takes no booking; made an agent again, it is back", async () => {
    const agent = await person(h, "approvedAgent");
    const propertyId = await listing(h, agent.id);
    const s = await person(h, "student");
    const params = { id: propertyId };
    const toldBeforeDemotion = h.publicPageChanges();
    const demoted = await adminPost(agent.id, { intent: "role", role: "student" });
    expect(demoted.status).toBe(302);
    expect(h.publicPageChanges() - toldBeforeDemotion).toBe(1);
    expect((await h.get(propertyRoute, `/property/${propertyId}`, { params })).status).toBe(404);
    expect((await h.post(bookVisitRoute, `/book-visit/${propertyId}`, visitForm("10:00 AM"), { jar: s.jar, params })).status).toBe(400);
    await adminPost(agent.id, { intent: "role", role: "agent" });
    expect((await h.get(propertyRoute, `/property/${propertyId}`, { params })).status).toBe(200);
  });

  it("suspending a host: the house's page and booking form are 404s, no access fee is taken for it, nobody is handed to the host on WhatsApp", async () => {
    const host = await person(h, "student");
    const houseId = await guestHouse(h, host.id);
    const guest = await person(h, "student");
    const now = new Date();
    await h.database.db
      .insertInto("platform_fee_payments")
      .values({
        id: `pfp-${guest.id}`,
        user_id: guest.id,
        amount: 5000,
        payment_date: now.toISOString(),
        expiry_date: new Date(now.getTime() + 14 * DAY_MS).toISOString(),
        is_valid: 1,
        transaction_id: `TXN-GH-${guest.id}`,
        method: "mtn_momo",
      })
      .execute();
    const params = { id: houseId };
    const asked = await h.post(
      guestHouseBookingRoute,
      `/guest-house-booking/${houseId}`,
      { checkIn: day(2), checkOut: day(4), guests: "1", message: "" },
      { jar: guest.jar, params },
    );
    expect(asked.status).toBe(303);
    const attemptId = /^\/guest-house-attempt\/([^/]+)\/whatsapp$/.exec(asked.location ?? "")![1];

    expect((await adminPost(host.id, { intent: "suspend", reason: "Scam" })).status).toBe(302);
    expect((await h.get(guestHouseRoute, `/guest-house/${houseId}`, { params })).status).toBe(404);
    expect((await h.get(guestHouseBookingRoute, `/guest-house-booking/${houseId}`, { jar: guest.jar, params })).status).toBe(404);
    const again = await h.post(
      guestHouseBookingRoute,
      `/guest-house-booking/${houseId}`,
      { checkIn: day(5), checkOut: day(6), guests: "1", message: "" },
      { jar: guest.jar, params },
    );
    expect(again.status).toBe(404);
    const handoff = await h.get(whatsappRoute, `/guest-house-attempt/${attemptId}/whatsapp`, { jar: guest.jar, params: { id: attemptId } });
    expect(handoff.status).toBe(404);
    expect(handoff.location).toBeNull();
    const attempts = await h.database.db.selectFrom("booking_attempts").selectAll().where("user_id", "=", guest.id).execute();
    expect(attempts.map((a) => Number(a.whatsapp_message_sent))).toEqual([0]);

    const other = await person(h, "student");
    const fee = await h.post(
      guestHousePaymentRoute,
      `/guest-house-payment?house=${houseId}`,
      { method: "mtn_momo", phone: "670112233" },
      { jar: other.jar },
    );
    expect(fee.status).toBe(404);
    expect(await h.database.db.selectFrom("payments").select("id").where("user_id", "=", other.id).execute()).toHaveLength(0);
  });
});

describe("a suspended agent's listing through the Express handler and the visitors' page cache", () => {
  let h: RouteHarness;
  let server: http.Server;
  let base: string;
  let clientDir: string;

  beforeAll(async () => {
    h = await createRouteHarness();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-suspended-"));
    // Real route modules; the document "renderer" answers the status Remix chose (as express-fuzz.test.ts).
    const build = testServerBuild(
      {
        root: { path: "", module: { default: () => null } },
        "routes/listings+/$id": { parentId: "root", path: "listings/:id", module: listingRoute },
        "routes/admin+/users_.$id": { parentId: "root", path: "admin/users/:id", module: adminUserRoute },
      },
      {
        default: (_request, status, headers) =>
          new Response(`<!doctype html><p>status ${status}</p>`, {
            status,
            headers: { ...Object.fromEntries(headers), "Content-Type": "text/html" },
          }),
      } as ServerBuild["entry"]["module"],
      "suspended-owners",
    );
    server = createHttpApp({ services: h.services, build, clientDir }).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await h?.close();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("a listing page a visitor has cached is a 404 on the very next request after the suspension", async () => {
    const agent = await createPersona(h, "approvedAgent");
    const propertyId = await listing(h, agent.id);
    const admin = await createPersona(h, "admin");
    const adminCookie = (await signedInJar(h, admin.id)).header()!;
    const visit = () =>
      fetch(`${base}/listings/${propertyId}`).then(async (r) => ({
        status: r.status,
        cache: r.headers.get("x-page-cache"),
        body: await r.text(),
      }));

    expect((await visit()).status).toBe(200);
    expect(await visit()).toMatchObject({ status: 200, cache: "hit" });

    const suspend = await fetch(`${base}/admin/users/${agent.id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "suspend", reason: "Fake listings" }),
      headers: { cookie: adminCookie, origin: base },
      redirect: "manual",
    });
    await suspend.arrayBuffer();
    expect(suspend.status).toBe(302);
    expect((await visit()).status).toBe(404);
  });
});
