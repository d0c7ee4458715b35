// A static page (no CSP nonce: docs/decisions/0132) is kept as stored bytes, already compressed,
// and answered in the encoding the browser asks for, with its own policy and ETag.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "../../../server/page-cache";
import { htmlCaching, SHARED_PAGE_CACHE_CONTROL } from "../../../server/caching";

const STATIC_POLICY = "default-src 'self'; script-src 'self'";

describe("the page cache with static pages", () => {
  let server: http.Server;
  let base: string;
  let renders = 0;
  let chainRuns = 0;
  const cache = pageCache({ ttlMs: 60_000, maxEntries: 10 });

  beforeAll(async () => {
    const app = express();
    let n = 0;
    // As server/http-app.ts: stored static pages are answered before anything else runs.
    app.use((req, res, next) => (cache.serveStored(req, res) ? undefined : next()));
    app.use((_req, res, next) => {
      res.setHeader("X-Frame-Options", "DENY");
      res.setHeader("X-Chain", String(++chainRuns));
      next();
    });
    app.use((_req, res, next) => {
      // As server/security.ts: a nonce'd policy for every request, replaced on a static page.
      res.locals.cspNonce = `nonce${++n}x`;
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}' 'strict-dynamic'`);
      next();
    });
    app.use(htmlCaching());
    app.use(cache);
    // A change of a public page: the use case's signal empties the cache (server/http-app.ts wires it so).
    app.post("/write", (_req, res) => {
      cache.clear();
      res.redirect(303, "/");
    });
    app.get("/static", (_req, res) => {
      renders++;
      res.setHeader("Content-Security-Policy", STATIC_POLICY);
      res.type("html");
      // Long enough for compression to matter; the same bytes on every render.
      res.write(`<!doctype html><html><body><script src="/enhance.js" defer></script>`);
      res.end(`${"<p>Room in Molyko, 25 000 FCFA a month</p>".repeat(200)}</body></html>`);
    });
    app.get("/with-nonce", (_req, res) => {
      renders++;
      res.type("html").send(`<script nonce="${res.locals.cspNonce}"></script><p>hydrated</p>`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** node's fetch decodes bodies itself; http.get shows the bytes as sent. */
  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(base + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  /** The stored entry is made off the main thread: wait until a request is answered from memory. */
  async function untilStored(path: string) {
    for (let i = 0; i < 100; i++) {
      if ((await raw(path)).headers["x-page-cache"] === "hit") return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${path} was never stored`);
  }

  it("answers Brotli, gzip or plain bytes from memory, each decoding to the page as rendered", async () => {
    cache.clear();
    const rendered = await raw("/static");
    expect(rendered.headers["x-page-cache"]).toBeUndefined();
    await untilStored("/static");
    const before = renders;
    const br = await raw("/static", { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await raw("/static", { "Accept-Encoding": "gzip" });
    const plain = await raw("/static", { "Accept-Encoding": "identity" });
    expect(renders).toBe(before);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(br.body).equals(rendered.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(rendered.body)).toBe(true);
    expect(plain.body.equals(rendered.body)).toBe(true);
    expect(br.body.length).toBeLessThan(rendered.body.length / 5);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers.vary).toMatch(/Cookie/);
      expect(answer.headers["content-security-policy"]).toBe(STATIC_POLICY);
      expect(answer.headers["cache-control"]).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(answer.headers.etag).toBe(rendered.headers.etag);
    }
  });

  it("answers a stored static page before the rest of the chain, with the headers stored with it", async () => {
    cache.clear();
    await raw("/static");
    await untilStored("/static");
    const before = chainRuns;
    const fast = await raw("/static", { "Accept-Encoding": "br" });
    expect(chainRuns).toBe(before);
    expect(fast.headers["x-page-cache"]).toBe("hit");
    expect(fast.headers["x-frame-options"]).toBe("DENY");
    expect(fast.headers["content-security-policy"]).toBe(STATIC_POLICY);
    // A page with a nonce still goes through the chain for its fresh nonce.
    await raw("/with-nonce");
    const nonced = await raw("/with-nonce");
    expect(nonced.headers["x-page-cache"]).toBe("hit");
    expect(chainRuns).toBe(before + 2);
  });

  it("answers 304 from memory to a browser holding the page", async () => {
    cache.clear();
    const rendered = await raw("/static");
    await untilStored("/static");
    const revalidated = await raw("/static", { "If-None-Match": String(rendered.headers.etag), "Accept-Encoding": "br" });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers["content-encoding"]).toBeUndefined();
  });

  it("keeps a page with a nonce per response: never shared, never the same nonce twice", async () => {
    cache.clear();
    const first = await raw("/with-nonce");
    const second = await raw("/with-nonce");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(second.headers["content-security-policy"]).not.toBe(first.headers["content-security-policy"]);
    expect(second.body.toString()).not.toBe(first.body.toString());
  });

  it("forgets the stored bytes after a change", async () => {
    cache.clear();
    await raw("/static");
    await untilStored("/static");
    await fetch(`${base}/write`, { method: "POST", redirect: "manual" });
    expect((await raw("/static")).headers["x-page-cache"]).toBeUndefined();
  });
});
