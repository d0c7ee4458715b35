// Slow bodies (issue 30, decision 0180): anonymous connections that send the headers of a form POST
// and then trickle its body one byte a second must not hold the render places of the admission
// gate. Through the real Express app (server/http-app.ts): while 40 of them trickle, a rendered
// page (the page cache is off here) and the webhook are answered 200, not the gate's "busy" 503;
// the trickling ones end with the translated 408 once the body deadline has gone by.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { useHttpApp } from "./http-app-harness";
import { serverTimeouts } from "../../../server/body-limit";

const TRICKLERS = 40;

interface Trickler {
  /** The status line's code once the server answered, or null while it has not. */
  status: number | null;
  /** The whole answer as received. */
  text: string;
  /** Resolves when the connection is closed (by either side). */
  closed: Promise<void>;
  socket: net.Socket;
}

/** A POST to /auth/login declaring 100 000 bytes, of which it sends one a second. */
function trickle(port: number): Trickler {
  const socket = net.connect(port, "127.0.0.1");
  const trickler: Trickler = { status: null, text: "", closed: new Promise((resolve) => socket.once("close", () => resolve())), socket };
  socket.on("error", () => {}); // Writing into a connection the server closed.
  socket.on("data", (chunk) => {
    trickler.text += chunk.toString("latin1");
    trickler.status ??= Number(/^HTTP\/1\.1 (\d{3})/.exec(trickler.text)?.[1] ?? NaN) || null;
  });
  socket.write(
    "POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nx",
  );
  const timer = setInterval(() => (socket.writable ? socket.write("x") : clearInterval(timer)), 1_000);
  socket.once("close", () => clearInterval(timer));
  return trickler;
}

const open: net.Socket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
});

describe("slow bodies and the admission gate", () => {
  // A short body deadline for the test (15 s by default), and a short wait in the gate: a request
  // stuck behind the trickling ones would get the "busy" 503 after 1.5 s.
  const app = useHttpApp({ REQUEST_BODY_TIMEOUT_MS: "5000", RENDER_QUEUE_WAIT_MS: "1500", RENDER_CONCURRENCY: "16" });

  it(
    "serves rendered pages and the webhook while 40 connections trickle their bodies, which then get 408",
    { timeout: 30_000 },
    async () => {
      const tricklers = Array.from({ length: TRICKLERS }, () => trickle(app().port));
      open.push(...tricklers.map((t) => t.socket));
      await Promise.all(
        tricklers.map((t) => new Promise((resolve) => (t.socket.connecting ? t.socket.once("connect", resolve) : resolve(null)))),
      );
      // Every one has sent its headers and is sending its body.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(tricklers.filter((t) => t.status !== null || t.socket.destroyed)).toEqual([]);

      const page = await fetch(`${app().base}/page`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("page 200");
      const webhook = await fetch(`${app().base}/webhooks/fapshi`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"transId":"abc"}',
      });
      expect(webhook.status).toBe(200);
      expect(await webhook.json()).toMatchObject({ bytes: 17 });
      // All of that while the attack was on: not one trickler had been answered yet.
      expect(tricklers.filter((t) => t.status !== null)).toEqual([]);

      await Promise.all(tricklers.map((t) => t.closed));
      expect(tricklers.map((t) => t.status)).toEqual(Array(TRICKLERS).fill(408));
      expect(tricklers[0].text).toMatch(/\r\nconnection: close\r\n/i);
      expect(tricklers[0].text).toContain("That took too long to send");
    },
  );

  it("answers a French reader's slow form in French", { timeout: 30_000 }, async () => {
    const socket = net.connect(app().port, "127.0.0.1");
    open.push(socket);
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("utf8")));
    socket.on("error", () => {});
    socket.write("POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: fr\r\nContent-Length: 10\r\n\r\nab");
    await new Promise((resolve) => socket.once("close", resolve));
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(text).toContain("L&#39;envoi a pris trop de temps");
  });
});

describe("the http server's timeouts", () => {
  const app = useHttpApp({ REQUEST_BODY_TIMEOUT_MS: "15000", UPLOAD_BODY_TIMEOUT_MS: "300000" });

  it("are set on every server the app makes, past the app's own body deadlines", () => {
    const { server } = app();
    const expected = serverTimeouts({ requestBodyTimeoutMs: 15_000, uploadBodyTimeoutMs: 300_000 });
    expect(server.headersTimeout).toBe(expected.headersTimeout);
    expect(server.requestTimeout).toBe(expected.requestTimeout);
    expect(server.keepAliveTimeout).toBe(expected.keepAliveTimeout);
    expect(expected.headersTimeout).toBeLessThan(60_000);
    expect(expected.requestTimeout).toBeGreaterThan(300_000);
    // Above nginx's upstream keepalive_timeout (4 s in deploy/), decision 0142.
    expect(expected.keepAliveTimeout).toBeGreaterThan(4_000);
  });
});
