import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "../../../server/page-cache";

describe("the visitors' page cache", () => {
  let server: http.Server;
  let base: string;
  let renders = 0;
  let clock = 0;
  const cache = pageCache({ ttlMs: 1000, maxEntries: 2, now: () => clock });

  beforeAll(async () => {
    const app = express();
    let n = 0;
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${++n}x`;
      next();
    });
    app.use(cache);
    app.post("/write", (_req, res) => res.send("done"));
    app.get("/cookie", (_req, res) => {
      renders++;
      res.setHeader("Set-Cookie", "a=b");
      res.type("html").send("<p>with a cookie</p>");
    });
    app.get("/missing", (_req, res) => {
      renders++;
      res.status(404).type("html").send("<p>nope</p>");
    });
    app.get("*", (req, res) => {
      renders++;
      // Streamed in two writes, as Remix does.
      res.type("html");
      res.write(`<script nonce="${res.locals.cspNonce}">`);
      res.end(`</script><p>${req.originalUrl} render ${renders}</p>`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { headers });
    return { text: await response.text(), hit: response.headers.get("x-page-cache") === "hit", status: response.status };
  };

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
    await get("/", { Cookie: "kn_lang=fr" });
    expect((await get("/")).hit).toBe(false);
    expect((await get("/", { Cookie: "kn_lang=fr" })).hit).toBe(true);
    expect((await get("/", { "Save-Data": "on" })).hit).toBe(false);
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

  it("forgets pages after their time, and everything after a write", async () => {
    cache.clear();
    clock = 0;
    await get("/a");
    clock = 999;
    expect((await get("/a")).hit).toBe(true);
    clock = 2500;
    expect((await get("/a")).hit).toBe(false);
    expect(cache.size()).toBe(1);
    await fetch(`${base}/write`, { method: "POST" });
    expect(cache.size()).toBe(0);
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
