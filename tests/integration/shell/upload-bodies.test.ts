// Uploads before sign-in (issue 30, decision 0181), through the real Express app with the real
// upload routes and services: a visitor's (or a wrong role's) upload is answered by the route's own
// guard without the server reading its body, and the connection is closed; a host's upload still
// works; uploads being parsed hold at most UPLOAD_MEMORY_MB of the process's memory, the next one
// waits, then gets the translated "busy" 503.
import net from "node:net";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../../server/http-app";
import { byteBudget } from "../../../server/uploads";
import * as hostVerification from "~/routes/host+/verification";
import * as agentVerification from "~/routes/auth+/agent-verification";
import { createPersona, createRouteHarness, signedInJar, tinyPdf, type RouteHarness } from "../../support/route-harness";
import { testServerBuild } from "../../support/server-build";

const MB = 1024 * 1024;

/** Host verification's action, held at its start while `held` is set (the memory budget's test). */
let held: { entered: () => void; release: Promise<void> } | null = null;
const heldHostVerification = {
  ...hostVerification,
  action: async (args: Parameters<typeof hostVerification.action>[0]) => {
    const hold = held;
    if (hold) {
      held = null;
      hold.entered();
      await hold.release;
    }
    return hostVerification.action(args);
  },
};

function uploadBuild(): ServerBuild {
  return testServerBuild(
    {
      root: { path: "", module: { default: () => null } },
      "routes/host+/verification": { parentId: "root", path: "host/verification", module: heldHostVerification },
      "routes/auth+/agent-verification": { parentId: "root", path: "auth/agent-verification", module: agentVerification },
    },
    {
      default: (_request, status, headers) =>
        new Response(`<!doctype html><p>status ${status}</p>`, {
          status,
          headers: { ...Object.fromEntries(headers), "Content-Type": "text/html" },
        }),
    } as ServerBuild["entry"]["module"],
    "uploads",
  );
}

interface RawOutcome {
  head: string;
  /** Bytes the server's side of the connection had read when it closed. */
  serverRead: number;
  /** Bytes this client handed to its socket. */
  sent: number;
}

describe("uploads: who may send one is checked before a byte is read", () => {
  let h: RouteHarness;
  let server: http.Server;
  let port: number;
  let base: string;
  const serverSockets: net.Socket[] = [];
  let hostCookie: string;
  let otherHostCookie: string;
  let studentCookie: string;

  beforeAll(async () => {
    h = await createRouteHarness({ env: { UPLOAD_MEMORY_MB: "1", RENDER_QUEUE_WAIT_MS: "1000" } });
    hostCookie = (await signedInJar(h, (await createPersona(h, "student")).id)).header()!;
    otherHostCookie = (await signedInJar(h, (await createPersona(h, "student")).id)).header()!;
    studentCookie = (await signedInJar(h, (await createPersona(h, "student")).id)).header()!;
    const app = createHttpApp({ services: h.services, build: uploadBuild(), clientDir: "build/client-absent" });
    server = app.listen(0, "127.0.0.1");
    server.on("connection", (socket) => serverSockets.push(socket));
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await h?.close();
  });

  /**
   * A multipart POST of `total` bytes sent as fast as the socket takes them (chunked, or with its
   * Content-Length), until the server answers or closes the connection.
   */
  function rawUpload(path: string, total: number, { chunked, cookie }: { chunked: boolean; cookie?: string }): Promise<RawOutcome> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      const before = serverSockets.length;
      let head = "";
      let sent = 0;
      let answered = false;
      socket.on("error", () => {});
      const done = () => resolve({ head, serverRead: serverSockets[before]?.bytesRead ?? -1, sent });
      socket.on("data", (chunk) => {
        // A server that keeps the connection open after its answer is not waited for long.
        if (!answered) setTimeout(() => socket.destroy(), 3_000).unref();
        answered = true;
        head += chunk.toString("latin1");
      });
      socket.once("close", done);
      const headers = [
        `POST ${path} HTTP/1.1`,
        "Host: 127.0.0.1",
        "Content-Type: multipart/form-data; boundary=----kamernest",
        chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${total}`,
        ...(cookie ? [`Cookie: ${cookie}`] : []),
      ];
      socket.write(`${headers.join("\r\n")}\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 0x61);
      const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]) : piece;
      const pump = () => {
        while (!answered && !socket.destroyed && sent < total) {
          sent += piece.length;
          if (!socket.write(framed)) return void socket.once("drain", pump);
        }
        // All sent and no answer (a server reading it all waits for more): not waited for long either.
        if (!answered && sent >= total) setTimeout(() => socket.destroy(), 5_000).unref();
      };
      pump();
    });
  }

  it("answers a visitor's chunked upload with the route's redirect to the login page, reading none of it, and closes the connection", async () => {
    const outcome = await rawUpload("/host/verification", 24 * MB, { chunked: true });
    expect(outcome.head).toMatch(/^HTTP\/1\.1 302 /);
    expect(outcome.head).toMatch(/\r\nlocation: \/auth\/login\?redirectTo=%2Fhost%2Fverification\r\n/i);
    expect(outcome.head).toMatch(/\r\nconnection: close\r\n/i);
    // The server read its headers and what its socket had taken in before the answer, not the upload.
    expect(outcome.serverRead).toBeGreaterThan(0);
    expect(outcome.serverRead).toBeLessThan(2 * MB);
  });

  it("answers a student's upload to the agents' verification with its refusal, unread, declared length or not", async () => {
    for (const chunked of [true, false]) {
      const outcome = await rawUpload("/auth/agent-verification", 20 * MB, { chunked, cookie: studentCookie });
      expect(outcome.head, `chunked=${chunked}`).toMatch(/^HTTP\/1\.1 302 /);
      expect(outcome.head).toMatch(/\r\nlocation: \/agents\/unauthorized\r\n/i);
      expect(outcome.serverRead).toBeLessThan(2 * MB);
    }
    // The same for the single-fetch data request of the form.
    const data = await rawUpload("/auth/agent-verification.data", 20 * MB, { chunked: true });
    expect(data.serverRead).toBeLessThan(2 * MB);
    expect(data.head).not.toMatch(/^HTTP\/1\.1 5/);
  });

  const documents = (extraBytes = 0) => {
    const form = new FormData();
    form.append("identity", tinyPdf("id.pdf", extraBytes));
    form.append("ownership", tinyPdf("deed.pdf"));
    return form;
  };
  const send = (cookie: string, form: FormData) =>
    fetch(`${base}/host/verification`, { method: "POST", body: form, headers: { Cookie: cookie }, redirect: "manual" });

  it("takes a signed-in host's documents, and holds uploads being parsed to the memory budget", { timeout: 20_000 }, async () => {
    // The first upload (700 kB) holds most of the 1 MB budget while its action is held.
    let entered!: () => void;
    const inAction = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    held = { entered, release: new Promise<void>((resolve) => (release = resolve)) };
    const first = send(hostCookie, documents(700 * 1024));
    await inAction;

    // The second cannot have its 700 kB: it waits (RENDER_QUEUE_WAIT_MS), then the busy page.
    const second = await send(otherHostCookie, documents(700 * 1024));
    expect(second.status).toBe(503);
    expect(second.headers.get("retry-after")).toBe("5");
    expect(await second.text()).toContain("Too many visitors right now");

    release();
    const answer = await first;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/host");
    // Given back: the other host's upload goes through now.
    const again = await send(otherHostCookie, documents(700 * 1024));
    expect(again.status).toBe(302);
    const rows = await h.database.db.selectFrom("host_verifications").select(["status", "documents"]).execute();
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
  });

  it("keeps the route's own per-file checks: a document over 5 MB is refused with its message", async () => {
    const response = await send(studentCookie, documents(5 * MB + 1));
    expect(response.status).toBe(400);
  });
});

describe("the uploads' memory budget", () => {
  it("hands bytes out in arrival order, never past the total; one larger than the total takes it all, alone", async () => {
    const budget = byteBudget(100);
    const first = (await budget.take(60, 1_000))!;
    expect(budget.stats()).toEqual({ held: 60, waiting: 0 });
    const order: string[] = [];
    const big = budget.take(500, 1_000).then((r) => (order.push("big"), r));
    const small = budget.take(10, 1_000).then((r) => (order.push("small"), r));
    // 10 bytes are free, but the big one came first: the small one waits behind it.
    expect(budget.stats()).toEqual({ held: 60, waiting: 2 });
    first();
    const bigRelease = (await big)!;
    expect(budget.stats()).toEqual({ held: 100, waiting: 1 });
    bigRelease();
    bigRelease(); // Given back once only.
    (await small)!();
    expect(order).toEqual(["big", "small"]);
    expect(budget.stats()).toEqual({ held: 0, waiting: 0 });
  });

  it("answers null to a request that waited too long, and forgets it", async () => {
    const budget = byteBudget(100);
    const all = (await budget.take(100, 1_000))!;
    expect(await budget.take(1, 20)).toBeNull();
    expect(budget.stats()).toEqual({ held: 100, waiting: 0 });
    all();
    expect(await budget.take(100, 20)).not.toBeNull();
  });
});
