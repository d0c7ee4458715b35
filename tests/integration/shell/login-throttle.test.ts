// Who a wrong password locks out (issue 30, decision 0182), through the real Express handler
// (server/http-app.ts, Remix's handler, the real login route and services) on SQLite and, with
// TEST_DATABASE_URL, PostgreSQL. Each client connects from its own loopback address (127.0.0.x),
// so the app sees it as Express's req.ip with no proxy header involved: one address is one
// machine, or one campus NAT.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as loginRoute from "~/routes/auth+/login";
import { createHttpApp } from "../../../server/http-app";
import { databaseKinds } from "../../support/test-database";
import { createPersona, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { testServerBuild } from "../../support/server-build";

// Set through the environment, as an operator would, to check it reaches the rule.
const LOGINS_FAILING_PER_IP = 8;
const TOO_MANY_EN = "Too many attempts. Please wait 15 minutes and try again.";
const TOO_MANY_FR = "Trop de tentatives. Veuillez patienter 15 minutes avant de réessayer.";

function loginBuild(errors: unknown[]): ServerBuild {
  return testServerBuild(
    {
      root: { path: "", module: { default: () => null } },
      "routes/auth+/login": { parentId: "root", path: "auth/login", module: loginRoute },
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
    "login-throttle",
  );
}

interface Answer {
  status: number;
  location: string | null;
  signedIn: boolean;
  body: string;
}

for (const kind of databaseKinds()) {
  describe(`who a wrong password locks out, over HTTP (${kind})`, () => {
    let h: RouteHarness;
    let server: http.Server;
    let port: number;
    const errors: unknown[] = [];

    beforeAll(async () => {
      h = await createRouteHarness({ kind, env: { LOGIN_FAILURES_PER_IP: String(LOGINS_FAILING_PER_IP) } });
      const app = createHttpApp({ services: h.services, build: loginBuild(errors), clientDir: "build/client-absent" });
      server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await h?.close();
    });

    /**
     * A password sign-in sent from `from` (a loopback address this client binds to). `.data`
     * asks for the action's data (Remix single fetch), so the translated message is in the body.
     */
    const signIn = (from: string, email: string, password: string, headers: Record<string, string> = {}, path = "/auth/login") =>
      new Promise<Answer>((resolve, reject) => {
        const body = new URLSearchParams({ intent: "password", email, password }).toString();
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            localAddress: from,
            method: "POST",
            path,
            headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), ...headers },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                status: response.statusCode ?? 0,
                location: response.headers.location ?? null,
                signedIn: (response.headers["set-cookie"] ?? []).some((c) => c.startsWith("kn_session=") && !/kn_session=;/.test(c)),
                body: Buffer.concat(chunks).toString("utf8"),
              }),
            );
            response.on("error", reject);
          },
        );
        request.on("error", reject);
        request.end(body);
      });

    it("six wrong passwords from 127.0.0.2, then the owner's right password from 127.0.0.3 signs in; the guessing pair stays refused", async () => {
      const owner = await createPersona(h, "student");
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await signIn("127.0.0.2", owner.email, `guess-${i}`)).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

      const ownerIn = await signIn("127.0.0.3", owner.email, owner.password);
      expect(ownerIn.status).toBe(302);
      expect(ownerIn.location).toBe("/");
      expect(ownerIn.signedIn).toBe(true);

      // The pair that guessed is still refused, the right password included, with the truthful
      // 15-minute message in the visitor's language.
      const guesser = await signIn("127.0.0.2", owner.email, owner.password, {}, "/auth/login.data");
      expect(guesser.status).toBe(429);
      expect(guesser.signedIn).toBe(false);
      expect(guesser.body).toContain(TOO_MANY_EN);
      const inFrench = await signIn("127.0.0.2", owner.email, owner.password, { "Accept-Language": "fr" }, "/auth/login.data");
      expect(inFrench.status).toBe(429);
      expect(inFrench.body).toContain(TOO_MANY_FR);
      expect(errors).toEqual([]);
    });

    it("behind one NAT address, one student's wrong passwords do not lock out another; spraying many addresses from it is stopped", async () => {
      const careless = await createPersona(h, "student");
      const neighbour = await createPersona(h, "student");
      for (let i = 0; i < 6; i++) await signIn("127.0.0.4", careless.email, `typo-${i}`);
      expect((await signIn("127.0.0.4", careless.email, careless.password)).status).toBe(429);
      const neighbourIn = await signIn("127.0.0.4", neighbour.email, neighbour.password);
      expect(neighbourIn.status).toBe(302);
      expect(neighbourIn.signedIn).toBe(true);

      // One machine trying one password on many addresses: LOGIN_FAILURES_PER_IP failures, then
      // that address is refused, for every account, until the window passes.
      const victim = await createPersona(h, "student");
      for (let i = 0; i < LOGINS_FAILING_PER_IP; i++) {
        expect((await signIn("127.0.0.5", `sprayed-${i}-${kind}@route.test`, "123456")).status).toBe(400);
      }
      expect((await signIn("127.0.0.5", `sprayed-more-${kind}@route.test`, "123456")).status).toBe(429);
      expect((await signIn("127.0.0.5", victim.email, victim.password)).status).toBe(429);
      // Nobody else is touched.
      expect((await signIn("127.0.0.6", victim.email, victim.password)).status).toBe(302);
      expect(errors).toEqual([]);
    });
  });
}
