// Only ADMIN_EMAILS makes an admin (issue 30, decision 0182): a crafted POST to /admin/users/{id}
// with role=admin, through the real Express handler (server/http-app.ts, Remix's handler, the real
// route and services), is a 403 in the admin's language and nobody becomes an admin.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminUserRoute from "~/routes/admin+/users_.$id";
import { createHttpApp } from "../../../server/http-app";
import { createPersona, createRouteHarness, signedInJar, type RouteHarness } from "../../support/route-harness";
import { testServerBuild } from "../../support/server-build";

function adminBuild(errors: unknown[]): ServerBuild {
  return testServerBuild(
    {
      root: { path: "", module: { default: () => null } },
      "routes/admin+/users_.$id": { parentId: "root", path: "admin/users/:id", module: adminUserRoute },
    },
    {
      default: (_request, status, headers) =>
        new Response(`<!doctype html><p>status ${status}</p>`, {
          status,
          headers: { ...Object.fromEntries(headers), "Content-Type": "text/html" },
        }),
      handleError: (error) => {
        errors.push(error);
      },
    } as ServerBuild["entry"]["module"],
    "admin-role",
  );
}

describe("making an admin through /admin/users/{id}, over HTTP", () => {
  let h: RouteHarness;
  let server: http.Server;
  let base: string;
  const errors: unknown[] = [];

  beforeAll(async () => {
    h = await createRouteHarness();
    const app = createHttpApp({ services: h.services, build: adminBuild(errors), clientDir: "build/client-absent" });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
  });

  it("a crafted role=admin is a translated 403, and the user stays what they were", async () => {
    const admin = await createPersona(h, "admin");
    const student = await createPersona(h, "student");
    const cookie = (await signedInJar(h, admin.id)).header()!;
    const post = (language: string) =>
      fetch(`${base}/admin/users/${student.id}.data`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "Accept-Language": language },
        body: new URLSearchParams({ intent: "role", role: "admin" }),
        redirect: "manual",
      });
    const english = await post("en");
    expect(english.status).toBe(403);
    expect(await english.text()).toContain("Only the ADMIN_EMAILS setting makes someone an admin");
    const french = await post("fr");
    expect(french.status).toBe(403);
    expect(await french.text()).toContain("Seul le réglage ADMIN_EMAILS fait d'un compte un administrateur");
    expect((await h.services.accounts.repos.accounts.findById(student.id))?.role).toBe("student");
    expect(await h.services.accounts.repos.auditLog.count({ action: "admin.user_role_changed" })).toBe(0);
    expect(errors).toEqual([]);
  });
});
