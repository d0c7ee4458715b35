// The 500 page shows the request's id as the reference a user quotes to support, in the reader's
// language, and the log line of the failure carries the same id (issue 13, decision 0137).
// Through the real HTTP stack (server/http-app.ts), the real document renderer (app/entry.server.tsx)
// and the real root route (app/root.tsx: its loader, Layout and ErrorBoundary), with one page
// whose loader fails.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../../server/http-app";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import { captureLogs } from "#infrastructure/logging/logger";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { testServerBuild } from "../../support/server-build";

function buildWithFailingPage(): ServerBuild {
  const failing = {
    default: () => null,
    loader: async () => {
      throw new Error("the page's loader failed");
    },
  };
  return testServerBuild(
    { root: { path: "", module: root }, "routes/boom": { parentId: "root", path: "boom", module: failing } },
    entryServer as ServerBuild["entry"]["module"],
    "error-reference",
  );
}

describe("the error page's reference", () => {
  let h: RouteHarness;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    h = await createRouteHarness();
    const app = createHttpApp({ services: h.services, build: buildWithFailingPage(), clientDir: "build/client-absent" });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.close();
  });

  it("shows the request id on the 500 page, and the failure's log line carries it", async () => {
    // The failure is logged at error level: captured here, so the console trap does not see it.
    const { result, lines } = await captureLogs(async () => {
      const response = await fetch(`${base}/boom`);
      return { status: response.status, id: response.headers.get("X-Request-Id"), html: await response.text() };
    });
    expect(result.status).toBe(500);
    expect(result.id).toBeTruthy();
    expect(result.html).toContain("Application Error");
    expect(result.html).toContain(`Reference for support: ${result.id}`);
    expect(result.html).toContain(`data-request-id="${result.id}"`);
    expect(result.html).not.toContain("the page&#x27;s loader failed");

    await expect.poll(() => lines.some((l) => l.msg === "request" && l.reqId === result.id)).toBe(true);
    const failure = lines.find((l) => l.level === 50);
    expect(failure).toMatchObject({ reqId: result.id, msg: "request failed", path: "/boom" });
    expect((failure?.err as { message?: string }).message).toBe("the page's loader failed");
  });

  it("says it in French for a French reader", async () => {
    const { result } = await captureLogs(async () => {
      const response = await fetch(`${base}/boom`, { headers: { "Accept-Language": "fr" } });
      return { id: response.headers.get("X-Request-Id"), html: await response.text() };
    });
    expect(result.html).toContain(`Référence pour le support : ${result.id}`);
  });
});
