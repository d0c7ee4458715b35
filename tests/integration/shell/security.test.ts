import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#infrastructure/config/config";
import { rejectCrossOriginPosts, securityHeaders } from "../../../server/security";

describe("security middleware", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const config = loadConfig({ APP_URL: "http://localhost:3000" });
    const app = express();
    app.use(securityHeaders(config, { dev: false }));
    app.use(rejectCrossOriginPosts(config));
    app.all("*", (_req, res) => res.send(`nonce=${res.locals.cspNonce}`));
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("sends an enforced CSP with a fresh nonce per request and the usual headers", async () => {
    const a = await fetch(base);
    const b = await fetch(base);
    const csp = a.headers.get("content-security-policy")!;
    const nonce = (await a.text()).slice("nonce=".length);
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(a.headers.get("content-security-policy-report-only")).toBeNull();
    expect(b.headers.get("content-security-policy")).not.toBe(csp);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("refuses a POST from another origin with 403", async () => {
    const response = await fetch(`${base}/auth/login`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("refused");
  });

  it("refuses a POST the browser marks cross-site", async () => {
    const response = await fetch(`${base}/auth/login`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
  });

  it("accepts a same-origin POST, a GET from anywhere, and a webhook without an Origin", async () => {
    expect((await fetch(`${base}/x`, { method: "POST", headers: { Origin: base, "Sec-Fetch-Site": "same-origin" } })).status).toBe(200);
    expect((await fetch(`${base}/x`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
    expect((await fetch(`${base}/webhooks/fapshi`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
  });
});

describe("form-action", () => {
  it("lets a form post redirect to the payment provider , to Google when configured, and (a guest-house booking) to WhatsApp", () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: "fapshi",
      FAPSHI_API_USER: "u",
      FAPSHI_API_KEY: "k",
      FAPSHI_WEBHOOK_SECRET: "w",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    const headers: Record<string, string> = {};
    const res = { locals: {} as Record<string, unknown>, setHeader: (k: string, v: string) => (headers[k] = v) };
    securityHeaders(config, { dev: false })({} as never, res as never, () => {});
    const formAction = headers["Content-Security-Policy"].split("; ").find((d) => d.startsWith("form-action"));
    expect(formAction).toBe("form-action 'self' https://wa.me https://sandbox.fapshi.com https://accounts.google.com");
  });
});
