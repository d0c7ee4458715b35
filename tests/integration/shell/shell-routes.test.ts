import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import * as healthz from "~/routes/healthz";
import * as readyz from "~/routes/readyz";
import * as preferences from "~/routes/resources+/preferences";
import * as notFound from "~/routes/$";

describe("shell routes", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("/healthz (liveness) answers 200 without asking the database", async () => {
    const ping = vi.fn(async () => false);
    const broken = { ...h.context, services: { ...h.context.services, database: { ...h.services.database, ping } } };
    const response = (await healthz.loader({ request: new Request("http://localhost/healthz"), context: broken, params: {} })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(ping).not.toHaveBeenCalled();
  });

  it("/readyz answers 200 with JSON while the database answers and its schema is this build's", async () => {
    const response = (await readyz.loader({ request: new Request("http://localhost/readyz"), context: h.context, params: {} })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ status: "ready", ready: true });
  });

  it("/readyz answers 503 with the reason when the database is not ready", async () => {
    const readiness = async () => ({
      ready: false as const,
      reason: "schema_ahead" as const,
      migrations: { applied: 3, pending: 0, unknown: 1 },
    });
    const notReady = { ...h.context, services: { ...h.context.services, database: { ...h.services.database, readiness } } };
    const response = (await readyz.loader({ request: new Request("http://localhost/readyz"), context: notReady, params: {} })) as Response;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "not_ready",
      ready: false,
      reason: "schema_ahead",
      migrations: { applied: 3, pending: 0, unknown: 1 },
    });
  });

  it("the language switch sets the cookie and returns to the same-site page it came from", async () => {
    const result = await h.post(preferences, "/resources/preferences", { language: "fr", redirectTo: "/listings?n=Molyko" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/listings?n=Molyko");
    expect(result.headers.get("Set-Cookie")).toMatch(/^kn_lang=/);
  });

  it("the theme switch sets the cookie and never redirects to another site", async () => {
    const result = await h.post(preferences, "/resources/preferences", { theme: "dark", redirectTo: "//evil.test/" });
    expect(result.location).toBe("/");
    expect(result.headers.get("Set-Cookie")).toMatch(/^kn_theme=/);
  });

  it("refuses an unknown language or theme with 400", async () => {
    expect((await h.post(preferences, "/resources/preferences", { language: "de" })).status).toBe(400);
    expect((await h.post(preferences, "/resources/preferences", { theme: "neon" })).status).toBe(400);
  });

  it("answers 404 for a path no route knows", async () => {
    const result = await h.get(notFound, "/no/such/page");
    expect(result.status).toBe(404);
  });
});
