// The admission gate (server/admission.ts, decision 0150): at most `limit` requests run at once,
// the others wait in arrival order, a bounded time, then get the translated 503 "busy" page.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { EventEmitter } from "node:events";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { admissionGate, isExemptFromAdmission } from "../../../server/admission";
import { sendStatusPage } from "../../../server/status-pages";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app behind the gate whose /work/:name requests wait until the test releases them. */
async function start(limit: number, maxWaitMs: number) {
  const gate = admissionGate({ limit, maxWaitMs, onBusy: (req, res) => sendStatusPage(req, res, "busy") });
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const app = express();
  app.use(gate);
  app.get("/healthz", (_req, res) => res.type("text").send("ok"));
  app.get("/work/:name", async (req, res) => {
    started.push(req.params.name);
    await new Promise<void>((resolve) => releases.set(req.params.name, resolve));
    res.type("html").send(`<p>${req.params.name}</p>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(condition()).toBe(true);
  };
  /**
   * Sends a request and waits until the server has it (running or waiting), so arrival order is
   * the test's. The answer comes wrapped: an async function would otherwise wait for it.
   */
  const send = async (name: string, headers: Record<string, string> = {}): Promise<{ answer: Promise<Response> }> => {
    const before = gate.stats();
    const answer = fetch(`${base}/work/${name}`, { headers });
    await until(() => {
      const now = gate.stats();
      return now.running + now.waiting + now.busyAnswers > before.running + before.waiting + before.busyAnswers;
    });
    return { answer };
  };
  const release = async (name: string) => {
    await until(() => releases.has(name));
    releases.get(name)!();
  };
  return { gate, base, started, send, release, until };
}

describe("the admission gate", () => {
  it("starts at most one request per turn of the event loop, in arrival order (decision 0157)", async () => {
    // Node accepts one new connection per turn: a turn that ran every waiting render kept new
    // connections out for seconds. The others wait for the next turns, even with places free.
    const gate = admissionGate({ limit: 16, maxWaitMs: 10_000, onBusy: () => {} });
    const started: string[] = [];
    const response = () => Object.assign(new EventEmitter(), { destroyed: false, writableEnded: false });
    const arrive = (name: string) => gate({ path: `/work/${name}`, method: "GET" } as never, response() as never, () => started.push(name));
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    for (const name of ["a", "b", "c", "d"]) arrive(name);
    expect(started).toEqual(["a"]);
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 3 });
    await nextTurn();
    expect(started).toEqual(["a", "b"]);
    await nextTurn();
    expect(started).toEqual(["a", "b", "c"]);
    arrive("e");
    await nextTurn();
    expect(started).toEqual(["a", "b", "c", "d"]);
    await nextTurn();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    expect(gate.stats()).toMatchObject({ running: 5, waiting: 0 });
    // A turn with nothing started lets the next arrival in at once.
    await nextTurn();
    arrive("f");
    expect(started.at(-1)).toBe("f");
  });

  it("runs at most `limit` requests at once and lets the others in, in the order they came", async () => {
    const { gate, started, send, release, until } = await start(2, 10_000);
    const answers: Promise<Response>[] = [];
    for (const name of ["a", "b", "c", "d", "e"]) answers.push((await send(name)).answer);
    await until(() => started.length === 2);
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 3 });
    // The second one finishes first: the first that waited takes its place, not a later one.
    await release("b");
    await until(() => started.length === 3);
    await release("a");
    await until(() => started.length === 4);
    await release("d");
    await until(() => started.length === 5);
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    await release("c");
    await release("e");
    const bodies = await Promise.all(answers.map(async (a) => (await a).text()));
    expect(bodies).toEqual(["<p>a</p>", "<p>b</p>", "<p>c</p>", "<p>d</p>", "<p>e</p>"]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, busyAnswers: 0 });
  });

  it("answers the translated 503 busy page with Retry-After to a request that waited too long", async () => {
    const { gate, started, send, release } = await start(1, 150);
    const first = (await send("first")).answer;
    const english = (await send("late-en", { "Accept-Language": "en" })).answer;
    const french = (await send("late-fr", { "Accept-Language": "fr-CM, fr;q=0.9" })).answer;
    const [en, fr] = await Promise.all([english, french]);
    expect(en.status).toBe(503);
    expect(en.headers.get("retry-after")).toBe("5");
    expect(en.headers.get("cache-control")).toBe("no-store");
    expect(en.headers.get("content-language")).toBe("en");
    expect(await en.text()).toContain("Too many visitors right now");
    expect(fr.status).toBe(503);
    expect(fr.headers.get("content-language")).toBe("fr");
    expect(await fr.text()).toContain("Trop de visiteurs en ce moment");
    // The one that ran is answered as usual, and the two that gave up never ran.
    await release("first");
    expect((await first).status).toBe(200);
    expect(started).toEqual(["first"]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, busyAnswers: 2 });
  });

  it("never holds /healthz, even with every place taken and a queue", async () => {
    const { base, send, release, until, gate } = await start(1, 10_000);
    const running = (await send("a")).answer;
    const waiting = (await send("b")).answer;
    await until(() => gate.stats().waiting === 1);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    await release("a");
    await release("b");
    expect((await running).status).toBe(200);
    expect((await waiting).status).toBe(200);
  });

  it("exempts the health checks and the simulated checkout's sleeping POST, nothing else", () => {
    expect(isExemptFromAdmission({ method: "GET", path: "/healthz" })).toBe(true);
    expect(isExemptFromAdmission({ method: "GET", path: "/readyz" })).toBe(true);
    expect(isExemptFromAdmission({ method: "POST", path: "/simulated-checkout/AB12CD34E" })).toBe(true);
    // Its page is a render like any other.
    expect(isExemptFromAdmission({ method: "GET", path: "/simulated-checkout/AB12CD34E" })).toBe(false);
    expect(isExemptFromAdmission({ method: "GET", path: "/listings" })).toBe(false);
    expect(isExemptFromAdmission({ method: "POST", path: "/auth/login" })).toBe(false);
    expect(isExemptFromAdmission({ method: "GET", path: "/healthz/x" })).toBe(false);
  });

  it("takes a request that went away while it waited out of the queue", async () => {
    const { base, started, send, release, until, gate } = await start(1, 10_000);
    const first = (await send("a")).answer;
    const controller = new AbortController();
    const gone = fetch(`${base}/work/gone`, { signal: controller.signal }).catch(() => null);
    await until(() => gate.stats().waiting === 1);
    controller.abort();
    await gone;
    await until(() => gate.stats().waiting === 0);
    const next = (await send("b")).answer;
    await release("a");
    await release("b");
    expect((await first).status).toBe(200);
    expect((await next).status).toBe(200);
    expect(started).toEqual(["a", "b"]);
  });

  it("lets everything through at once when the limit is 0", async () => {
    const { base, release, started, until } = await start(0, 10);
    // With the gate off its counters do not move: the requests are sent without waiting on them.
    const answers = ["a", "b", "c"].map((name) => fetch(`${base}/work/${name}`));
    await until(() => started.length === 3);
    for (const name of ["a", "b", "c"]) await release(name);
    for (const answer of answers) expect((await answer).status).toBe(200);
  });
});
