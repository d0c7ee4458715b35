// The contact form (honeypot, validation, rate limit), the legal pages, sitemap.xml, robots.txt
// and the HTML caching middleware.
import { createHash } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contact from "~/routes/contact";
import * as faq from "~/routes/faq";
import * as terms from "~/routes/terms";
import { seedHelpContent } from "#infrastructure/seed/help-content-seed";
import * as sitemap from "~/routes/sitemap[.]xml";
import * as robots from "~/routes/robots[.]txt";
import { htmlCaching, htmlEtag, matchesIfNoneMatch } from "../../../server/caching";
import { TEST_APP_URL } from "../../support/route-harness";
import { allDatabaseKinds, databaseSuites } from "../../support/test-database";
import { createDiscoveryWorld, type DiscoveryWorld } from "./discovery-support";

const form = (over: Record<string, string> = {}) => ({
  name: "Brenda Ayuk",
  email: "brenda@example.com",
  subject: "Refund for a visit",
  message: "The agent did not come to my visit on Saturday.",
  website: "",
  ...over,
});

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "contact, help pages and sitemap on %s")) {
  describe.skipIf(skip)(title, () => {
    let w: DiscoveryWorld;
    beforeAll(async () => {
      w = await createDiscoveryWorld(kind);
    });
    afterAll(() => w.h.close());
    const stored = () => w.h.database.db.selectFrom("contact_messages").selectAll().execute();

    it("stores a message, e-mails support and redirects with a Success toast", async () => {
      const r = await w.h.post(contact, "/contact", form());
      expect(r.status).toBe(302);
      expect(r.location).toBe("/contact");
      expect(r.headers.get("Set-Cookie")).toContain("kn_session=");
      expect(await stored()).toHaveLength(1);
      const mail = await w.h.database.db
        .selectFrom("outbox_emails")
        .selectAll()
        .where("to_address", "=", w.h.services.config.support.email)
        .execute();
      expect(mail.map((m) => m.subject)).toEqual(["[Contact] Refund for a visit"]);
    });

    it("answers a bot that filled the honeypot like a person, and stores nothing", async () => {
      const before = (await stored()).length;
      const r = await w.h.post(contact, "/contact", form({ website: "http://spam.example", email: "bot@example.com" }));
      expect(r.status).toBe(302);
      expect(r.location).toBe("/contact");
      expect(await stored()).toHaveLength(before);
    });

    it("refuses bad input with translated field messages and 400", async () => {
      const r = await w.h.post(contact, "/contact", form({ email: "not-an-email", message: "short" }));
      expect(r.status).toBe(400);
      expect(r.data.fieldErrors).toEqual({ email: "contact:errors.invalid_email", message: "contact:errors.invalid_message" });
      expect(r.data.values.email).toBe("not-an-email");
      const missing = await w.h.post(contact, "/contact", {});
      expect(missing.status).toBe(400);
    });

    it("limits a sender to 3 messages in 10 minutes (429)", async () => {
      const email = "busy@example.com";
      for (let i = 0; i < 3; i++) expect((await w.h.post(contact, "/contact", form({ email }))).status).toBe(302);
      const r = await w.h.post(contact, "/contact", form({ email }));
      expect(r.status).toBe(429);
      expect(r.data.formError).toMatch(/10 minutes/);
    });

    it("serves the FAQ and legal pages with their titles in both languages", async () => {
      // Their texts live in the database (decision 0128), written by the first-version seed.
      await seedHelpContent(w.h.database.db);
      const en = await w.h.get(faq, "/faq");
      expect(en.data.seo.title).toBe("Frequently asked questions");
      expect(en.data.jsonLd.mainEntity.length).toBeGreaterThan(10);
      const fr = await w.h.get(terms, "/terms?lng=fr");
      expect(fr.data.seo.title).toBe("Conditions d'utilisation");
    });

    it("lists every public listing, guest house and post in sitemap.xml, with French alternates", async () => {
      const hidden = w.ids["soppo"];
      await w.h.database.db.updateTable("properties").set({ hidden_at: new Date().toISOString() }).where("id", "=", hidden).execute();
      await w.h.database.db
        .insertInto("guest_houses")
        .values({
          id: "gh-1",
          host_id: w.student.id,
          name: "Mountain View",
          neighbourhood: "Molyko",
          latitude: 4.15,
          longitude: 9.29,
          nightly_rate: 12_000,
          whatsapp_number: "237670000000",
          created_at: new Date().toISOString(),
        })
        .execute();
      // Only an approved host's houses are public (guestHouseVisibility); a pending host's is not listed.
      await w.h.database.db
        .insertInto("host_verifications")
        .values({ id: "hv-1", host_id: w.student.id, status: "verified", submitted_at: new Date().toISOString() })
        .execute();
      const r = await w.h.get(sitemap, "/sitemap.xml");
      expect(r.status).toBe(200);
      const xml = await (
        await sitemap.loader({ request: new Request(`${TEST_APP_URL}/sitemap.xml`), context: w.h.context, params: {} })
      ).text();
      expect(xml).toContain(`<loc>${TEST_APP_URL}/listings/${w.ids["molyko-mid"]}</loc>`);
      expect(xml).not.toContain(hidden);
      expect(xml).toContain(`<loc>${TEST_APP_URL}/guest-house/gh-1</loc>`);
      expect(xml).toContain(`hreflang="fr" href="${TEST_APP_URL}/faq?lng=fr"`);
      expect(xml).toContain(`<loc>${TEST_APP_URL}/listings?n=Great+Soppo</loc>`);
      const txt = await (
        await robots.loader({ request: new Request(`${TEST_APP_URL}/robots.txt`), context: w.h.context, params: {} })
      ).text();
      expect(txt).toContain(`Sitemap: ${TEST_APP_URL}/sitemap.xml`);
      expect(txt).toContain("Disallow: /profile");
    });
  });
}

describe("HTML caching", () => {
  let server: http.Server;
  let base: string;
  let counter = 0;
  beforeAll(async () => {
    const app = express();
    app.set("etag", false);
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${++counter}`;
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
      next();
    });
    app.use(htmlCaching());
    app.get("/page", (_req, res) => {
      res.type("html");
      res.write(`<html><script nonce="${res.locals.cspNonce}"></script>`);
      res.end("<p>Hello</p></html>");
    });
    app.get("/missing", (_req, res) => res.status(404).type("html").send("<p>Not found</p>"));
    app.get("/data", (_req, res) => res.json({ ok: true }));
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("gives visitors an ETag that ignores the nonce, and 304 without the new CSP", async () => {
    const first = await fetch(`${base}/page`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    expect(await first.text()).toContain("nonce=");
    const again = await fetch(`${base}/page`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(await again.text()).toBe("");
    const changed = await fetch(`${base}/page`, { headers: { "If-None-Match": 'W/"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it("never caches a signed-in user's page", async () => {
    const r = await fetch(`${base}/page`, { headers: { Cookie: "kn_lang=en; kn_session=abc" } });
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.headers.get("etag")).toBeNull();
  });

  it("leaves errors without a validator and other content alone", async () => {
    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
    const json = await fetch(`${base}/data`);
    expect(json.headers.get("cache-control")).toBeNull();
  });

  it("compares If-None-Match lists weakly", () => {
    const tag = htmlEtag(Buffer.from("<p>x</p>"), "");
    expect(matchesIfNoneMatch(`"a", ${tag.replace("W/", "")}`, tag)).toBe(true);
    expect(matchesIfNoneMatch("*", tag)).toBe(true);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(htmlEtag(Buffer.from('<script nonce="n1">'), "n1")).toBe(htmlEtag(Buffer.from('<script nonce="n2">'), "n2"));
  });

  it("hashes the page without its nonces, as the bytes of the text with them taken out", () => {
    // Every occurrence, at the start and the end too, and text that is not ASCII around them.
    const page = 'nonce-abc<p>Loyer : 8 000 FCFA — été</p><script nonce="nonce-abc"></script><style nonce="nonce-abc">nonce-abc';
    const expected = `W/"${createHash("sha256").update(page.split("nonce-abc").join("")).digest("base64url").slice(0, 27)}"`;
    expect(htmlEtag(Buffer.from(page), "nonce-abc")).toBe(expected);
    expect(htmlEtag(Buffer.from(page), "")).toBe(`W/"${createHash("sha256").update(page).digest("base64url").slice(0, 27)}"`);
    expect(htmlEtag(Buffer.from(page), "not-there")).toBe(htmlEtag(Buffer.from(page), ""));
  });
});
