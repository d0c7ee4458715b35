// When a client goes away, Remix answers its aborted request at once and leaves the loader running
// on its own, after the connection (and http.Server#close's wait) has ended. The app counts its
// loaders and actions (server/route-calls.ts) so the shutdown closes the database after them.
// Through the real HTTP stack (server/http-app.ts) and document renderer, with a page whose loader
// is held, and a form whose action is.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../../server/http-app";
import { routeCalls } from "../../../server/route-calls";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { testServerBuild } from "../../support/server-build";

/** A promise with its resolve, and one that says when the code holding it was reached. */
function gate() {
  let open!: () => void;
  let reach!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { open, reach, opened, reached };
}

const settledWithin = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe("loaders and actions in flight", () => {
  let h: RouteHarness;
  const loaderGate = gate();
  const actionGate = gate();

  function buildWithHeldRoutes(): ServerBuild {
    const held = {
      default: () => null,
      loader: async () => {
        loaderGate.reach();
        await loaderGate.opened;
        return null;
      },
      action: async () => {
        actionGate.reach();
        await actionGate.opened;
        return null;
      },
    };
    return testServerBuild(
      { root: { path: "", module: root }, "routes/held": { parentId: "root", path: "held", module: held } },
      entryServer as ServerBuild["entry"]["module"],
      "route-calls",
    );
  }

  beforeAll(async () => {
    h = await createRouteHarness();
  });
  afterAll(async () => {
    loaderGate.open();
    actionGate.open();
    await h.close();
  });

  it("are waited for after the server has closed, when their client went away", async () => {
    const app = createHttpApp({ services: h.services, build: buildWithHeldRoutes(), clientDir: "build/client-absent" });
    const server: http.Server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const reader = new AbortController();
    const page = fetch(`${base}/held`, { signal: reader.signal }).catch(() => "aborted");
    const writer = new AbortController();
    const form = fetch(`${base}/held`, {
      method: "POST",
      body: new URLSearchParams({ a: "1" }),
      headers: { origin: base },
      signal: writer.signal,
    }).catch(() => "aborted");
    await Promise.all([loaderGate.reached, actionGate.reached]);
    reader.abort();
    writer.abort();
    expect([await page, await form]).toEqual(["aborted", "aborted"]);

    // The server reports closed (its connections are gone) while the loader and the action run.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const settled = app.routeCallsSettled();
    expect(await settledWithin(settled, 100)).toBe(false);
    loaderGate.open();
    expect(await settledWithin(settled, 100)).toBe(false);
    actionGate.open();
    expect(await settledWithin(settled, 5_000)).toBe(true);
  });

  it("settle at once when none runs, and once the last one ends, failed or not", async () => {
    const calls = routeCalls();
    await calls.settled();
    let endFirst!: () => void;
    let failSecond!: () => void;
    const first = calls.track(() => new Promise<void>((resolve) => (endFirst = resolve)));
    const second = calls.track(() => new Promise<void>((_, reject) => (failSecond = () => reject(new Error("failed")))));
    const settled = calls.settled();
    expect(calls.count()).toBe(2);
    endFirst();
    await first;
    expect(await settledWithin(settled, 20)).toBe(false);
    failSecond();
    await expect(second).rejects.toThrow("failed");
    expect(await settledWithin(settled, 1_000)).toBe(true);
    expect(calls.count()).toBe(0);
  });
});
