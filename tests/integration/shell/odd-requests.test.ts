// Requests no browser of ours sends (issue 30, server/odd-requests.ts), written byte for byte on a
// socket to the real HTTP stack (server/http-app.ts: the bare listener's stored pages, Express,
// Remix's handler with the real root route and document renderer): a malformed %-escape in the
// path, TRACE/PROPFIND/CONNECT and the other methods we do not serve, an absolute or `*` target,
// a Host or a trusted proxy's X-Forwarded-Host/-Proto that is not one. Each gets a 4xx (405 with
// Allow for a method) and the translated page, never a 500, and nothing is logged at error level.
// Each case answered 500 (or, for CONNECT, nothing at all) before the change; a Host such as
// `a/page-b?` also stored page B under page A's URL for every visitor.
import net from "node:net";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import fc from "fast-check";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../../server/http-app";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import * as healthz from "~/routes/healthz";
import * as notFound from "~/routes/$";
import { captureLogs } from "#infrastructure/logging/logger";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { testServerBuild } from "../../support/server-build";
import { RUNS } from "../routes/fuzz-support";

/** Two static pages (hydrate: false, so the page cache keeps them as bytes for the bare listener). */
const page = (text: string) => ({ default: () => createElement("p", { "data-testid": "page" }, text), handle: { hydrate: false } });

function build(): ServerBuild {
  return testServerBuild(
    {
      root: { path: "", module: root },
      "routes/page-a": { parentId: "root", path: "page-a", module: page("This is page A") },
      "routes/page-b": { parentId: "root", path: "page-b", module: page("This is page B") },
      "routes/healthz": { parentId: "root", path: "healthz", module: healthz },
      "routes/$": { parentId: "root", path: "*", module: notFound },
    },
    entryServer as ServerBuild["entry"]["module"],
    "odd-requests",
  );
}

interface Answer {
  status: number;
  head: string;
  body: string;
  header(name: string): string | undefined;
}

describe("odd requests through the real HTTP stack", () => {
  let h: RouteHarness;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    // TRUST_PROXY=loopback: the test's socket is the proxy, so X-Forwarded-Host and -Proto are read.
    h = await createRouteHarness({ env: { PAGE_CACHE_TTL_MS: "60000", TRUST_PROXY: "loopback" } });
    const app = createHttpApp({ services: h.services, build: build(), clientDir: "build/client-absent" });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
  });

  /** One request as raw bytes (what Node's parser accepts, nothing a Fetch client would clean up). */
  const send = (head: string, body = "") =>
    new Promise<Answer>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(body)])));
      const chunks: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const split = text.indexOf("\r\n\r\n");
        const headText = split === -1 ? text : text.slice(0, split);
        const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headText)?.[1] ?? 0);
        const header = (name: string) => new RegExp(`\r\n${name}: ([^\r]*)`, "i").exec(headText)?.[1];
        resolve({ status, head: headText, body: split === -1 ? "" : text.slice(split + 4), header });
      });
      setTimeout(() => socket.destroy(), 10_000).unref();
    });
  const request = (line: string, headers: string[] = ["Host: localhost"], body = "") =>
    send(`${line} HTTP/1.1\r\n${[...headers, "Connection: close"].map((h) => `${h}\r\n`).join("")}\r\n`, body);

  /** Until the server has closed every connection: each response's log lines are written by then. */
  async function settled() {
    for (;;) {
      const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
      if (open === 0) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** The answer, and that nothing was logged at error level (50) or above meanwhile. */
  async function quietly(ask: () => Promise<Answer>) {
    const { result, lines } = await captureLogs(async () => {
      const answer = await ask();
      await settled();
      return answer;
    });
    const errors = lines.filter((l) => Number(l.level) >= 50);
    expect(errors, JSON.stringify(errors)).toEqual([]);
    return { answer: result, lines };
  }

  const BAD_REQUEST_TITLE = "That address could not be read";
  const NOT_ALLOWED_TITLE = "This page cannot be used that way";

  it.each([
    ["a malformed UTF-8 escape in the path", "GET /listings/%E0%A4%A"],
    ["a lone %", "GET /%"],
    ["a lone % in a data request", "GET /%.data"],
    ["an escape that is not hex", "GET /page-a/%zz"],
    ["an absolute target", "GET http://evil.example/"],
    ["an absolute target for one of our pages", "GET http://localhost/page-a"],
    ["the asterisk target", "GET *"],
  ])("%s is a 400 with the translated page", async (_name, line) => {
    const { answer, lines } = await quietly(() => request(line, ["Host: localhost:3000"]));
    expect(answer.status).toBe(400);
    expect(answer.header("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.body).toContain(BAD_REQUEST_TITLE);
    expect(answer.body).toContain(`Reference for support: ${answer.header("x-request-id")}`);
    expect(lines.find((l) => l.msg === "odd request refused")).toMatchObject({ level: 30 });
  });

  it.each([
    ["spaces", "Host: a b"],
    ["only colons", "Host: :::"],
    ["an empty port", "Host: example.com:"],
    ["a port past 65535", "Host: localhost:99999"],
    ["a path in it", "Host: a/page-b?"],
    ["a query mark", "Host: a?"],
    ["credentials", "Host: user@evil.example"],
    ["an unclosed IPv6 bracket", "Host: [::1"],
    ["an IPv4 address out of range", "Host: 999.1.1.1"],
    ["300 characters", `Host: ${"a".repeat(300)}`],
  ])("a Host with %s is a 400", async (_name, host) => {
    const { answer } = await quietly(() => request("GET /page-a", [host]));
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(BAD_REQUEST_TITLE);
  });

  it.each([
    ["spaces", "X-Forwarded-Host: a b"],
    ["only colons", "X-Forwarded-Host: :::"],
    ["an empty port", "X-Forwarded-Host: kamernest.cm:"],
    ["a port past 65535", "X-Forwarded-Host: kamernest.cm:70000"],
    ["300 characters", `X-Forwarded-Host: ${"k".repeat(300)}.cm`],
    ["a broken escape", "X-Forwarded-Host: %zz"],
    ["a scheme that is not http", "X-Forwarded-Proto: javascript"],
  ])("a trusted proxy's forwarded header with %s is a 400", async (_name, forwarded) => {
    const { answer } = await quietly(() => request("GET /page-a", ["Host: localhost", forwarded]));
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(BAD_REQUEST_TITLE);
  });

  it("still serves well-formed hosts: a name with a port, an address, a proxy's host and scheme, and none at all (HTTP/1.0)", async () => {
    for (const headers of [
      ["Host: kamernest.cm:8443"],
      ["Host: 127.0.0.1"],
      ["Host: [::1]:3000"],
      ["Host: localhost", "X-Forwarded-Host: kamernest.cm", "X-Forwarded-Proto: https"],
    ]) {
      const { answer } = await quietly(() => request("GET /page-b?fresh=1", headers));
      expect(answer.status, headers.join(" ")).toBe(200);
      expect(answer.body).toContain("This is page B");
    }
    const { answer } = await quietly(() => send("GET /page-b?fresh=2 HTTP/1.0\r\n\r\n"));
    expect(answer.status).toBe(200);
  });

  it.each([
    "TRACE /",
    "TRACE /page-a",
    "PROPFIND /",
    "PUT /page-a",
    "PATCH /page-a",
    "DELETE /",
    "OPTIONS /",
    "OPTIONS *",
    "MKCOL /x",
    "PURGE /page-a",
  ])("%s is a 405 naming what we serve, with the translated page", async (line) => {
    const { answer, lines } = await quietly(() => request(line));
    expect(answer.status).toBe(405);
    expect(answer.header("allow")).toBe("GET, HEAD, POST");
    expect(answer.body).toContain(NOT_ALLOWED_TITLE);
    expect(lines.find((l) => l.msg === "odd request refused")).toMatchObject({ level: 30, reason: "method" });
  });

  it("a refused method's body is never read: the connection closes after the answer", async () => {
    const { answer } = await quietly(() => request("PUT /page-a", ["Host: localhost", "Content-Length: 100000"], "x".repeat(10)));
    expect(answer.status).toBe(405);
    expect(answer.header("connection")).toBe("close");
  });

  it("CONNECT gets a 405 with Allow instead of a dropped connection", async () => {
    const { result, lines } = await captureLogs(() =>
      send("CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\nAccept-Language: fr\r\n\r\n"),
    );
    expect(result.status).toBe(405);
    expect(result.header("allow")).toBe("GET, HEAD, POST");
    expect(result.body).toContain("Cette page ne s&#39;utilise pas ainsi");
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(lines.find((l) => l.msg === "odd request refused")).toMatchObject({ level: 30, method: "CONNECT" });
  });

  it("says it in French for a French reader", async () => {
    const { answer } = await quietly(() => request("GET /%", ["Host: localhost", "Accept-Language: fr-CM,fr;q=0.9"]));
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Cette adresse n&#39;a pas pu être lue");
    expect(answer.head).toMatch(/\r\ncontent-language: fr/i);
  });

  it("a POST to a page or a resource route without an action is a 405 with Allow: GET, HEAD, logged at info", async () => {
    for (const path of ["/page-a", "/healthz", "/page-a.data"]) {
      const { answer, lines } = await quietly(() =>
        request(`POST ${path}`, ["Host: localhost", "Content-Type: application/x-www-form-urlencoded", "Content-Length: 3"], "a=b"),
      );
      expect(answer.status, path).toBe(405);
      expect(answer.header("allow"), path).toBe("GET, HEAD");
      // Said in the reader's words (not the root's "could not start" screen, nor "Unexpected Server
      // Error"); a data request keeps Remix's answer, which the browser's Remix reads.
      if (!path.endsWith(".data")) expect(answer.body, path).toContain(NOT_ALLOWED_TITLE);
      expect(lines.find((l) => l.msg === "request refused")).toMatchObject({ level: 30, status: 405 });
    }
  });

  it("a Host that moves the path never puts another page in the cache under this URL", async () => {
    const poisoned = await quietly(() => request("GET /page-a?visit=poison", ["Host: a/page-b?"]));
    expect(poisoned.answer.status).toBe(400);
    // A visitor asking for the same URL gets page A, rendered or stored.
    for (let i = 0; i < 3; i++) {
      const { answer } = await quietly(() => request("GET /page-a?visit=poison"));
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("This is page A");
      expect(answer.body).not.toContain("This is page B");
    }
  });

  it("a page stored for the bare listener is not handed to an odd request", async () => {
    // Stored (compressed off the main thread, after the cache's first poll): ask until it is.
    let stored = false;
    for (let i = 0; i < 100 && !stored; i++) {
      stored = (await quietly(() => request("GET /page-a?stored=1"))).answer.header("x-page-cache") === "hit";
      if (!stored) await new Promise((r) => setTimeout(r, 20));
    }
    expect(stored).toBe(true);
    for (const headers of [["Host: a b"], ["Host: localhost", "X-Forwarded-Host: :::"], ["Host: localhost:99999"]]) {
      const { answer } = await quietly(() => request("GET /page-a?stored=1", headers));
      expect(answer.status, headers.join(" ")).toBe(400);
      expect(answer.header("x-page-cache")).toBeUndefined();
    }
  });

  it("a server made from the Express app without its listener refuses them too (the middleware's own check)", async () => {
    const app = createHttpApp({ services: h.services, build: build(), clientDir: "build/client-absent" });
    const plain = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => plain.once("listening", resolve));
    try {
      const at = (plain.address() as AddressInfo).port;
      const ask = (line: string, host: string) =>
        new Promise<number>((resolve) => {
          const socket = net.connect(at, "127.0.0.1", () => socket.end(`${line} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
          let text = "";
          socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
          socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
        });
      const { result, lines } = await captureLogs(async () => [
        await ask("GET /%", "localhost"),
        await ask("TRACE /", "localhost"),
        await ask("GET /page-a", "a b"),
        await ask("GET http://evil.example/page-a", "localhost"),
      ]);
      expect(result).toEqual([400, 405, 400, 400]);
      expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    } finally {
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });

  it(`${RUNS * 2} requests of odd methods, targets and hosts: never a 500, never an error logged`, async () => {
    const methods = fc.constantFrom("GET", "HEAD", "POST", "TRACE", "PROPFIND", "PUT", "DELETE", "OPTIONS", "PATCH", "SEARCH", "LOCK");
    const escape = fc.oneof(
      fc.constantFrom("%", "%E0%A4%A", "%zz", "%C3", "%00", "%2F", "%25", "%FF%FE", "%e9", "%F0%9F%98%80"),
      fc.integer({ min: 0, max: 255 }).map((n) => `%${n.toString(16).padStart(2, "0")}`),
    );
    const segment = fc.oneof(
      fc.constantFrom("page-a", "page-b", "healthz", "listings", "", ".data", "..", "x.data"),
      escape,
      fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{0,8}$/),
    );
    const target = fc.oneof(
      { weight: 4, arbitrary: fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join("")}`) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.array(segment, { maxLength: 3 }), fc.array(segment, { maxLength: 3 }))
          .map(([p, q]) => `/${p.join("/")}?${q.join("&")}`),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "*",
          "http://evil.example/",
          "https://localhost:99999/page-a",
          "//evil.example/page-a",
          "/\\evil.example",
          "page-a",
          "http://[::1]/",
        ),
      },
    );
    const hostValue = fc.oneof(
      fc.constantFrom(
        "localhost",
        "localhost:3000",
        "kamernest.cm",
        "127.0.0.1:1",
        "[::1]",
        "a b",
        ":::",
        "x:",
        "a:0",
        "a:65536",
        "a?",
        "a#",
        "a/b",
        "@",
        "[",
        "]",
        "..",
        "-",
        "_",
        "a..b",
      ),
      fc.stringMatching(/^[\x21-\x7e]{0,20}$/),
      fc.constant("h".repeat(400)),
    );
    const headers = fc.record(
      {
        host: fc.option(hostValue, { nil: undefined }),
        forwardedHost: fc.option(fc.oneof(hostValue, fc.constant("a.example, b.example:70000")), { nil: undefined }),
        forwardedProto: fc.option(fc.constantFrom("http", "https", "HTTPS", "ftp", "", "https, http", "javascript"), { nil: undefined }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(methods, target, headers, async (method, path, { host, forwardedHost, forwardedProto }) => {
        const lines = [
          ...(host === undefined ? [] : [`Host: ${host}`]),
          ...(forwardedHost === undefined ? [] : [`X-Forwarded-Host: ${forwardedHost}`]),
          ...(forwardedProto === undefined ? [] : [`X-Forwarded-Proto: ${forwardedProto}`]),
          ...(method === "POST" ? ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 0"] : []),
        ];
        const { result, lines: logged } = await captureLogs(async () => {
          const answer = await request(`${method} ${path}`, lines);
          await settled();
          return answer;
        });
        // 0: Node's own parser refused the bytes and closed the connection (its bare 400), as it should.
        expect(
          result.status === 0 || (result.status >= 200 && result.status < 500),
          `${method} ${path} ${lines.join(" | ")}: ${result.status}`,
        ).toBe(true);
        if (result.status === 405) expect(result.header("allow")).toBeTruthy();
        expect(
          logged.filter((l) => Number(l.level) >= 50),
          `${method} ${path} ${lines.join(" | ")}`,
        ).toEqual([]);
      }),
      { numRuns: RUNS * 2 },
    );
  }, 120_000);
});
