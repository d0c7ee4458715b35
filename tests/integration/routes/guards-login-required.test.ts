// The login-required pages (SPEC §2): /profile, /book-visit/{id}, /payment and /payment/{id}.
// A visitor is sent to login and comes back; a signed-in user gets past the guard (what the page
// then answers, e.g. 404 for an unknown property, is the page's own business).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookVisit from "~/routes/book-visit.$id";
import * as paymentById from "~/routes/payment.$id";
import * as payment from "~/routes/payment._index";
import * as profile from "~/routes/profile";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  type CookieJar,
  type RouteHarness,
  type RouteModule,
} from "../../support/route-harness";

const PAGES: { path: string; module: RouteModule; params?: Record<string, string> }[] = [
  { path: "/profile", module: profile },
  { path: "/book-visit/x", module: bookVisit, params: { id: "x" } },
  { path: "/payment", module: payment },
  { path: "/payment/KN-UNKNOWN", module: paymentById, params: { id: "KN-UNKNOWN" } },
];

describe("login-required pages", () => {
  let h: RouteHarness;
  let student: CookieJar;
  beforeAll(async () => {
    h = await createRouteHarness();
    student = await signedInJar(h, (await createPersona(h, "student")).id);
  });
  afterAll(async () => {
    await h.close();
  });

  for (const page of PAGES) {
    it(`${page.path}: a visitor goes to login and comes back (GET and POST)`, async () => {
      const login = `/auth/login?${new URLSearchParams({ redirectTo: page.path })}`;
      const get = await h.get(page.module, page.path, { params: page.params });
      expect([get.status, get.location]).toEqual([302, login]);
      if (page.module.action) {
        const post = await h.post(page.module, page.path, { anything: "x" }, { params: page.params });
        expect([post.status, post.location]).toEqual([302, login]);
      }
    });

    it(`${page.path}: a signed-in student gets past the guard`, async () => {
      const result = await h.get(page.module, page.path, { jar: student.clone(), params: page.params });
      expect(result.location ?? "").not.toMatch(/^\/auth\//);
    });
  }
});
