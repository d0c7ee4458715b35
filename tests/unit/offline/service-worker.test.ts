// /sw.js (decisions 0239-0241): served only when SERVICE_WORKER is on, never cached for long, its
// settings a digest-versioned list of the build's core assets with the messages in both
// languages; the worker leaves money and portals to the network and reads copies as plain HTML.
import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as route from "~/routes/sw[.]js";

const contextWith = (serviceWorker: boolean) => ({ services: { config: { serviceWorker } } }) as unknown as AppLoadContext;

async function workerText(): Promise<string> {
  const response = await route.loader({ request: new Request("http://localhost/sw.js"), context: contextWith(true), params: {} });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
  expect(response.headers.get("Cache-Control")).toBe("no-cache");
  return response.text();
}

interface Worker {
  SETTINGS: { version: string; core: string[]; stylesheet: string; messages: Record<string, Record<string, string>> };
  NEVER: RegExp;
  HISTORY_PAGE: RegExp;
  PERSONAL_PAGE: RegExp;
  readingCopy: (html: string) => string;
  listeners: string[];
}

/** The worker's script run with a stand-in for its global scope, its rules handed back. */
async function loadWorker(): Promise<Worker> {
  const listeners: string[] = [];
  const self = { addEventListener: (type: string) => listeners.push(type) };
  const run = new Function("self", `${await workerText()}\nreturn { SETTINGS, NEVER, HISTORY_PAGE, PERSONAL_PAGE, readingCopy };`);
  return { ...(run(self) as Omit<Worker, "listeners">), listeners };
}

describe("/sw.js", () => {
  it("is not there when SERVICE_WORKER is off", async () => {
    const response = await route.loader({ request: new Request("http://localhost/sw.js"), context: contextWith(false), params: {} });
    expect(response.status).toBe(404);
  });

  it("installs, activates and answers fetches, with the build's core assets under a version", async () => {
    const worker = await loadWorker();
    // "message": a page shown by a client-side navigation asks for its HTML to be kept (decision 0238).
    expect(worker.listeners.sort()).toEqual(["activate", "fetch", "install", "message"]);
    expect(worker.SETTINGS.version).toMatch(/^[0-9a-f]{12}$/);
    expect(worker.SETTINGS.core).toEqual(expect.arrayContaining(["/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"]));
    expect(worker.SETTINGS.core.some((url) => /\/enhance[^/]*\.js$/.test(url))).toBe(true);
    // (The stylesheet's URL is empty under Vitest, which loads no CSS: the browser test reads a copy styled.)
    expect(worker.SETTINGS.core).not.toContain("");
    expect(worker.SETTINGS.messages.en.saved).toBe("You are offline: this page was saved on {{date}}.");
    expect(worker.SETTINGS.messages.fr.saved).toBe("Vous êtes hors ligne : cette page a été enregistrée le {{date}}.");
  });

  it("leaves money, sign-in, portals and machines' routes to the network", async () => {
    const { NEVER, HISTORY_PAGE, PERSONAL_PAGE } = await loadWorker();
    for (const path of [
      "/payment/abc",
      "/payment-success",
      "/subscription-payment",
      "/guest-house-payment",
      "/simulated-checkout/t1",
      "/webhooks/fapshi",
      "/api/x",
      "/admin",
      "/admin/payments",
      "/agents/earnings",
      "/host",
      "/auth/logout",
      "/book-visit/p1",
      "/resources/wishlist",
    ]) {
      expect(NEVER.test(path), path).toBe(true);
    }
    for (const path of ["/", "/listings", "/listings/p1", "/property/p1", "/guest-house/g1", "/profile", "/messages"]) {
      expect(NEVER.test(path), path).toBe(false);
    }
    expect(["/listings/p1", "/property/p1", "/guest-house/g1"].every((path) => HISTORY_PAGE.test(path))).toBe(true);
    expect(
      ["/listings", "/guest-houses", "/profile/data", "/payment/p1"].some((path) => HISTORY_PAGE.test(path) || PERSONAL_PAGE.test(path)),
    ).toBe(false);
  });

  it("keeps a copy as plain HTML: React's scripts and data out, enhance.js in", async () => {
    const { readingCopy } = await loadWorker();
    const page =
      '<!DOCTYPE html><html lang="en" data-hydrate="true"><head><link rel="modulepreload" href="/assets/root-1.js"/>' +
      '<script type="application/ld+json">{"a":1}</script></head><body><main>Room in Molyko</main>' +
      '<script nonce="n" src="/assets/enhance-AB12.js" defer="" data-sw="/sw.js"></script>' +
      '<script nonce="n">window.__remixContext = {"state":{"user":"x"}};</script>' +
      '<script type="module" nonce="n">import "/assets/entry.client-1.js";</script></body></html>';
    expect(readingCopy(page)).toBe(
      '<!DOCTYPE html><html lang="en" data-hydrate="false"><head></head><body><main>Room in Molyko</main>' +
        '<script nonce="n" src="/assets/enhance-AB12.js" defer="" data-sw="/sw.js"></script></body></html>',
    );
  });
});

const ORIGIN = "http://localhost";

/** Cache Storage's one cache, in memory: entries by absolute URL, in the order they were put. */
class MemoryCache {
  entries = new Map<string, Response>();
  private key(request: string | { url: string }) {
    return new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  }
  match(request: string | { url: string }) {
    return Promise.resolve(this.entries.get(this.key(request))?.clone());
  }
  put(request: string | { url: string }, response: Response) {
    this.entries.delete(this.key(request));
    this.entries.set(this.key(request), response);
    return Promise.resolve();
  }
  keys() {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }
  delete(request: string | { url: string }) {
    return Promise.resolve(this.entries.delete(this.key(request)));
  }
}

interface Asked {
  url: string;
  answer: (response: Response) => void;
  /** The network failing (offline, a dropped connection). */
  fail: (error: Error) => void;
}

/**
 * The worker run against Cache Storage in memory and a network the test answers by hand: what it
 * keeps, when, and for whom, without a browser.
 */
async function runWorker() {
  const listeners = new Map<string, (event: object) => void>();
  const store = new Map<string, MemoryCache>();
  const caches = {
    open: (name: string) => {
      if (!store.has(name)) store.set(name, new MemoryCache());
      return Promise.resolve(store.get(name)!);
    },
    keys: () => Promise.resolve([...store.keys()]),
    delete: (name: string) => Promise.resolve(store.delete(name)),
    match: (request: string, options: { cacheName: string }) => store.get(options.cacheName)?.match(request) ?? Promise.resolve(undefined),
  };
  const asked: Asked[] = [];
  const network = (request: string | { url: string }) =>
    new Promise<Response>((answer, fail) => asked.push({ url: typeof request === "string" ? request : request.url, answer, fail }));
  const self = { addEventListener: (type: string, listener: (event: object) => void) => listeners.set(type, listener) };
  new Function("self", "caches", "fetch", "location", await workerText())(self, caches, network, { origin: ORIGIN });
  /** Fires an event at the worker; answers what it asked to wait for and what it answered. */
  function dispatch(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    let answered: Promise<Response> | undefined;
    listeners.get(type)!({
      ...event,
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      respondWith: (response: Promise<Response>) => (answered = response),
    });
    return { done: () => Promise.all(waits), answered: () => answered };
  }
  /** The paths a cache holds, or undefined when there is no such cache. */
  const paths = (name: string) => (store.has(name) ? [...store.get(name)!.entries.keys()].map((url) => new URL(url).pathname) : undefined);
  return { dispatch, asked, store, paths };
}

/** A page as the app renders it for `scope` (KN-Offline-Scope), as the browser's fetch hands it over. */
function renderedPage(scope: string, body = "<main>Room in Molyko</main>") {
  const response = new Response(`<!DOCTYPE html><html lang="en" data-hydrate="true"><body>${body}</body></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Language": "en", "KN-Offline-Scope": scope },
  });
  // Same-origin answers are "basic" in a browser; Node's Response says "default".
  Object.defineProperty(response, "type", { value: "basic" });
  return response;
}

describe("the worker", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps a page a client-side navigation showed, fetched once as a document, when it keeps that kind", async () => {
    const worker = await runWorker();
    for (const keep of ["/", "/listings", "/payment/p1", "/admin", 42]) worker.dispatch("message", { data: { keep } });
    worker.dispatch("message", { data: "/listings/p1" });
    expect(worker.asked).toEqual([]);

    const message = worker.dispatch("message", { data: { keep: "/listings/p1?back=%2Flistings" } });
    expect(worker.asked.map((request) => request.url)).toEqual(["/listings/p1?back=%2Flistings"]);
    worker.asked[0].answer(renderedPage("u1", '<main>Room in Molyko</main><script type="module">import "/x.js";</script>'));
    await message.done();
    expect(worker.paths("kn-pages-u1-en")).toEqual(["/listings/p1"]);
    const copy = await worker.store.get("kn-pages-u1-en")!.match("/listings/p1");
    expect(await copy!.text()).toBe('<!DOCTYPE html><html lang="en" data-hydrate="false"><body><main>Room in Molyko</main></body></html>');
    expect(copy!.headers.get("KN-Offline-Scope")).toBe("u1");
  });

  it("keeps nothing of a signed-in answer asked for before a sign-out it saw", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T10:00:00Z"));
    const worker = await runWorker();
    // /profile asked for, then the person signs out before its (slow) answer comes.
    const slow = worker.dispatch("message", { data: { keep: "/profile" } });
    vi.setSystemTime(new Date("2026-11-28T10:00:02Z"));
    await worker.dispatch("fetch", { request: { url: `${ORIGIN}/auth/logout`, method: "POST", mode: "cors" } }).done();
    worker.asked[0].answer(renderedPage("u1"));
    await slow.done();
    expect(worker.paths("kn-pages-u1-en")).toBeUndefined();
    const state = await worker.store.get("kn-state")!.match("/__kn/state");
    expect(await state!.json()).toMatchObject({ scope: "guest" });

    // The next person's pages, asked for after it, are theirs to keep.
    vi.setSystemTime(new Date("2026-11-28T10:05:00Z"));
    const next = worker.dispatch("message", { data: { keep: "/profile" } });
    worker.asked[1].answer(renderedPage("u2"));
    await next.done();
    expect(worker.paths("kn-pages-u2-en")).toEqual(["/profile"]);
  });

  it("keeps nothing of a slow answer once the account is closed, as after a sign-out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T10:00:00Z"));
    const worker = await runWorker();
    const slow = worker.dispatch("message", { data: { keep: "/profile" } });
    vi.setSystemTime(new Date("2026-11-28T10:00:02Z"));
    await worker.dispatch("fetch", { request: { url: `${ORIGIN}/profile/close`, method: "POST", mode: "navigate" } }).done();
    worker.asked[0].answer(renderedPage("u1"));
    await slow.done();
    expect(worker.paths("kn-pages-u1-en")).toBeUndefined();
    const state = await worker.store.get("kn-state")!.match("/__kn/state");
    expect(await state!.json()).toMatchObject({ scope: "guest" });
  });

  it("answers an old build's asset a kept page names from the cache, anything else of /assets/ from the network", async () => {
    const worker = await runWorker();
    const { SETTINGS } = await loadWorker();
    // What activate moved over from the build before: a stylesheet a kept page still names.
    const assets = new MemoryCache();
    await assets.put("/assets/tailwind-0ld.css", new Response("old css"));
    worker.store.set("kn-assets-" + SETTINGS.version, assets);
    const old = worker.dispatch("fetch", { request: { url: `${ORIGIN}/assets/tailwind-0ld.css`, method: "GET", mode: "no-cors" } });
    expect(await (await old.answered()!).text()).toBe("old css");
    expect(worker.asked).toEqual([]);

    const chunk = worker.dispatch("fetch", { request: { url: `${ORIGIN}/assets/root-AB12.js`, method: "GET", mode: "cors" } });
    const answered = chunk.answered()!;
    await vi.waitFor(() => expect(worker.asked.map((request) => new URL(request.url).pathname)).toEqual(["/assets/root-AB12.js"]));
    worker.asked[0].answer(new Response("chunk"));
    expect(await (await answered).text()).toBe("chunk");
  });

  it("writes its own offline page only in one of the site's languages, whatever ?lng= a link carries", async () => {
    const worker = await runWorker();
    // A link crafted to be opened on a bad connection: its ?lng= would be markup in the worker's page,
    // which has no Content-Security-Policy.
    const lng = encodeURIComponent('"><img src=x onerror=alert(document.cookie)>');
    const offline = worker.dispatch("fetch", { request: { url: `${ORIGIN}/?lng=${lng}`, method: "GET", mode: "navigate" } });
    const answered = offline.answered()!;
    await vi.waitFor(() => expect(worker.asked).toHaveLength(1));
    worker.asked[0].fail(new TypeError("Failed to fetch"));
    const html = await (await answered).text();
    expect(html).toContain("data-offline-not-saved");
    expect(html).not.toContain("<img");
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);

    // A language of the site's, asked for in the address, is still the page's.
    const french = worker.dispatch("fetch", { request: { url: `${ORIGIN}/?lng=fr`, method: "GET", mode: "navigate" } });
    const answeredFr = french.answered()!;
    await vi.waitFor(() => expect(worker.asked).toHaveLength(2));
    worker.asked[1].fail(new TypeError("Failed to fetch"));
    expect(await (await answeredFr).text()).toMatch(/^<!DOCTYPE html><html lang="fr">/);
  });
});
