import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, type RouteHarness } from "../../support/route-harness";
import * as healthz from "../../../app/routes/healthz";
import * as preferences from "../../../app/routes/resources+/preferences";
import * as notFound from "../../../app/routes/$";

describe("shell routes", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("/healthz answers 200 while the database answers", async () => {
    const response = (await healthz.loader({ request: new Request("http://localhost/healthz"), context: h.context, params: {} })) as Response;
    expect(response.status).toBe(200);
  });

  it("/healthz answers 503 when the database does not", async () => {
    const broken = { ...h.context, services: { ...h.context.services, database: { ...h.services.database, ping: async () => false } } };
    const response = (await healthz.loader({ request: new Request("http://localhost/healthz"), context: broken, params: {} })) as Response;
    expect(response.status).toBe(503);
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
