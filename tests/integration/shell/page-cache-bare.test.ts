// Stored static pages answered from the bare http listener, before Express (decision 0145): the
// same answer, byte for byte and header for header, as Express's chain gives for the same stored
// page, and the same rules about which requests may have it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "../../../server/page-cache";
import { storedEncoding } from "../../../server/page-compression";
import { storedPagesFirst } from "../../../server/http-app";
import { requestIds } from "../../../server/request-id";
import { htmlCaching } from "../../../server/caching";

const STATIC_POLICY = "default-src 'self'; script-src 'self'";

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe("stored static pages from the bare http listener", () => {
  const servers: http.Server[] = [];
  let bare: string;
  let chain: string;
  let renders = 0;
  let chainRuns = 0;
  let expressRuns = 0;
  // The language rule: English, except that a reader whose Accept-Language is "x" gets ?lng=. So
  // the same URL may be English for one reader and French for another, and a path that guessed
  // `lng` wrong would hand the second the first one's page.
  const cache = pageCache({
    ttlMs: 60_000,
    maxEntries: 20,
    languageOf: async (request) =>
      request.headers.get("Accept-Language") === "x" ? (new URL(request.url).searchParams.get("lng") ?? "en") : "en",
  });

  beforeAll(async () => {
    const app = express();
    app.disable("x-powered-by");
    app.use(requestIds());
    app.use((_req, _res, next) => {
      expressRuns++;
      next();
    });
    app.use((req, res, next) => (cache.serveStored(req, res) ? undefined : next()));
    app.use((_req, res, next) => {
      res.setHeader("X-Frame-Options", "DENY");
      res.setHeader("X-Chain", String(++chainRuns));
      next();
    });
    app.use(htmlCaching());
    app.use((_req, res, next) => {
      res.locals.cspNonce = "n0nce";
      next();
    });
    app.use(cache);
    // A change of a public page: the use case's signal empties the cache (server/http-app.ts wires it so).
    app.post("/write", (_req, res) => {
      cache.clear();
      res.redirect(303, "/");
    });
    // What Express's own negotiation (the rule before this change) picks for a header.
    app.get("/express-choice", (req, res) => {
      const accepted = req.acceptsEncodings() as string[];
      res.json(accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : "identity");
    });
    app.get("/static", (_req, res) => {
      renders++;
      res.setHeader("Content-Security-Policy", STATIC_POLICY);
      res.type("html").end(`<!doctype html><html><body>${"<p>Room in Molyko, 25 000 FCFA a month</p>".repeat(100)}</body></html>`);
    });
    const listen = async (server: http.Server) => {
      servers.push(server.listen(0, "127.0.0.1"));
      await new Promise((r) => server.once("listening", r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    // server/http-app.ts's listener: the bare listener first, then Express.
    bare = await listen(http.createServer(storedPagesFirst(app, cache)));
    chain = await listen(http.createServer(app));
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))));

  const raw = (base: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<Raw>((resolve, reject) => {
      http
        .get(base + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  async function untilStored(path: string, headers: Record<string, string> = {}) {
    for (let i = 0; i < 100; i++) {
      if ((await raw(chain, path, headers)).headers["x-page-cache"] === "hit") return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${path} was never stored`);
  }
  // The date and the request id are each answer's own (both paths give one: see request-id.test.ts).
  const withoutDate = ({ date: _date, "x-request-id": requestId, ...headers }: http.IncomingHttpHeaders) => {
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    return headers;
  };

  it("gives the chain's answer for every Accept-Encoding, If-None-Match and Save-Data, without running the chain", async () => {
    cache.clear();
    const rendered = await raw(chain, "/static");
    await untilStored("/static");
    const cases: Array<Record<string, string>> = [
      { "Accept-Encoding": "gzip, deflate, br" },
      { "Accept-Encoding": "gzip" },
      { "Accept-Encoding": "identity" },
      {},
      { "Accept-Encoding": "br;q=0, gzip" },
      { "If-None-Match": String(rendered.headers.etag), "Accept-Encoding": "br" },
      { "If-None-Match": 'W/"other"', "Accept-Encoding": "gzip" },
    ];
    for (const headers of cases) {
      const before = { expressRuns, renders };
      const fast = await raw(bare, "/static", headers);
      expect({ expressRuns, renders }).toEqual(before);
      const slow = await raw(chain, "/static", headers);
      expect(fast.headers["x-page-cache"]).toBe("hit");
      expect(fast.status).toBe(slow.status);
      expect(withoutDate(fast.headers)).toEqual(withoutDate(slow.headers));
      expect(fast.body.equals(slow.body)).toBe(true);
    }
    expect((await raw(bare, "/static", { "If-None-Match": String(rendered.headers.etag) })).status).toBe(304);
    expect((await raw(bare, "/static")).headers["content-security-policy"]).toBe(STATIC_POLICY);
  });

  it("chooses the encoding as Express's negotiation did", async () => {
    const headers = [
      "gzip, deflate, br",
      "br",
      "BR, gzip",
      "gzip;q=0.5, br;q=abc",
      "br;q=0, br",
      " gzip ; q=1 ",
      "*",
      "deflate",
      "br;q=0;level=1, gzip;q=0",
      "gzip;level=1;q=0.1",
      "",
    ];
    for (const header of headers) {
      const express = await raw(chain, "/express-choice", header ? { "Accept-Encoding": header } : {});
      expect([header, storedEncoding(header || undefined)]).toEqual([header, JSON.parse(express.body.toString())]);
    }
  });

  it("leaves signed-in requests to Express, and answers ?lng= itself, read as the language rule reads it", async () => {
    cache.clear();
    await raw(chain, "/static");
    await untilStored("/static");
    const before = { expressRuns, chainRuns };
    // Whatever the app's cookie parser makes of it: `kn_session =…` is read as a session too.
    for (const cookie of ["kn_session=abc", "kn_session =abc", "a=1;kn_session\t=abc"]) {
      const signedIn = await raw(bare, "/static", { Cookie: cookie });
      expect(signedIn.headers["x-page-cache"], cookie).toBeUndefined();
    }
    expect({ expressRuns, chainRuns }).toEqual({ expressRuns: before.expressRuns + 3, chainRuns: before.chainRuns + 3 });
    // The rule reads `new URL(url).searchParams.get("lng")`: ?%6Cng=fr names lng, ?[lng]=fr does not.
    for (const [path, namesLng] of [
      ["/static?lng=fr", true],
      ["/static?%6Cng=fr", true],
      ["/static?[lng]=fr", false],
    ] as const) {
      await raw(chain, path);
      await untilStored(path);
      const runs = { expressRuns, chainRuns };
      const viaBare = await raw(bare, path);
      expect(viaBare.headers["x-page-cache"]).toBe("hit");
      // Answered by the listener: Express never ran.
      expect({ expressRuns, chainRuns }).toEqual(runs);
      // The reader whose language follows ?lng= gets this page in French when the URL names lng:
      // never the English one stored; when it does not, the English one is theirs too.
      expect((await raw(chain, path, { "Accept-Language": "x" })).headers["x-page-cache"], path).toBe(namesLng ? undefined : "hit");
    }
  });

  it("forgets the stored bytes after a change posted through the bare listener", async () => {
    cache.clear();
    await raw(chain, "/static");
    await untilStored("/static");
    expect((await raw(bare, "/static")).headers["x-page-cache"]).toBe("hit");
    await fetch(`${bare}/write`, { method: "POST", redirect: "manual" });
    expect((await raw(bare, "/static")).headers["x-page-cache"]).toBeUndefined();
  });
});
