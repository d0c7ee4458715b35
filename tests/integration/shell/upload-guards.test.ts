// The upload check made before a body is read (UPLOAD_ROUTES' `may`, server/body-limit.ts) mirrors
// each upload route's own guard: for every kind of account, the route's action refuses (a redirect
// from its guard) exactly when `may` says no. A `may` stricter than its guard would turn away
// uploads the route accepts; a looser one would read bodies the route then refuses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentVerification from "~/routes/auth+/agent-verification";
import * as hostVerification from "~/routes/host+/verification";
import * as propertyEdit from "~/routes/agents+/properties_.$id.edit";
import * as houseEdit from "~/routes/host+/houses.$id.edit";
import * as propertyPhotoUpload from "~/routes/agents+/properties_.$id.photo-upload";
import * as housePhotoUpload from "~/routes/host+/houses.$id.photo-upload";
import * as postEdit from "~/routes/admin+/content_.posts.$id";
import * as postNew from "~/routes/admin+/content_.posts.new";
import { UPLOAD_ROUTES, uploadRouteFor } from "../../../server/body-limit";
import { sessionIdFromCookie } from "~/utils/session-id.server";
import type { SessionUser } from "#domain/accounts/account.entity";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  TEST_APP_URL,
  type CookieJar,
  type RouteHarness,
  type RouteModule,
  type TestPersona,
} from "../../support/route-harness";

const ID = "00000000-0000-4000-8000-00000000abcd";
const routes: Array<{ path: string; module: RouteModule; params: Record<string, string> }> = [
  { path: "/auth/agent-verification", module: agentVerification, params: {} },
  { path: "/host/verification", module: hostVerification, params: {} },
  { path: `/agents/properties/${ID}/edit`, module: propertyEdit, params: { id: ID } },
  { path: `/host/houses/${ID}/edit`, module: houseEdit, params: { id: ID } },
  { path: `/agents/properties/${ID}/photo-upload`, module: propertyPhotoUpload, params: { id: ID } },
  { path: `/host/houses/${ID}/photo-upload`, module: housePhotoUpload, params: { id: ID } },
  { path: `/admin/content/posts/${ID}`, module: postEdit, params: { id: ID } },
  { path: "/admin/content/posts/new", module: postNew, params: {} },
];
const personas: TestPersona[] = ["student", "unsubmittedAgent", "pendingAgent", "rejectedAgent", "approvedAgent", "admin"];

describe("the upload check before the body mirrors each upload route's guard", () => {
  let h: RouteHarness;
  const accounts = new Map<TestPersona, { jar: CookieJar; user: SessionUser }>();

  beforeAll(async () => {
    h = await createRouteHarness();
    for (const persona of personas) {
      const jar = await signedInJar(h, (await createPersona(h, persona)).id);
      const sessionId = await sessionIdFromCookie(h.services.sessionStorage, jar.header());
      accounts.set(persona, { jar, user: (await h.services.currentUser(sessionId!))! });
    }
  });
  afterAll(() => h?.close());

  it("covers every upload route", () => {
    expect(routes.map((r) => uploadRouteFor(r.path))).toEqual(expect.arrayContaining([...UPLOAD_ROUTES]));
    expect(new Set(routes.map((r) => uploadRouteFor(r.path))).size).toBe(UPLOAD_ROUTES.length);
  });

  it.each(routes.map((r) => [r.path, r] as const))("%s", async (path, route) => {
    const upload = uploadRouteFor(path)!;
    for (const persona of personas) {
      const { jar, user } = accounts.get(persona)!;
      const request = new Request(`${TEST_APP_URL}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header()! },
        body: "",
      });
      const result = await h.call("action", route.module, request, { jar, params: route.params });
      const refusedByGuard = result.thrown && result.status >= 300 && result.status < 400;
      expect(upload.may(user), `${persona} on ${path}: the route answered ${result.status} ${result.location ?? ""}`).toBe(!refusedByGuard);
    }
  });
});
