// /sw.js (decisions 0239-0241): served only when SERVICE_WORKER is on, never cached for long, its
// settings a digest-versioned list of the build's core assets with the messages in both
// languages; the worker leaves money and portals to the network and reads copies as plain HTML.
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
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
