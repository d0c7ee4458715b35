// The admin's properties, listing reports and payments pages through their loaders and actions on
// a real database: each decision lands with its audit row, shows publicly, and tells the page cache;
// another role's crafted post changes nothing; "check again" goes through the provider.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminPayment from "~/routes/admin+/payments_.$id";
import * as adminPayments from "~/routes/admin+/payments";
import * as adminProperties from "~/routes/admin+/properties";
import * as adminReports from "~/routes/admin+/listing-reports";
import * as listingPage from "~/routes/listings+/$id";
import * as checkoutRoute from "~/routes/simulated-checkout.$transId";
import * as subscriptionRoute from "~/routes/subscription-payment";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { insertProperty } from "../contract/discovery-fixtures";

describe("admin properties, reports and payments routes", () => {
  let h: RouteHarness;
  let admin: { id: string; jar: CookieJar };
  let agent: { id: string; jar: CookieJar };
  let student: { id: string; jar: CookieJar };
  const audit = (action: string) => h.database.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
  const property = (id: string) =>
    h.database.db.selectFrom("properties").select(["is_verified", "hidden_at"]).where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    h = await createRouteHarness();
    const a = await createPersona(h, "admin");
    admin = { id: a.id, jar: await signedInJar(h, a.id) };
    const g = await createPersona(h, "approvedAgent");
    agent = { id: g.id, jar: await signedInJar(h, g.id) };
    const s = await createPersona(h, "student");
    student = { id: s.id, jar: await signedInJar(h, s.id) };
    await insertProperty(h.database.db, { id: "adm-p1", agentId: g.id, title: "Studio near the gate" });
    await insertProperty(h.database.db, {
      id: "adm-p2",
      agentId: g.id,
      title: "Room hidden by reports",
      hiddenAt: new Date().toISOString(),
    });
    for (const reporter of ["rep-1", "rep-2"]) {
      await h.database.db
        .insertInto("profiles")
        .values({
          id: reporter,
          role: "student",
          full_name: reporter,
          email: `${reporter}@kamernest.test`,
          phone: null,
          password_hash: null,
          email_confirmed_at: "2026-01-01T00:00:00.000Z",
          google_id: null,
          totp_secret: null,
          totp_enabled_at: null,
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();
      await h.database.db
        .insertInto("listing_reports")
        .values({
          id: `r-${reporter}`,
          property_id: "adm-p2",
          reporter_id: reporter,
          reason: "scam",
          details: "",
          status: "open",
          created_at: new Date().toISOString(),
          reviewed_at: null,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  it("lists unverified first with the filter, and verifies a property, which then shows the badge publicly", async () => {
    const page = await h.get(adminProperties, "/admin/properties?filter=unverified", { jar: admin.jar.clone() });
    expect(page.status).toBe(200);
    expect(page.data.items.map((p: { id: string }) => p.id)).toContain("adm-p1");
    expect(page.data.countText).toBe(page.data.total === 1 ? "1 property" : `${page.data.total} properties`);
    const french = await h.get(adminProperties, "/admin/properties?filter=unverified", {
      jar: admin.jar.clone(),
      headers: { "Accept-Language": "fr" },
    });
    expect(french.data.countText).toBe(page.data.total === 1 ? "1 propriété" : `${page.data.total} propriétés`);
    const toldBeforeR = h.publicPageChanges();
    const r = await h.post(
      adminProperties,
      "/admin/properties",
      { intent: "verify", propertyId: "adm-p1", filter: "unverified", page: "1" },
      { jar: admin.jar.clone() },
    );
    expect(r.status).toBe(302);
    expect(r.location).toBe("/admin/properties?filter=unverified");
    expect(h.publicPageChanges() - toldBeforeR).toBe(1);
    expect((await property("adm-p1")).is_verified).toBe(1);
    const [row] = await audit("admin.property_verified");
    expect(row.actor_id).toBe(admin.id);
    expect(JSON.parse(row.data)).toEqual({
      target: "property:adm-p1",
      before: '{"isVerified":false,"hiddenAt":null}',
      after: '{"isVerified":true,"hiddenAt":null}',
    });
    const pub = await h.get(listingPage, "/listings/adm-p1", { params: { id: "adm-p1" } });
    expect(pub.status).toBe(200);
    expect(JSON.stringify(pub.data)).toMatch(/"isVerified":true/);
    // Twice: nothing to change, a 409 with a message, no second audit row.
    const again = await h.post(
      adminProperties,
      "/admin/properties",
      { intent: "verify", propertyId: "adm-p1" },
      { jar: admin.jar.clone() },
    );
    expect(again.status).toBe(409);
    expect(again.data.formError).toMatch(/already/);
    expect(await audit("admin.property_verified")).toHaveLength(1);
  });

  it("refuses every admin action to an agent and a student, changing nothing", async () => {
    for (const who of [agent, student]) {
      for (const [route, url, form] of [
        [adminProperties, "/admin/properties", { intent: "hide", propertyId: "adm-p1" }],
        [adminProperties, "/admin/properties", { intent: "restore", propertyId: "adm-p2" }],
        [adminReports, "/admin/listing-reports", { intent: "dismiss", reportId: "r-rep-1" }],
        [adminReports, "/admin/listing-reports", { intent: "restore", propertyId: "adm-p2" }],
      ] as const) {
        const r = await h.post(route, url, form, { jar: who.jar.clone() });
        expect(r.status).toBe(302);
        expect(r.location).toBe("/admin/unauthorized");
      }
    }
    expect((await property("adm-p1")).hidden_at).toBeNull();
    expect((await property("adm-p2")).hidden_at).not.toBeNull();
    const open = await h.database.db.selectFrom("listing_reports").select("id").where("status", "=", "open").execute();
    expect(open).toHaveLength(2);
  });

  it("answers a missing property with a 404 and a message", async () => {
    const r = await h.post(adminProperties, "/admin/properties", { intent: "hide", propertyId: "nope" }, { jar: admin.jar.clone() });
    expect(r.status).toBe(404);
  });

  it("shows the report queue and restores a listing hidden by two reports, closing them", async () => {
    const queue = await h.get(adminReports, "/admin/listing-reports", { jar: admin.jar.clone() });
    expect(
      queue.data.reports.filter((r: { propertyId: string; listingHidden: boolean }) => r.propertyId === "adm-p2" && r.listingHidden),
    ).toHaveLength(2);
    const toldBeforeR = h.publicPageChanges();
    const r = await h.post(adminReports, "/admin/listing-reports", { intent: "restore", propertyId: "adm-p2" }, { jar: admin.jar.clone() });
    expect(r.status).toBe(302);
    expect(h.publicPageChanges() - toldBeforeR).toBe(1);
    expect((await property("adm-p2")).hidden_at).toBeNull();
    const statuses = await h.database.db.selectFrom("listing_reports").select("status").where("property_id", "=", "adm-p2").execute();
    expect(statuses.map((s) => s.status)).toEqual(["dismissed", "dismissed"]);
    const [row] = await audit("admin.listing_restored");
    expect(JSON.parse(row.data)).toMatchObject({ target: "property:adm-p2", reportsClosed: 2 });
    expect((await h.get(listingPage, "/listings/adm-p2", { params: { id: "adm-p2" } })).status).toBe(200);
  });

  it("hides a listing, which disappears publicly", async () => {
    const r = await h.post(adminProperties, "/admin/properties", { intent: "hide", propertyId: "adm-p2" }, { jar: admin.jar.clone() });
    expect(r.status).toBe(302);
    const pub = await h.get(listingPage, "/listings/adm-p2", { params: { id: "adm-p2" } });
    expect(pub.status).toBe(404);
    expect(await audit("admin.property_hidden")).toHaveLength(1);
  });

  it("checks a payment again with the provider: a lost webhook's success is applied, with its events and an audit row", async () => {
    const s = await createPersona(h, "student");
    const jar = await signedInJar(h, s.id);
    const start = await h.post(subscriptionRoute, "/subscription-payment", { method: "mtn_momo", phone: "237670112233" }, { jar });
    const transId = /\/simulated-checkout\/([A-Z0-9]+)$/.exec(start.location ?? "")?.[1];
    expect(transId).toBeTruthy();
    await h.post(
      checkoutRoute,
      `/simulated-checkout/${transId}`,
      { intent: "approve", processed: "client" },
      { jar, params: { transId: transId! } },
    );
    const payment = await h.database.db.selectFrom("payments").selectAll().where("user_id", "=", s.id).executeTakeFirstOrThrow();
    expect(payment.payment_status).toBe("successful");
    // As if the provider's notification had been lost: the provider says successful, we say pending.
    await h.database.db
      .updateTable("payments")
      .set({ payment_status: "pending", confirmed_at: null })
      .where("id", "=", payment.id)
      .execute();

    const list = await h.get(adminPayments, "/admin/payments?status=pending", { jar: admin.jar.clone() });
    expect(list.data.items.map((p: { id: string }) => p.id)).toContain(payment.id);
    const stats = list.data.stats.find((g: { gateway: string }) => g.gateway === payment.payment_gateway);
    expect(stats.pendingCount).toBeGreaterThanOrEqual(1);
    expect(list.data.countText).toBe(list.data.total === 1 ? "1 payment" : `${list.data.total} payments`);
    const french = await h.get(adminPayments, "/admin/payments?status=pending", {
      jar: admin.jar.clone(),
      headers: { "Accept-Language": "fr" },
    });
    expect(french.data.countText).toBe(list.data.total === 1 ? "1 paiement" : `${list.data.total} paiements`);

    const detail = await h.get(adminPayment, `/admin/payments/${payment.id}`, { jar: admin.jar.clone(), params: { id: payment.id } });
    expect(detail.data.payment.status).toBe("pending");
    const eventsBefore = detail.data.events.length;
    expect(eventsBefore).toBeGreaterThan(0);

    // Not an admin: sent away, nothing asked.
    const refused = await h.post(adminPayment, `/admin/payments/${payment.id}`, { intent: "recheck" }, { jar, params: { id: payment.id } });
    expect(refused.location).toBe("/admin/unauthorized");
    expect(await audit("admin.payment_rechecked")).toHaveLength(0);

    const r = await h.post(
      adminPayment,
      `/admin/payments/${payment.id}`,
      { intent: "recheck" },
      { jar: admin.jar.clone(), params: { id: payment.id } },
    );
    expect(r.status).toBe(302);
    expect(r.location).toBe(`/admin/payments/${payment.id}`);
    const after = await h.get(adminPayment, `/admin/payments/${payment.id}`, { jar: admin.jar.clone(), params: { id: payment.id } });
    expect(after.data.payment.status).toBe("successful");
    expect(after.data.events.length).toBeGreaterThan(eventsBefore);
    const [row] = await audit("admin.payment_rechecked");
    expect(row.actor_id).toBe(admin.id);
    expect(JSON.parse(row.data)).toEqual({
      target: `payment:${payment.id}`,
      before: '{"status":"pending"}',
      after: '{"status":"successful"}',
    });

    const missing = await h.post(
      adminPayment,
      "/admin/payments/nope",
      { intent: "recheck" },
      { jar: admin.jar.clone(), params: { id: "nope" } },
    );
    expect(missing.status).toBe(404);
  });

  it("reads filters that are not in the lists as no filter, never a 500", async () => {
    for (const q of [
      "status=paid",
      "type=%00",
      "gateway=" + "x".repeat(300),
      "page=-3",
      "page=99999",
      "status=successful&type=unified_payment&gateway=simulated&page=2",
    ]) {
      const r = await h.get(adminPayments, `/admin/payments?${q}`, { jar: admin.jar.clone() });
      expect(r.status, q).toBe(200);
    }
    for (const q of ["filter=bogus", "filter=hidden&page=abc", "page=100000"]) {
      expect((await h.get(adminProperties, `/admin/properties?${q}`, { jar: admin.jar.clone() })).status, q).toBe(200);
    }
  });
});
