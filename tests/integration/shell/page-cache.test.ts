import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "../../../server/page-cache";
import { htmlCaching } from "../../../server/caching";
import { detectLanguage, languageCookie } from "~/language.server";
import { PublicPagesSignal } from "#infrastructure/jobs/public-pages-signal";

/** A request as the app's handler sees it (the language rule reads the URL, cookies and Accept-Language). */
const asFetchRequest = (req: express.Request) =>
  new Request(new URL(req.originalUrl, "http://localhost"), {
    headers: { Cookie: req.headers.cookie ?? "", "Accept-Language": req.get("Accept-Language") ?? "" },
  });

describe("the visitors' page cache", () => {
  let server: http.Server;
  let base: string;
  let renders = 0;
  let clock = 0;
  const cache = pageCache({ ttlMs: 1000, maxEntries: 2, now: () => clock });
  // As server/http-app.ts wires it: a use case that changed a public page tells the signal.
  const publicPages = new PublicPagesSignal({ bump: async () => {} }, { spacingMs: 0 });
  publicPages.onChange(cache.clear);
  // The /slow page tells when its render began and waits to be released.
  let slow = { started: () => {}, release: Promise.resolve() };

  beforeAll(async () => {
    const app = express();
    let n = 0;
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${++n}x`;
      next();
    });
    // As in server/http-app.ts: ETags in front of the page cache.
    app.use(htmlCaching());
    app.use(cache);
    // A change of a public page: its use case tells the public pages, then the route redirects with a toast.
    app.post("/write", (_req, res) => {
      publicPages.changed();
      res.setHeader("Set-Cookie", "kn_session=toast").redirect(303, "/");
    });
    // A webhook refused for a bad secret, a form with errors, a language switch, a wishlist
    // toggled with its success toast: nothing a visitor sees changed, nothing is told.
    app.post("/webhooks/fapshi", (_req, res) => res.status(401).json({ error: "Unauthorized" }));
    app.post("/form", (_req, res) => res.status(400).type("html").send("<p>errors</p>"));
    app.post("/resources/preferences", (_req, res) => res.setHeader("Set-Cookie", "kn_lang=x").redirect(302, "/"));
    app.post("/resources/wishlist", (_req, res) => res.setHeader("Set-Cookie", "kn_session=toast").redirect(303, "/listings"));
    app.get("/cookie", (_req, res) => {
      renders++;
      res.setHeader("Set-Cookie", "a=b");
      res.type("html").send("<p>with a cookie</p>");
    });
    app.get("/missing", (_req, res) => {
      renders++;
      res.status(404).type("html").send("<p>nope</p>");
    });
    app.get("/slow", async (_req, res) => {
      slow.started();
      await slow.release;
      res.type("html").send(`<p>slow ${++renders}</p>`);
    });
    app.get("*", async (req, res) => {
      renders++;
      // Rendered in the language the app's rule chooses, as entry.server.tsx does.
      const language = await detectLanguage(asFetchRequest(req));
      res.setHeader("Content-Language", language);
      res.setHeader("Link", "</assets/root.css>; rel=preload; as=style");
      if (req.path === "/cache-control") res.setHeader("Cache-Control", "public, max-age=60");
      // Streamed in two writes, as Remix does.
      res.type("html");
      res.write(`<script nonce="${res.locals.cspNonce}">`);
      res.end(`</script><p lang="${language}">${req.originalUrl} render ${renders}</p>`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { headers });
    return {
      text: await response.text(),
      hit: response.headers.get("x-page-cache") === "hit",
      status: response.status,
      headers: response.headers,
    };
  };
  const post = (path: string) => fetch(`${base}${path}`, { method: "POST", redirect: "manual" });

  it("answers a visitor's repeat request from memory, with this response's nonce", async () => {
    cache.clear();
    const first = await get("/listings?n=Molyko");
    const second = await get("/listings?n=Molyko");
    expect(first.hit).toBe(false);
    expect(second.hit).toBe(true);
    expect(second.text.replace(/nonce\d+x/, "N")).toBe(first.text.replace(/nonce\d+x/, "N"));
    expect(second.text).not.toContain(/nonce="(nonce\d+x)"/.exec(first.text)![1] + '"');
  });

  it("keeps one page per language, theme, Save-Data and URL", async () => {
    cache.clear();
    const french = await languageCookie.serialize("fr");
    await get("/", { Cookie: french });
    expect((await get("/")).hit).toBe(false);
    expect((await get("/", { Cookie: french })).hit).toBe(true);
    expect((await get("/", { Cookie: "kn_theme=ImRhcmsi" })).hit).toBe(false);
    expect((await get("/", { "Save-Data": "on" })).hit).toBe(false);
  });

  it("keys by the language the app chooses, Accept-Language ranked by q-value", async () => {
    cache.clear();
    const french = await get("/blog", { "Accept-Language": "en;q=0.1, fr" });
    expect(french.text).toContain('lang="fr"');
    // An English reader never gets the French page, whatever the first letters of the header say.
    const english = await get("/blog", { "Accept-Language": "en" });
    expect(english.hit).toBe(false);
    expect(english.text).toContain('lang="en"');
    expect((await get("/blog")).text).toContain('lang="en"');
    // A reader the app answers in French gets the French page from memory.
    const frenchAgain = await get("/blog", { "Accept-Language": "fr-CM, fr;q=0.9, en;q=0.5" });
    expect(frenchAgain.hit).toBe(true);
    expect(frenchAgain.text).toContain('lang="fr"');
    // ?lng= wins over the header, as in the app.
    expect((await get("/blog?lng=en", { "Accept-Language": "fr" })).text).toContain('lang="en"');
  });

  it("replays the page's headers, not only its type, and the same ETag", async () => {
    cache.clear();
    const first = await get("/cache-control", { "Accept-Language": "fr" });
    const second = await get("/cache-control", { "Accept-Language": "fr" });
    expect(second.hit).toBe(true);
    for (const name of ["content-type", "content-language", "cache-control", "link", "vary", "etag"]) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get("content-language")).toBe("fr");
    expect(second.headers.get("cache-control")).toBe("public, max-age=60");
    expect(second.headers.get("vary")).toMatch(/Accept-Language/);
    expect(second.headers.get("link")).toBe("</assets/root.css>; rel=preload; as=style");
    // A browser holding the page gets a 304 from memory too.
    const revalidated = await fetch(`${base}/cache-control`, {
      headers: { "Accept-Language": "fr", "If-None-Match": first.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
  });

  it("never serves or stores a signed-in user's page", async () => {
    cache.clear();
    await get("/profile-like", { Cookie: "kn_session=abc" });
    expect(cache.size()).toBe(0);
    await get("/shared");
    expect((await get("/shared", { Cookie: "kn_session=abc" })).hit).toBe(false);
  });

  it("stores neither errors nor responses that set a cookie", async () => {
    cache.clear();
    await get("/missing");
    await get("/cookie");
    expect(cache.size()).toBe(0);
  });

  it("forgets pages after their time", async () => {
    cache.clear();
    clock = 0;
    await get("/a");
    clock = 999;
    expect((await get("/a")).hit).toBe(true);
    clock = 2500;
    expect((await get("/a")).hit).toBe(false);
    expect(cache.size()).toBe(1);
  });

  it("is emptied when a use case says the public pages changed", async () => {
    cache.clear();
    clock = 0;
    await get("/a");
    expect(cache.size()).toBe(1);
    const response = await post("/write");
    expect(response.status).toBe(303);
    expect(cache.size()).toBe(0);
    expect((await get("/a")).hit).toBe(false);
  });

  it("stays warm after a refused webhook, a 4xx, a language switch or a success that changed no public page", async () => {
    cache.clear();
    clock = 0;
    await get("/a");
    expect((await post("/webhooks/fapshi")).status).toBe(401);
    expect((await post("/form")).status).toBe(400);
    expect((await post("/resources/preferences")).status).toBe(302);
    expect((await post("/resources/wishlist")).status).toBe(303);
    expect(cache.size()).toBe(1);
    expect((await get("/a")).hit).toBe(true);
  });

  it("does not keep a page whose render began before a change", async () => {
    cache.clear();
    let release = () => {};
    const started = new Promise<void>((resolve) => {
      slow = { started: resolve, release: new Promise<void>((r) => (release = r)) };
    });
    const pending = get("/slow");
    await started;
    // The change lands while the page is being rendered with the old data.
    await post("/write");
    release();
    expect((await pending).hit).toBe(false);
    expect(cache.size()).toBe(0);
    slow = { started: () => {}, release: Promise.resolve() };
    await get("/slow");
    expect(cache.size()).toBe(1);
  });

  /** Makes /slow wait until the returned release() (its renders are counted in `starts`). */
  function holdSlow() {
    let release = () => {};
    let starts = 0;
    let onStart = () => {};
    slow = {
      started: () => {
        starts++;
        onStart();
      },
      release: new Promise<void>((r) => (release = r)),
    };
    const nextStart = () => new Promise<void>((resolve) => (onStart = resolve));
    return { release: () => release(), starts: () => starts, nextStart };
  }
  const cacheHeader = async (path: string) => {
    const response = await fetch(base + path);
    return { state: response.headers.get("x-page-cache"), text: await response.text() };
  };

  /**
   * /slow stored at time 0, then asked for past its TTL (1 000) and within the stale bound (another
   * 1 000): that request renders it again and is held there until `held.release()`.
   */
  async function expiredSlowPageBeingRendered() {
    cache.clear();
    clock = 0;
    slow = { started: () => {}, release: Promise.resolve() };
    const old = await get("/slow");
    clock = 1500;
    const held = holdSlow();
    const started = held.nextStart();
    const refreshing = get("/slow");
    await started;
    return { old, held, refreshing };
  }

  it("serves the expired copy while one request renders the page again (stale while revalidate)", async () => {
    const { old, held, refreshing } = await expiredSlowPageBeingRendered();
    // Everyone else gets the old copy at once, marked stale; nobody else renders it.
    const others = await Promise.all([cacheHeader("/slow"), cacheHeader("/slow"), cacheHeader("/slow")]);
    for (const other of others) {
      expect(other.state).toBe("stale");
      expect(other.text).toBe(old.text);
    }
    expect(held.starts()).toBe(1);
    held.release();
    const fresh = await refreshing;
    expect(fresh.hit).toBe(false);
    expect(fresh.text).not.toBe(old.text);
    // The new copy is now the one served, fresh.
    expect(await cacheHeader("/slow")).toEqual({ state: "hit", text: fresh.text });
    slow = { started: () => {}, release: Promise.resolve() };
  });

  it("renders an expired page when nobody is rendering it (the first request after the TTL refreshes it)", async () => {
    cache.clear();
    clock = 0;
    slow = { started: () => {}, release: Promise.resolve() };
    await get("/a");
    clock = 1500;
    const first = await get("/a");
    expect(first.hit).toBe(false);
    expect(first.headers.get("x-page-cache")).toBeNull();
  });

  it("never serves an expired copy after a change emptied the cache, even with a render under way", async () => {
    const { old, held, refreshing } = await expiredSlowPageBeingRendered();
    expect((await cacheHeader("/slow")).state).toBe("stale");
    // A change lands: a listing was hidden. Nothing rendered before it may be served.
    await post("/write");
    const started = held.nextStart();
    const after = get("/slow");
    await started;
    // The request after the change rendered the page itself instead of getting the old copy.
    expect(held.starts()).toBe(2);
    held.release();
    const [refreshed, rendered] = await Promise.all([refreshing, after]);
    expect(rendered.hit).toBe(false);
    expect(rendered.text).not.toBe(old.text);
    // The render that began before the change was not stored either.
    expect(refreshed.text).not.toBe(old.text);
    slow = { started: () => {}, release: Promise.resolve() };
  });

  it("serves an expired copy for at most the stale bound past its TTL", async () => {
    const { held, refreshing } = await expiredSlowPageBeingRendered();
    expect((await cacheHeader("/slow")).state).toBe("stale");
    // Two TTLs after it was stored, the copy is too old even while a render is under way.
    clock = 2000;
    const started = held.nextStart();
    const tooOld = get("/slow");
    await started;
    expect(held.starts()).toBe(2);
    held.release();
    expect((await tooOld).hit).toBe(false);
    await refreshing;
    slow = { started: () => {}, release: Promise.resolve() };
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    cache.clear();
    clock = 0;
    await get("/one");
    await get("/two");
    await get("/one");
    await get("/three");
    expect((await get("/one")).hit).toBe(true);
    expect((await get("/two")).hit).toBe(false);
  });
});
