// The request id (issue 13, decision 0137): generated, or taken from a trusted proxy's
// X-Request-Id; echoed in the response; on the access line and on every line logged while the
// request is handled; kept per answer by the page cache; shown on the server's own status pages.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestIds, requestIdFor } from "../../../server/request-id";
import { pageCache } from "../../../server/page-cache";
import { storedPagesFirst } from "../../../server/http-app";
import { sendStatusPage, statusPageHtml } from "../../../server/status-pages";
import { captureLogs, logger } from "#infrastructure/logging/logger";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NGINX_ID = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(trustProxy: false | string[]) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(requestIds());
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++n}x`;
    next();
  });
  const visitorPages = pageCache({ ttlMs: 60_000, maxEntries: 10 });
  app.use(visitorPages);
  app.get("/work", async (_req, res) => {
    await new Promise((resolve) => setImmediate(resolve));
    // A line from deep inside the request, with no id handed to it.
    logger.info({ step: "deep" }, "working");
    res.json({ ok: true });
  });
  app.get("/cached", (_req, res) => {
    res.setHeader("Content-Language", "en");
    res.type("html").end(`<script nonce="${res.locals.cspNonce}"></script><p>page</p>`);
  });
  app.get("/static", (_req, res) => {
    res.setHeader("Content-Security-Policy", "default-src 'self'; script-src 'self'");
    res.type("html").end(`<!doctype html><p>${"A room in Molyko. ".repeat(50)}</p>`);
  });
  app.get("/down", (req, res) => sendStatusPage(req, res, "unavailable"));
  // server/http-app.ts's listener: stored static pages are answered before Express.
  server = http.createServer(storedPagesFirst(app, visitorPages)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("request ids", () => {
  it("generates one per request, echoes it, and puts it on the access line and on every line of the request", async () => {
    const base = await start(false);
    const { result, lines } = await captureLogs(async () => {
      const a = await fetch(`${base}/work?token=secret-reset-token`);
      const b = await fetch(`${base}/work`);
      await a.text();
      await b.text();
      return [a.headers.get("X-Request-Id"), b.headers.get("X-Request-Id")];
    });
    const [first, second] = result;
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
    // Lines are written when the response is done: wait for both access lines, not for a time.
    await expect.poll(() => lines.filter((l) => l.msg === "request").length).toBe(2);
    const deep = lines.filter((l) => l.msg === "working");
    expect(deep.map((l) => l.reqId).sort()).toEqual([first, second].sort());
    const access = lines.find((l) => l.msg === "request" && l.reqId === first)!;
    expect(access).toMatchObject({ method: "GET", status: 200, path: "/work?token=[REDACTED]" });
    expect(typeof access.ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("secret-reset-token");
  });

  it("takes a well-formed X-Request-Id only from a trusted proxy", async () => {
    const direct = await start(false);
    const fromClient = await fetch(`${direct}/work`, { headers: { "X-Request-Id": NGINX_ID } });
    expect(fromClient.headers.get("X-Request-Id")).toMatch(UUID);
    server!.close();

    const behindProxy = await start(["loopback"]);
    const fromProxy = await fetch(`${behindProxy}/work`, { headers: { "X-Request-Id": NGINX_ID } });
    expect(fromProxy.headers.get("X-Request-Id")).toBe(NGINX_ID);
    // Even from the proxy, a value that could forge a log line or flood it is replaced.
    for (const bad of ["short", "x".repeat(65), "abc def ghij", 'abc"}{"x":"y']) {
      const answer = await fetch(`${behindProxy}/work`, { headers: { "X-Request-Id": bad } });
      expect(answer.headers.get("X-Request-Id"), bad).toMatch(UUID);
    }
  });

  it("decides trust with the TRUST_PROXY rule on the connection's address", () => {
    const req = (address: string, id: string) => ({ headers: { "x-request-id": id }, socket: { remoteAddress: address } }) as never;
    expect(requestIdFor(req("10.0.0.2", NGINX_ID), (address) => address === "10.0.0.2")).toBe(NGINX_ID);
    expect(requestIdFor(req("203.0.113.9", NGINX_ID), (address) => address === "10.0.0.2")).toMatch(UUID);
  });

  it("gives a page answered from the page cache its own id, not the stored one", async () => {
    const base = await start(false);
    const first = await fetch(`${base}/cached`);
    await first.text();
    const second = await fetch(`${base}/cached`);
    await second.text();
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(second.headers.get("X-Request-Id")).toMatch(UUID);
    expect(second.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
  });

  it("gives a static page answered by the bare listener an id of its own, and a trusted proxy's", async () => {
    const base = await start(["127.0.0.1"]);
    let stored = await fetch(`${base}/static`);
    for (let i = 0; i < 100 && stored.headers.get("X-Page-Cache") !== "hit"; i++) {
      await stored.text();
      await new Promise((r) => setTimeout(r, 10));
      stored = await fetch(`${base}/static`);
    }
    await stored.text();
    expect(stored.headers.get("X-Page-Cache")).toBe("hit");
    expect(stored.headers.get("X-Request-Id")).toMatch(UUID);
    const viaProxy = await fetch(`${base}/static`, { headers: { "X-Request-Id": NGINX_ID } });
    await viaProxy.text();
    expect(viaProxy.headers.get("X-Page-Cache")).toBe("hit");
    expect(viaProxy.headers.get("X-Request-Id")).toBe(NGINX_ID);
  });

  it("shows the id as the reference on the server's status pages, translated", async () => {
    const base = await start(false);
    const english = await fetch(`${base}/down`);
    const id = english.headers.get("X-Request-Id")!;
    expect(english.status).toBe(503);
    expect(await english.text()).toContain(`Reference for support: ${id}`);
    const french = await fetch(`${base}/down`, { headers: { "Accept-Language": "fr" } });
    expect(await french.text()).toContain(`Référence pour le support : ${french.headers.get("X-Request-Id")}`);
    expect(statusPageHtml("error", "en", "a<b")).toContain("Reference for support: a&#60;b");
    expect(statusPageHtml("error", "en")).not.toContain("Reference");
  });
});
