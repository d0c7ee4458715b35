// A page's loaders (the root's and its route's) ask who is signed in for the same request: the
// session, account and agent rows are read once per GET, and never remembered past the request or
// for a POST, where an action may sign in or out (app/utils/auth.server.ts, decision 0155).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeSession } from "#domain/accounts/manage-sessions.use-case";
import * as root from "~/root";
import * as profile from "~/routes/profile";
import { getOptionalUser } from "~/utils/auth.server";
import { createPersona, createRouteHarness, signedInJar, TEST_APP_URL, type RouteHarness } from "../../support/route-harness";

describe("who is signed in, once per request", () => {
  let harness: RouteHarness;
  let lookups = 0;

  beforeAll(async () => {
    harness = await createRouteHarness();
    const lookUp = harness.services.currentUser;
    harness.services.currentUser = (sessionId) => {
      lookups += 1;
      return lookUp(sessionId);
    };
  });
  afterAll(() => harness.close());

  const request = (cookie: string, method = "GET") =>
    new Request(new URL("/profile", TEST_APP_URL), { method, headers: { Cookie: cookie, "User-Agent": "route-test" } });

  it("reads the session once for every loader of one GET, and again for the next request", async () => {
    const student = await createPersona(harness, "student");
    const cookie = (await signedInJar(harness, student.id)).header()!;
    const page = request(cookie);
    lookups = 0;
    const [shell, own] = await Promise.all([harness.call("loader", root, page), harness.call("loader", profile, page)]);
    expect(shell.status).toBe(200);
    expect(own.status).toBe(200);
    expect(shell.data.user?.name).toBeTruthy();
    expect(lookups).toBe(1);

    await harness.call("loader", root, request(cookie));
    expect(lookups).toBe(2);
  });

  it("never keeps the answer past its request: a session revoked meanwhile signs the next one out", async () => {
    const student = await createPersona(harness, "student");
    const jar = await signedInJar(harness, student.id);
    const cookie = jar.header()!;
    expect((await getOptionalUser(harness.context, request(cookie)))?.id).toBe(student.id);
    const session = await harness.services.sessionStorage.getSession(cookie);
    await revokeSession(harness.services.accounts, session.get("sessionId") as string);
    expect(await getOptionalUser(harness.context, request(cookie))).toBeNull();
  });

  it("looks again on every call for a POST, whose action may sign in or out", async () => {
    const student = await createPersona(harness, "student");
    const cookie = (await signedInJar(harness, student.id)).header()!;
    const post = request(cookie, "POST");
    lookups = 0;
    await getOptionalUser(harness.context, post);
    await getOptionalUser(harness.context, post);
    expect(lookups).toBe(2);
  });
});
