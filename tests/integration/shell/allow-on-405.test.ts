// Every 405 the app answers names what the route does serve (Allow), found by asking every route
// (issue 30): the route table as the build makes it (remix-flat-routes over app/routes, as
// vite.config.ts), each real route module, the real root and document renderer, through the real
// HTTP stack (server/http-app.ts). A POST to each route without an action (a page or a resource
// route) is Remix's 405, answered with Allow: GET, HEAD and the translated 405 page (a data
// request keeps Remix's answer), and logged at info; a GET to each route
// answers 405 only with its own Allow (the webhook's: POST). Before the change no 405 of Remix's
// carried Allow and each was logged as an error.
import path from "node:path";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { flatRoutes } from "remix-flat-routes";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../../server/http-app";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import { captureLogs } from "#infrastructure/logging/logger";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { testServerBuild, type TestRoute } from "../../support/server-build";

/** A value for each dynamic segment: an id nobody has (loaders answer 404), or a word. */
const SAMPLE_ID = "00000000-0000-4000-8000-0000000000aa";
const urlOf = (routePath: string) =>
  `/${routePath.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? SAMPLE_ID : "sample")).replace(/\*$/, "no-such-page")}`;

interface Route {
  id: string;
  url: string;
  module: { action?: unknown; loader?: unknown; default?: unknown };
}

describe("Allow on every 405, route by route", () => {
  let h: RouteHarness;
  let server: http.Server;
  let base: string;
  const routes: Route[] = [];

  beforeAll(async () => {
    const manifest = flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/*.test.*", "**/*.server.*"] });
    const built: Record<string, TestRoute> = { root: { path: "", module: root } };
    for (const route of Object.values(manifest)) {
      const module = (await import(path.resolve("app", route.file))) as Route["module"];
      // Every route hangs from the root (flat routes); an index route's URL is its parent's.
      built[route.id] = { parentId: route.parentId ?? "root", path: route.path ?? "", module };
      routes.push({ id: route.id, url: urlOf(route.path ?? ""), module });
    }
    h = await createRouteHarness();
    const app = createHttpApp({
      services: h.services,
      build: testServerBuild(built, entryServer as ServerBuild["entry"]["module"], "allow-sweep"),
      clientDir: "build/client-absent",
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
  });

  it("knows the app's routes", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !r.module.action).length).toBeGreaterThan(10);
  });

  it("a POST to every route without an action, as a page and as a data request, is a 405 with Allow: GET, HEAD, logged below error", async () => {
    const withoutAction = routes.filter((r) => !r.module.action);
    const { result, lines } = await captureLogs(async () => {
      const answers: Array<{ id: string; url: string; status: number; allow: string | null; page: boolean }> = [];
      for (const route of withoutAction) {
        for (const url of [route.url, `${route.url === "/" ? "/_root" : route.url}.data`]) {
          const response = await fetch(base + url, { method: "POST", body: new URLSearchParams({ a: "b" }), redirect: "manual" });
          const body = await response.text();
          // The translated 405 page, except for a data request (Remix's own answer, read by the browser's Remix).
          const page = url.endsWith(".data") || body.includes("This page cannot be used that way");
          answers.push({ id: route.id, url, status: response.status, allow: response.headers.get("Allow"), page });
        }
      }
      return answers;
    });
    expect(result.length).toBe(withoutAction.length * 2);
    expect(result.filter((a) => a.status !== 405 || a.allow !== "GET, HEAD" || !a.page)).toEqual([]);
    expect(lines.filter((l) => Number(l.level) >= 50).map((l) => l.path)).toEqual([]);
  }, 120_000);

  it("a GET to every route answers 405 only with Allow (the webhooks' POST)", async () => {
    const { result } = await captureLogs(async () => {
      const answers: Array<{ id: string; status: number; allow: string | null }> = [];
      for (const route of routes) {
        const response = await fetch(base + route.url, { redirect: "manual" });
        await response.arrayBuffer();
        answers.push({ id: route.id, status: response.status, allow: response.headers.get("Allow") });
      }
      return answers;
    });
    const notAllowed = result.filter((a) => a.status === 405);
    expect(notAllowed.map((a) => a.id).sort()).toEqual(["routes/webhooks+/fapshi", "routes/webhooks+/fapshi-payouts"]);
    expect(notAllowed.filter((a) => !a.allow)).toEqual([]);
  }, 120_000);
});
