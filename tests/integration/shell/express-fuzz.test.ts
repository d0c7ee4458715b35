// Fuzzing through the real HTTP stack: server/http-app.ts (compression, security headers, the
// cross-origin check, caching, the page cache) and Remix's Express handler, on an ephemeral port,
// with a ServerBuild made of the real route modules (only the document renderer is a stub that
// answers the status Remix chose). Bodies are sent as bytes over a socket: wrong Content-Types,
// broken encodings, huge fields, repeated keys, foreign origins. Never a 500, only the expected
// statuses, and the same stored-row rules as the route fuzz tests, including under concurrent posts.
import type http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../../server/http-app";
import * as contactRoute from "~/routes/contact";
import * as loginRoute from "~/routes/auth+/login";
import * as wishlistRoute from "~/routes/resources+/wishlist";
import * as savedSearchesRoute from "~/routes/resources+/saved-searches";
import * as preferencesRoute from "~/routes/resources+/preferences";
import * as listingRoute from "~/routes/listings+/$id";
import * as webhookRoute from "~/routes/webhooks+/fapshi";
import { SAVED_SEARCH_LIMIT } from "#domain/alerts/saved-search.entity";
import { MESSAGE_BODY_MAX } from "#domain/messaging/message.entity";
import { REPORT_REASONS } from "#domain/reports/listing-report.entity";
import { createPersona, createRouteHarness, signedInJar, TEST_APP_URL, type RouteHarness } from "../../support/route-harness";
import { insertProperty } from "../contract/discovery-fixtures";
import { RUNS, weird } from "../routes/fuzz-support";
import { testServerBuild } from "../../support/server-build";

const PROPERTY = "00000000-0000-4000-8000-0000000e0001";

/** A ServerBuild of real route modules; the document "renderer" answers the status Remix decided. */
function routeBuild(errors: unknown[]): ServerBuild {
  return testServerBuild(
    {
      root: { path: "", module: { default: () => null } },
      "routes/contact": { parentId: "root", path: "contact", module: contactRoute },
      "routes/auth+/login": { parentId: "root", path: "auth/login", module: loginRoute },
      "routes/resources+/wishlist": { parentId: "root", path: "resources/wishlist", module: wishlistRoute },
      "routes/resources+/saved-searches": { parentId: "root", path: "resources/saved-searches", module: savedSearchesRoute },
      "routes/resources+/preferences": { parentId: "root", path: "resources/preferences", module: preferencesRoute },
      "routes/listings+/$id": { parentId: "root", path: "listings/:id", module: listingRoute },
      "routes/webhooks+/fapshi": { parentId: "root", path: "webhooks/fapshi", module: webhookRoute },
    },
    {
      default: (_request, status, headers) =>
        new Response(`<!doctype html><p>status ${status}</p>`, {
          status,
          headers: { ...Object.fromEntries(headers), "Content-Type": "text/html" },
        }),
      handleError: (error) => {
        errors.push(error);
      },
    } as ServerBuild["entry"]["module"],
    "fuzz",
  );
}

describe("fuzzing through the Express handler", () => {
  let h: RouteHarness;
  let server: http.Server;
  let base: string;
  let cookie: string;
  let studentId: string;
  let clientDir: string;
  const errors: unknown[] = [];

  beforeAll(async () => {
    h = await createRouteHarness();
    const agent = await createPersona(h, "approvedAgent");
    await insertProperty(h.database.db, { id: PROPERTY, agentId: agent.id });
    const student = await createPersona(h, "student");
    studentId = student.id;
    cookie = (await signedInJar(h, student.id)).header()!;
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-express-fuzz-"));
    const app = createHttpApp({ services: h.services, build: routeBuild(errors), clientDir });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await h?.close();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const post = async (to: string, body: string | Uint8Array, headers: Record<string, string>) => {
    const response = await fetch(base + to, {
      method: "POST",
      body: typeof body === "string" ? body : new Blob([new Uint8Array(body)]),
      headers,
      redirect: "manual",
    });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("location") };
  };

  /** URL-encoded by hand, so repeated keys and raw (unencoded) bytes go through as sent. */
  const encode = (fields: Array<[string, string]>, raw: boolean) =>
    fields.map(([k, v]) => (raw ? `${k}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join("&");

  const targets = [
    {
      path: "/contact",
      signedIn: false,
      fields: ["name", "email", "subject", "message", "website"],
      valid: { name: "Ngozi Ekane", email: "ngozi@example.cm", subject: "A question", message: "Is there a room near campus?" },
      allowed: [302, 400, 429],
    },
    {
      path: "/auth/login",
      signedIn: false,
      fields: ["intent", "email", "password", "redirectTo"],
      valid: { intent: "password", email: "x@route.test", password: "nope" },
      allowed: [200, 302, 400, 429],
    },
    {
      path: "/resources/wishlist",
      signedIn: true,
      fields: ["intent", "propertyId", "redirectTo"],
      valid: { intent: "add", propertyId: PROPERTY, redirectTo: "/listings" },
      allowed: [302, 400, 404],
    },
    {
      path: "/resources/saved-searches",
      signedIn: true,
      fields: ["intent", "query", "id", "redirectTo"],
      valid: { intent: "save", query: "n=Molyko" },
      allowed: [302, 400],
    },
    {
      path: "/resources/preferences",
      signedIn: false,
      fields: ["language", "theme", "redirectTo"],
      valid: { language: "fr", redirectTo: "/listings" },
      allowed: [302, 400],
    },
    {
      path: `/listings/${PROPERTY}`,
      signedIn: true,
      fields: ["intent", "body", "reason", "details"],
      valid: { intent: "contact", body: "Is it free?" },
      allowed: [302, 400, 404, 409, 429],
    },
  ] as const;

  it(`${RUNS * 3} posts over HTTP to six forms: never a 500, only the expected statuses, never a redirect off the site`, async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(targets.length - 1),
        fc.array(
          fc.tuple(fc.nat(5), fc.oneof({ weight: 3, arbitrary: fc.constant<string | null>(null) }, { weight: 2, arbitrary: weird })),
          { maxLength: 6 },
        ),
        fc.constantFrom(
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=ISO-8859-1",
          "multipart/form-data",
          "application/json",
          "text/plain",
          "",
        ),
        fc.boolean(),
        fc.constantFrom<"own" | "none" | "foreign">("own", "own", "none", "foreign"),
        async (which, tweaks, contentType, raw, origin) => {
          const target = targets[which];
          const fields: Array<[string, string]> = Object.entries(target.valid);
          // Each tweak replaces a field with garbage (or repeats it with the valid value).
          for (const [i, value] of tweaks) {
            const name = target.fields[i % target.fields.length];
            const at = fields.findIndex(([k]) => k === name);
            if (value === null) fields.push([name, (target.valid as Record<string, string>)[name] ?? ""]);
            else if (at >= 0) fields[at] = [name, value];
            else fields.push([name, value]);
          }
          const headers: Record<string, string> = {};
          if (contentType) headers["content-type"] = contentType;
          if (target.signedIn) headers.cookie = cookie;
          if (origin === "own") headers.origin = base;
          if (origin === "foreign") headers.origin = "https://evil.example";
          const r = await post(target.path, encode(fields, raw), headers);
          if (r.status >= 500) throw new Error(`${target.path} answered ${r.status}: ${String(errors.at(-1))}`, { cause: errors.at(-1) });
          if (origin === "foreign") expect(r.status).toBe(403);
          else expect(target.allowed.includes(r.status as never) || r.status === 400, `${target.path}: ${r.status}`).toBe(true);
          if (r.location) expect(new URL(r.location, base).origin, `redirect to ${r.location}`).toBe(base);
          seen.add(r.status);
        },
      ),
      {
        numRuns: RUNS * 3,
        examples: [
          [2, [], "application/x-www-form-urlencoded", false, "own"],
          [0, [], "application/json", false, "own"],
          [0, [], "application/x-www-form-urlencoded", false, "foreign"],
        ],
      },
    );
    expect(errors).toEqual([]);
    expect([...seen]).toEqual(expect.arrayContaining([302, 400, 403]));
    const messages = await h.database.db.selectFrom("messages").select("body").execute();
    for (const m of messages) {
      expect(m.body.trim()).toBe(m.body);
      expect(m.body.length).toBeGreaterThan(0);
      expect(m.body.length).toBeLessThanOrEqual(MESSAGE_BODY_MAX);
    }
    for (const r of await h.database.db.selectFrom("listing_reports").selectAll().execute())
      expect(REPORT_REASONS as readonly string[]).toContain(r.reason);
  }, 120_000);

  it("webhook over HTTP: odd JSON, huge and binary bodies, no secret: never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          weird,
          fc.json(),
          fc.constantFrom(JSON.stringify({ transId: "UNKNOWN1" }), JSON.stringify([{ transId: "UNKNOWN2" }]), "x".repeat(70_000)),
          fc.uint8Array({ maxLength: 300 }),
        ),
        fc.constantFrom("application/json", "text/plain", "application/octet-stream", ""),
        async (body, contentType) => {
          const r = await post("/webhooks/fapshi", body, contentType ? { "content-type": contentType } : {});
          expect(r.status).toBeLessThan(500);
          // 413: a body over the webhook's 64 kB limit is refused before it is read (server/body-limit.ts).
          expect([200, 400, 401, 404, 413]).toContain(r.status);
        },
      ),
      { numRuns: RUNS },
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it(`concurrent saves and wishlist adds: never more than ${SAVED_SEARCH_LIMIT} saved searches, never a duplicate wishlist row`, async () => {
    const headers = { "content-type": "application/x-www-form-urlencoded", cookie, origin: base };
    await h.database.db.deleteFrom("saved_searches").execute();
    const saves = await Promise.all(
      Array.from({ length: SAVED_SEARCH_LIMIT + 6 }, (_, i) =>
        post("/resources/saved-searches", `intent=save&query=${encodeURIComponent(`n=Molyko&max=${20_000 + i}`)}`, headers),
      ),
    );
    const adds = await Promise.all(
      Array.from({ length: 8 }, () => post("/resources/wishlist", `intent=add&propertyId=${PROPERTY}`, headers)),
    );
    for (const r of [...saves, ...adds]) expect(r.status).toBeLessThan(500);
    const searches = await h.database.db.selectFrom("saved_searches").select("id").where("user_id", "=", studentId).execute();
    expect(searches.length).toBeLessThanOrEqual(SAVED_SEARCH_LIMIT);
    const wished = await h.database.db
      .selectFrom("wishlists")
      .select("property_id")
      .where("user_id", "=", studentId)
      .where("property_id", "=", PROPERTY)
      .execute();
    expect(wished.length).toBe(1);
    expect(errors).toEqual([]);
  }, 60_000);
});

// The same-origin page the route harness pretends to be: kept in step with TEST_APP_URL.
void TEST_APP_URL;
