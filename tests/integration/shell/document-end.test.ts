// Nothing follows `</html>` (issue 31): Remix's <RemixServer> writes a hydrated page's loader data
// as scripts after the whole document, and the HTML checker rejects every such page ("Stray start
// tag script"). Through the real HTTP stack (server/http-app.ts), the real document renderer
// (app/entry.server.tsx) and the real root route (app/root.tsx), with a hydrated page, a static
// page and a page whose loader fails.
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

// Characters that must not end the script early or break it as JavaScript.
const TRICKY = "</script><!-- & > \u2028 \u2029 done";

function buildWithPages(): ServerBuild {
  const hydrated = { default: () => null, loader: async () => ({ tricky: TRICKY }) };
  const staticPage = { default: () => null, loader: async () => ({ ok: true }), handle: { hydrate: false } };
  const failing = {
    default: () => null,
    loader: async () => {
      throw new Error("the page's loader failed");
    },
  };
  return testServerBuild(
    {
      root: { path: "", module: root },
      "routes/hydrated": { parentId: "root", path: "hydrated", module: hydrated },
      "routes/static": { parentId: "root", path: "static", module: staticPage },
      "routes/boom": { parentId: "root", path: "boom", module: failing },
    },
    entryServer as ServerBuild["entry"]["module"],
    "document-end",
  );
}

/** The page's bytes as sent, decoded. */
async function page(base: string, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, html: new TextDecoder().decode(await response.arrayBuffer()) };
}

/** The text each `streamController.enqueue(...)` hands the browser, parsed as the browser would. */
function enqueued(html: string): string[] {
  return [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]) as string);
}

describe("the end of a page", () => {
  let h: RouteHarness;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    h = await createRouteHarness();
    const app = createHttpApp({ services: h.services, build: buildWithPages(), clientDir: "build/client-absent" });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await h.close();
  });

  it("is </html> on a hydrated page, whose loader data is written inside <body>, once", async () => {
    const { status, html } = await page(base, "/hydrated");
    expect(status).toBe(200);
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(html.indexOf("</html>")).toBe(html.length - "</html>".length);
    // No Suspense markers either (React writes them around what may suspend).
    expect(html).not.toContain("<!--$-->");

    const body = html.slice(html.indexOf("<body"));
    // The data follows the script that opens its stream, and the stream is closed after it.
    const opened = body.indexOf("window.__remixContext.stream = new ReadableStream");
    const data = body.indexOf("streamController.enqueue(");
    expect(opened).toBeGreaterThan(-1);
    expect(data).toBeGreaterThan(opened);
    expect(body.indexOf("streamController.close();")).toBeGreaterThan(data);
    const chunks = enqueued(body);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toContain(JSON.stringify(TRICKY).slice(1, -1));
    // Nothing in the data ends its script or the page early.
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script/g)?.length);
    expect(html).not.toMatch(/[\u2028\u2029]/);
  });

  it("is </html> on a static page, which carries no loader data", async () => {
    const { status, html } = await page(base, "/static");
    expect(status).toBe(200);
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(html).not.toContain("<!--$-->");
    expect(html).not.toContain("streamController");
  });

  it("is </html> on the error page and the 404 page", async () => {
    for (const path of ["/boom", "/nowhere"]) {
      // The failure is logged at error level: captured here, so the console trap does not see it.
      const {
        result: { status, html },
      } = await captureLogs(() => page(base, path));
      expect(status, path).toBe(path === "/boom" ? 500 : 404);
      expect(html.endsWith("</body></html>"), path).toBe(true);
      expect(html.indexOf("</html>"), path).toBe(html.length - "</html>".length);
    }
  });
});
