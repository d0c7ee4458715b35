// The visitors' page cache through the real HTTP stack (server/http-app.ts: the bare listener, then
// Express), the real document renderer (app/entry.server.tsx) and the real route modules, on two
// instances sharing one database (issues 30 and 31, decisions 0186 and 0187):
// - a page answered from memory says what the rendered page said (Vary, Cache-Control,
//   Content-Language: every header but those of one response);
// - a POST that changes no public page (a wishlist toggled twice, a profile saved unchanged) leaves
//   the cache warm, here and on the other instance;
// - a cookie the app's parser reads and a pattern would not (`kn_lang =…`, `kn_session =…`) files
//   no page under another reader's key;
// - a real change of a public page (an agent edits a listing, an admin publishes a post) still
//   empties the cache on this instance and on the other.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../../server/http-app";
import { createServices, type Services } from "~/services.server";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import * as listingsIndex from "~/routes/listings+/_index";
import * as listingPage from "~/routes/listings+/$id";
import * as blogIndex from "~/routes/blog+/_index";
import * as wishlist from "~/routes/resources+/wishlist";
import * as profile from "~/routes/profile";
import * as newProperty from "~/routes/agents+/new-property";
import * as editProperty from "~/routes/agents+/properties_.$id.edit";
import * as newPost from "~/routes/admin+/content_.posts.new";
import * as editPost from "~/routes/admin+/content_.posts.$id";
import { languageCookie } from "~/language.server";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { createPersona, createRouteHarness, signedInJar, type RouteHarness } from "../../support/route-harness";
import { testServerBuild } from "../../support/server-build";
import { validProperty } from "../routes/portal-support";

function realBuild(): ServerBuild {
  return testServerBuild(
    {
      root: { path: "", module: root },
      "routes/listings+/_index": { parentId: "root", path: "listings", module: listingsIndex },
      "routes/listings+/$id": { parentId: "root", path: "listings/:id", module: listingPage },
      "routes/blog+/_index": { parentId: "root", path: "blog", module: blogIndex },
      "routes/resources+/wishlist": { parentId: "root", path: "resources/wishlist", module: wishlist },
      "routes/profile": { parentId: "root", path: "profile", module: profile },
      "routes/agents+/properties_.$id.edit": { parentId: "root", path: "agents/properties/:id/edit", module: editProperty },
      "routes/admin+/content_.posts.$id": { parentId: "root", path: "admin/content/posts/:id", module: editPost },
    },
    entryServer as ServerBuild["entry"]["module"],
    "public-page-cache",
  );
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET as sent, the body as it came (node's fetch would decode it and drop Content-Encoding). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers: { "Accept-Encoding": "identity", ...headers } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks until the page is answered from memory (a static page is stored once compressed, off the main thread). */
async function untilHit(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  let page = await get(base, path, headers);
  for (let i = 0; i < 200 && page.headers["x-page-cache"] !== "hit"; i++) {
    await pause(20);
    page = await get(base, path, headers);
  }
  return page;
}

/** The page once it contains `text`, asked again every 25 ms; after 5 s the last answer (the other instance polls every 250 ms). */
async function onceItShows(base: string, path: string, text: string): Promise<string> {
  const started = Date.now();
  let body = "";
  while (Date.now() - started < 5_000) {
    body = (await get(base, path)).body;
    if (body.includes(text)) break;
    await pause(25);
  }
  return body;
}

/** Every header but those of one response (its date, id, length, and whether it came from memory). */
function pageHeaders(headers: http.IncomingHttpHeaders, { nonce }: { nonce: boolean }) {
  const {
    date: _date,
    "x-request-id": _id,
    "x-page-cache": _cache,
    "content-length": _length,
    connection: _c,
    "keep-alive": _k,
    ...rest
  } = headers;
  // A page with a nonce has a fresh policy (and nonce) on every answer.
  if (nonce) delete rest["content-security-policy"];
  return rest;
}

describe("the visitors' page cache through the real app, on two instances", () => {
  let h: RouteHarness;
  let otherHandle: DatabaseHandle;
  let other: Services;
  const servers: http.Server[] = [];
  let a: string;
  let b: string;
  let agent: { id: string; cookie: string };
  let student: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  let propertyId: string;
  let postId: string;

  const start = async (services: Services) => {
    const server = createHttpApp({ services, build: realBuild(), clientDir: "build/client-absent" }).listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((r) => server.once("listening", r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const post = (base: string, path: string, cookie: string, form: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
    return fetch(base + path, { method: "POST", body, headers: { Cookie: cookie, Origin: base }, redirect: "manual" });
  };
  const generation = async () =>
    Number(
      (await h.database.db.selectFrom("cache_generations").select("generation").where("name", "=", "pages").executeTakeFirst())
        ?.generation ?? 0,
    );

  beforeAll(async () => {
    h = await createRouteHarness();
    otherHandle = connect({ url: h.database.url });
    other = createServices(h.services.config, otherHandle);
    const persona = async (kind: "approvedAgent" | "student" | "admin") => {
      const { id } = await createPersona(h, kind);
      return { id, cookie: (await signedInJar(h, id)).header()! };
    };
    agent = await persona("approvedAgent");
    student = await persona("student");
    admin = await persona("admin");
    const created = await h.post(newProperty, "/agents/new-property", validProperty, { jar: await signedInJar(h, agent.id) });
    propertyId = decodeURIComponent(/properties\/([^/]+)\/edit/.exec(created.location ?? "")![1]);
    // Its photo, so that visitors see it (decision 0231): the row the upload would write.
    await h.database.db
      .insertInto("photos")
      .values({
        id: "cache-test-photo",
        owner_type: "property",
        owner_id: propertyId,
        position: 1,
        storage_key: "photos/pool-1",
        width: 1200,
        height: 800,
        alt: "",
        created_at: new Date().toISOString(),
      })
      .execute();
    const draft = await h.post(
      newPost,
      "/admin/content/posts/new",
      {
        intent: "save",
        slug: "rooms-before-the-rentree",
        titleEn: "Rooms before the rentrée",
        titleFr: "",
        excerptEn: "Book early.",
        excerptFr: "",
        bodyEn: "Visit first.",
        bodyFr: "",
      },
      { jar: await signedInJar(h, admin.id) },
    );
    postId = decodeURIComponent(/posts\/([^/?#]+)/.exec(draft.location ?? "")![1]);
    a = await start(h.services);
    b = await start(other);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    await other?.stop();
    await otherHandle?.close();
    await h?.close();
  });

  it("files a page asked with `kn_lang =…` under the language the app's cookie parser chose, never under the visitors' without a cookie", async () => {
    // The first request instance b sees (the issue: the first after a start, or after the
    // remembered answers were forgotten, which 1 000 odd Accept-Language values force).
    const path = "/listings?n=Molyko&max=70001";
    const [pair] = (await languageCookie.serialize("fr")).split(";");
    const spaced = pair.replace("=", " =");
    // The app reads the cookie (its library trims the name): the page is French, every time.
    const first = await get(b, path, { Cookie: spaced });
    expect(first.headers["content-language"]).toBe("fr");
    const again = await untilHit(b, path, { Cookie: spaced });
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.headers["content-language"]).toBe("fr");
    expect(again.body).toContain('<html lang="fr"');
    // A visitor without a language cookie gets English, rendered and then from memory.
    const visitor = await get(b, path);
    expect(visitor.headers["content-language"]).toBe("en");
    expect(visitor.body).toContain('<html lang="en"');
    const visitorAgain = await untilHit(b, path);
    expect(visitorAgain.headers["content-language"]).toBe("en");
    expect(visitorAgain.body).toContain('<html lang="en"');
    // The French reader still gets French.
    expect((await get(b, path, { Cookie: spaced })).headers["content-language"]).toBe("fr");
  });

  it("answers a stored page with the rendered page's headers: Vary, Cache-Control, Content-Language and the rest", async () => {
    // The listings and a property page: static pages (no nonce), stored as bytes and answered by the http listener.
    for (const path of ["/listings?n=Molyko&max=6000", `/listings/${propertyId}?v=`]) {
      const variants: Array<Record<string, string>> = [{}, { "Accept-Language": "fr" }, { "Accept-Encoding": "gzip, br" }];
      for (const [i, headers] of variants.entries()) {
        const label = `${path} ${JSON.stringify(headers)}`;
        // A URL no request asked for yet (the listings keep only the filters they know): rendered, then answered from memory.
        const url = `${path}${i}`;
        const rendered = await get(a, url, headers);
        // A page with a nonce (none of these today) is never shared, and its policy is each answer's own.
        const nonce = String(rendered.headers["content-security-policy"]).includes("'nonce-");
        const stored = await untilHit(a, url, headers);
        expect(rendered.headers["x-page-cache"], label).toBeUndefined();
        expect(stored.headers["x-page-cache"], label).toBe("hit");
        expect(pageHeaders(stored.headers, { nonce }), label).toEqual(pageHeaders(rendered.headers, { nonce }));
        // What the page varies on: the encoding and the language rule's inputs (and the theme's, and Save-Data).
        for (const field of ["Accept-Encoding", "Cookie", "Accept-Language", "Save-Data"])
          expect(stored.headers.vary, label).toContain(field);
        expect(stored.headers["cache-control"], label).toBe(nonce ? "no-cache" : "public, max-age=0, s-maxage=5");
        expect(stored.headers["content-language"], label).toBe("Accept-Language" in headers ? "fr" : "en");
      }
    }
  });

  it("stays warm here and on the other instance after a wishlist toggled twice and a profile saved unchanged", async () => {
    const path = "/listings?n=Molyko&max=70000";
    await untilHit(a, path);
    await untilHit(b, path);
    const counter = await generation();
    for (const intent of ["add", "remove"]) {
      const toggled = await post(a, "/resources/wishlist", student.cookie, { intent, propertyId, redirectTo: "/listings" });
      expect(toggled.status).toBe(302);
    }
    const profilePage = await fetch(`${a}/profile`, { headers: { Cookie: student.cookie } });
    expect(profilePage.status).toBe(200);
    const saved = await post(b, "/profile", student.cookie, { intent: "profile", fullName: "Test student", phone: "" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/profile");
    // Nothing told the other instances (the counter they poll did not move), and this one kept its pages.
    expect(await generation()).toBe(counter);
    expect((await get(a, path)).headers["x-page-cache"]).toBe("hit");
    expect((await get(b, path)).headers["x-page-cache"]).toBe("hit");
  });

  it("never files a page rendered for a session the app's parser reads (`kn_session =…`) as a visitor's", async () => {
    const path = `/listings/${propertyId}?poison=session`;
    const [name, value] = student.cookie.split(/=(.*)/s);
    const spaced = `${name} =${value}; z=kn_session=`;
    for (let i = 0; i < 3; i++) {
      const page = await get(a, path, { Cookie: spaced });
      // The app signs the student in from it (its cookie library trims the name)…
      expect(page.body).toContain("/auth/logout");
      // …so the page is theirs: never from memory, never kept by anyone.
      expect(page.headers["x-page-cache"]).toBeUndefined();
      expect(page.headers["cache-control"]).toBe("private, no-store");
    }
    const visitor = await get(a, path);
    expect(visitor.status).toBe(200);
    expect(visitor.headers["x-page-cache"]).toBeUndefined();
    expect(visitor.body).not.toContain("/auth/logout");
  });

  it("is emptied here and on the other instance by a real change: an agent edits a listing, an admin publishes a post", async () => {
    const listings = "/listings?n=Molyko&max=70002";
    expect((await untilHit(a, listings)).body).toContain(validProperty.title as string);
    expect((await untilHit(b, listings)).headers["x-page-cache"]).toBe("hit");
    const edited = await post(a, `/agents/properties/${encodeURIComponent(propertyId)}/edit`, agent.cookie, {
      ...validProperty,
      title: "Studio with a balcony by the UB gate",
    });
    expect(edited.status).toBe(302);
    // This instance at once; the other at its next poll.
    const here = await get(a, listings);
    expect(here.headers["x-page-cache"]).toBeUndefined();
    expect(here.body).toContain("Studio with a balcony by the UB gate");
    expect(await onceItShows(b, listings, "Studio with a balcony by the UB gate")).toContain("Studio with a balcony by the UB gate");

    expect((await untilHit(a, "/blog")).body).not.toContain("Rooms before the rentrée");
    await untilHit(b, "/blog");
    const published = await post(b, `/admin/content/posts/${encodeURIComponent(postId)}`, admin.cookie, { intent: "publish" });
    expect(published.status).toBe(302);
    expect((await get(b, "/blog")).body).toContain("Rooms before the rentrée");
    expect(await onceItShows(a, "/blog", "Rooms before the rentrée")).toContain("Rooms before the rentrée");
  });
});
