// The guard matrix (SPEC §4 and §6): every guarded route, as a visitor, a student, a pending
// agent, an approved agent and an admin, GET (loader) and POST (action, where the route has one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminAgentVerification from "~/routes/admin+/agent-verification";
import * as adminAgentDocument from "~/routes/admin+/agent-verification_.$agentId.documents.$documentId";
import * as adminAudit from "~/routes/admin+/audit";
import * as adminUser from "~/routes/admin+/users_.$id";
import * as adminUserSuspend from "~/routes/admin+/users_.$id_.suspend";
import * as adminBookings from "~/routes/admin+/bookings";
import * as adminCancelBooking from "~/routes/admin+/bookings_.$id.cancel";
import * as adminBookingsCsv from "~/routes/admin+/bookings[.]csv";
import * as adminContent from "~/routes/admin+/content";
import * as adminNewPost from "~/routes/admin+/content_.posts.new";
import * as adminEditPost from "~/routes/admin+/content_.posts.$id";
import * as adminDeletePost from "~/routes/admin+/content_.posts.$id_.delete";
import * as adminFaq from "~/routes/admin+/content_.faq";
import * as adminFaqEntry from "~/routes/admin+/content_.faq_.$id";
import * as adminFaqDelete from "~/routes/admin+/content_.faq_.$id_.delete";
import * as adminLegal from "~/routes/admin+/content_.legal";
import * as adminLegalPage from "~/routes/admin+/content_.legal_.$slug";
import * as adminDashboard from "~/routes/admin+/dashboard";
import * as adminOutbox from "~/routes/admin+/outbox";
import * as adminPayments from "~/routes/admin+/payments";
import * as adminProperties from "~/routes/admin+/properties";
import * as adminListingReports from "~/routes/admin+/listing-reports";
import * as adminReports from "~/routes/admin+/reports";
import * as adminEditProperty from "~/routes/admin+/properties_.$id.edit";
import * as adminUpholdReport from "~/routes/admin+/listing-reports_.$id.uphold";
import * as adminHideProperty from "~/routes/admin+/properties_.$id.hide";
import * as adminPayment from "~/routes/admin+/payments_.$id";
import * as adminReportsCsv from "~/routes/admin+/reports_.csv.$table";
import * as adminVoidCommission from "~/routes/admin+/reports_.void.$id";
import * as adminUnauthorized from "~/routes/admin+/unauthorized";
import * as adminUsers from "~/routes/admin+/users";
import * as agentBookings from "~/routes/agents+/bookings";
import * as agentEarnings from "~/routes/agents+/earnings";
import * as agentLanding from "~/routes/agents+/landing";
import * as agentMessages from "~/routes/agents+/messages";
import * as agentNewProperty from "~/routes/agents+/new-property";
import * as agentProfile from "~/routes/agents+/profile";
import * as agentProperties from "~/routes/agents+/properties";
import * as agentEditProperty from "~/routes/agents+/properties_.$id.edit";
import * as agentCloseProperty from "~/routes/agents+/properties_.$id.close";
import * as agentDeletePhoto from "~/routes/agents+/properties_.$id.photos.$photoId.delete";
import * as agentReports from "~/routes/agents+/reports";
import * as agentReportsCsv from "~/routes/agents+/reports[.]csv";
import * as agentUnauthorized from "~/routes/agents+/unauthorized";
import * as agentVerification from "~/routes/auth+/agent-verification";
import * as loginRequired from "~/routes/auth+/required";
import * as twoFactor from "~/routes/auth+/two-factor";
import * as home from "~/routes/_index";
import * as profile from "~/routes/profile";
import * as messages from "~/routes/messages";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  type CookieJar,
  type RouteHarness,
  type RouteModule,
} from "../../support/route-harness";

type Who = "visitor" | "student" | "pendingAgent" | "approvedAgent" | "admin";
const WHO: Who[] = ["visitor", "student", "pendingAgent", "approvedAgent", "admin"];

const LOGIN = (path: string) => `/auth/login?${new URLSearchParams({ redirectTo: path })}`;
const OK = 200;
type Expected = number | string;

interface GuardedRoute {
  path: string;
  module: RouteModule;
  params?: Record<string, string>;
  expect: Record<Who, Expected>;
  /** Expected answers to an (empty) POST, for routes with an action. */
  post?: Record<Who, Expected>;
}

const agentRoute = (
  path: string,
  module: RouteModule,
  params?: Record<string, string>,
  /** What an approved agent gets past the guard (a GET; an empty POST when the route has an action). */
  approved: { get?: Expected; post?: Expected } = {},
): GuardedRoute => ({
  path,
  module,
  params,
  expect: {
    visitor: LOGIN(path),
    student: "/agents/unauthorized",
    pendingAgent: "/auth/agent-verification",
    approvedAgent: approved.get ?? OK,
    admin: "/agents/unauthorized",
  },
  post:
    approved.post === undefined
      ? undefined
      : {
          visitor: LOGIN(path),
          student: "/agents/unauthorized",
          pendingAgent: "/auth/agent-verification",
          approvedAgent: approved.post,
          admin: "/agents/unauthorized",
        },
});

const adminRoute = (
  path: string,
  module: RouteModule,
  post?: Record<Who, Expected>,
  params?: Record<string, string>,
  /** What the admin gets past the guard. */
  adminGets: Expected = OK,
): GuardedRoute => ({
  path,
  module,
  params,
  expect: {
    visitor: LOGIN(path),
    student: "/admin/unauthorized",
    pendingAgent: "/admin/unauthorized",
    approvedAgent: "/admin/unauthorized",
    admin: adminGets,
  },
  post,
});

/** An admin route with an action: everyone but the admin is turned away before the body is read. */
const adminPost = (path: string, admin: Expected): Record<Who, Expected> => ({
  visitor: LOGIN(path),
  student: "/admin/unauthorized",
  pendingAgent: "/admin/unauthorized",
  approvedAgent: "/admin/unauthorized",
  admin,
});

const userRoute = (path: string, module: RouteModule, post?: Record<Who, Expected>): GuardedRoute => ({
  path,
  module,
  expect: { visitor: LOGIN(path), student: OK, pendingAgent: OK, approvedAgent: OK, admin: OK },
  post,
});

const ROUTES: GuardedRoute[] = [
  // Past the guard an empty form is refused (400); p-1 does not exist, so its pages are a 404.
  agentRoute("/agents/properties", agentProperties, undefined, { post: 400 }),
  agentRoute("/agents/bookings", agentBookings, undefined, { post: 400 }),
  agentRoute("/agents/earnings", agentEarnings, undefined, { post: 400 }),
  agentRoute("/agents/messages", agentMessages, undefined, { post: 400 }),
  agentRoute("/agents/profile", agentProfile, undefined, { post: 400 }),
  agentRoute("/agents/reports", agentReports),
  agentRoute("/agents/reports.csv?period=7", agentReportsCsv),
  agentRoute("/agents/new-property", agentNewProperty, undefined, { post: 400 }),
  agentRoute("/agents/properties/p-1/edit", agentEditProperty, { id: "p-1" }, { get: 404, post: 400 }),
  agentRoute("/agents/properties/p-1/close?status=sold", agentCloseProperty, { id: "p-1" }, { get: 404 }),
  agentRoute("/agents/properties/p-1/photos/f-1/delete", agentDeletePhoto, { id: "p-1", photoId: "f-1" }, { get: 404 }),
  adminRoute("/admin/dashboard", adminDashboard),
  adminRoute("/admin/users", adminUsers),
  adminRoute("/admin/properties", adminProperties, adminPost("/admin/properties", 400)),
  adminRoute("/admin/properties/p-1/hide", adminHideProperty, undefined, { id: "p-1" }, 404),
  // p-1 does not exist: past the guard its edit page is a 404; an empty form is refused (400) before the lookup.
  adminRoute("/admin/properties/p-1/edit", adminEditProperty, adminPost("/admin/properties/p-1/edit", 400), { id: "p-1" }, 404),
  adminRoute("/admin/bookings", adminBookings),
  adminRoute("/admin/bookings.csv", adminBookingsCsv),
  // b-1 does not exist: its cancel page is a 404; an empty form has no reason (400) before the booking is looked up.
  adminRoute("/admin/bookings/b-1/cancel", adminCancelBooking, adminPost("/admin/bookings/b-1/cancel", 400), { id: "b-1" }, 404),
  adminRoute("/admin/payments", adminPayments),
  // pay-1 does not exist: its page is a 404, and so is checking it again (the form itself is fine).
  adminRoute("/admin/payments/pay-1", adminPayment, adminPost("/admin/payments/pay-1", 400), { id: "pay-1" }, 404),
  adminRoute("/admin/listing-reports", adminListingReports, adminPost("/admin/listing-reports", 400)),
  adminRoute("/admin/listing-reports/r-1/uphold", adminUpholdReport, undefined, { id: "r-1" }, 404),
  // Past the guard an empty form is refused (400); c-1 is no pending commission (404).
  adminRoute("/admin/reports", adminReports, {
    visitor: LOGIN("/admin/reports"),
    student: "/admin/unauthorized",
    pendingAgent: "/admin/unauthorized",
    approvedAgent: "/admin/unauthorized",
    admin: 400,
  }),
  { ...adminRoute("/admin/reports/csv/weekly", adminReportsCsv), params: { table: "weekly" } },
  { ...adminRoute("/admin/reports/csv/payout", adminReportsCsv), params: { table: "payout" } },
  {
    ...adminRoute("/admin/reports/void/c-1", adminVoidCommission),
    params: { id: "c-1" },
    expect: {
      visitor: LOGIN("/admin/reports/void/c-1"),
      student: "/admin/unauthorized",
      pendingAgent: "/admin/unauthorized",
      approvedAgent: "/admin/unauthorized",
      admin: 404,
    },
  },
  adminRoute("/admin/content", adminContent),
  // Blog posts (decision 0127): an empty form is refused; b-1 does not exist, so its pages are a 404.
  adminRoute("/admin/content/posts/new", adminNewPost, adminPost("/admin/content/posts/new", 400)),
  adminRoute("/admin/content/posts/b-1", adminEditPost, adminPost("/admin/content/posts/b-1", 400), { id: "b-1" }, 404),
  adminRoute("/admin/content/posts/b-1/delete", adminDeletePost, undefined, { id: "b-1" }, 404),
  // Help content (decision 0128): past the guard an empty form is refused (400); q-1 does not exist
  // and this database has no legal page seeded, so their pages are a 404.
  adminRoute("/admin/content/faq", adminFaq, adminPost("/admin/content/faq", 400)),
  adminRoute("/admin/content/faq/q-1", adminFaqEntry, adminPost("/admin/content/faq/q-1", 400), { id: "q-1" }, 404),
  adminRoute("/admin/content/faq/q-1/delete", adminFaqDelete, undefined, { id: "q-1" }, 404),
  adminRoute("/admin/content/legal", adminLegal),
  adminRoute("/admin/content/legal/terms", adminLegalPage, adminPost("/admin/content/legal/terms", 400), { slug: "terms" }, 404),
  adminRoute("/admin/outbox", adminOutbox),
  adminRoute("/admin/audit", adminAudit),
  // u-1 does not exist: past the guard its page and its actions are a 404.
  adminRoute("/admin/users/u-1", adminUser, adminPost("/admin/users/u-1", 400), { id: "u-1" }, 404),
  adminRoute("/admin/users/u-1/suspend", adminUserSuspend, undefined, { id: "u-1" }, 404),
  adminRoute("/admin/agent-verification/u-1/documents/d-1", adminAgentDocument, undefined, { agentId: "u-1", documentId: "d-1" }, 404),
  adminRoute("/admin/agent-verification", adminAgentVerification, {
    visitor: LOGIN("/admin/agent-verification"),
    student: "/admin/unauthorized",
    pendingAgent: "/admin/unauthorized",
    approvedAgent: "/admin/unauthorized",
    admin: 400, // past the guard; the empty form is refused
  }),
  userRoute("/messages", messages, { visitor: LOGIN("/messages"), student: 400, pendingAgent: 400, approvedAgent: 400, admin: 400 }),
  userRoute("/profile", profile, { visitor: LOGIN("/profile"), student: 400, pendingAgent: 400, approvedAgent: 400, admin: 400 }),
  userRoute("/auth/two-factor", twoFactor, {
    visitor: LOGIN("/auth/two-factor"),
    student: 400,
    pendingAgent: 400,
    approvedAgent: 400,
    admin: 400,
  }),
  {
    path: "/auth/agent-verification",
    module: agentVerification,
    // Agents only, verified or not; the verification page itself never sends to itself.
    expect: {
      visitor: LOGIN("/auth/agent-verification"),
      student: "/agents/unauthorized",
      pendingAgent: OK,
      approvedAgent: OK,
      admin: "/agents/unauthorized",
    },
    post: {
      visitor: LOGIN("/auth/agent-verification"),
      student: "/agents/unauthorized",
      pendingAgent: 400,
      approvedAgent: 400,
      admin: "/agents/unauthorized",
    },
  },
];

const OPEN: { path: string; module: RouteModule }[] = [
  { path: "/agents/landing", module: agentLanding },
  { path: "/agents/unauthorized", module: agentUnauthorized },
  { path: "/admin/unauthorized", module: adminUnauthorized },
  { path: "/auth/required", module: loginRequired },
];

function check(result: { status: number; location: string | null }, expected: Expected) {
  if (typeof expected === "number") {
    expect(result.status).toBe(expected);
    expect(result.location).toBeNull();
  } else {
    expect(result.status).toBe(302);
    expect(result.location).toBe(expected);
  }
}

describe("route guards", () => {
  let h: RouteHarness;
  const jars = {} as Record<Who, () => CookieJar | undefined>;

  beforeAll(async () => {
    h = await createRouteHarness();
    const made: Partial<Record<Who, CookieJar>> = {};
    for (const who of WHO) {
      if (who === "visitor") continue;
      const persona = await createPersona(h, who);
      made[who] = await signedInJar(h, persona.id);
    }
    for (const who of WHO) jars[who] = () => made[who]?.clone();
  });
  afterAll(async () => {
    await h.close();
  });

  for (const route of ROUTES) {
    describe(route.path, () => {
      for (const who of WHO) {
        it(`GET as ${who} → ${route.expect[who]}`, async () => {
          check(await h.get(route.module, route.path, { jar: jars[who](), params: route.params }), route.expect[who]);
        });
        const post = route.post;
        if (post) {
          it(`POST as ${who} → ${post[who]}`, async () => {
            const multipart = route.path === "/auth/agent-verification";
            check(
              await h.post(route.module, route.path, { nothing: "" }, { jar: jars[who](), params: route.params, multipart }),
              post[who],
            );
          });
        }
      }
      if (!route.post) {
        it("has no action (a POST is not handled)", () => {
          expect(route.module.action).toBeUndefined();
        });
      }
    });
  }

  for (const page of OPEN) {
    it(`${page.path} is open to everyone`, async () => {
      for (const who of WHO) check(await h.get(page.module, page.path, { jar: jars[who]() }), OK);
    });
  }

  // Issue 11: an admin opening / lands on the dashboard, sent by the server (no client redirect);
  // everyone else gets the home page. (The visitors' page cache never answers a request with a
  // session cookie: tests/integration/shell/page-cache.test.ts.)
  it("sends a signed-in admin from / to /admin/dashboard and shows everyone else the home page", async () => {
    const expected: Record<Who, Expected> = { visitor: OK, student: OK, pendingAgent: OK, approvedAgent: OK, admin: "/admin/dashboard" };
    for (const who of WHO) check(await h.get(home, "/", { jar: jars[who]() }), expected[who]);
    check(await h.get(home, "/?lng=fr", { jar: jars.admin() }), "/admin/dashboard");
  });

  it("remembers the query string of the page the visitor wanted", async () => {
    const result = await h.get(profile, "/profile?tab=security");
    expect(result.location).toBe(LOGIN("/profile?tab=security"));
  });

  it("sends a rejected or unsubmitted agent to the verification page, which shows the form", async () => {
    for (const persona of ["rejectedAgent", "unsubmittedAgent"] as const) {
      const jar = await signedInJar(h, (await createPersona(h, persona)).id);
      check(await h.get(agentProperties, "/agents/properties", { jar }), "/auth/agent-verification");
      const page = await h.get(agentVerification, "/auth/agent-verification", { jar });
      expect(page.status).toBe(200);
      expect(page.data.status).toBe(persona === "rejectedAgent" ? "rejected" : "unsubmitted");
    }
  });

  it("treats a revoked or forged session as a visitor", async () => {
    const jar = jars.student()!;
    const forged = jar.clone();
    forged.store(new Headers({ "Set-Cookie": "kn_session=forged-value; Path=/" }));
    check(await h.get(profile, "/profile", { jar: forged }), LOGIN("/profile"));
    await h.services.database.db.deleteFrom("sessions").execute();
    check(await h.get(profile, "/profile", { jar }), LOGIN("/profile"));
  });
});

describe("route guards with REQUIRE_ADMIN_2FA", () => {
  let h: RouteHarness;
  beforeAll(async () => {
    h = await createRouteHarness({ env: { REQUIRE_ADMIN_2FA: "true" } });
  });
  afterAll(async () => {
    await h.close();
  });

  it("sends an admin without two-step verification to enrol first, then lets them in", async () => {
    const admin = await createPersona(h, "admin");
    const jar = await signedInJar(h, admin.id);
    check(await h.get(adminDashboard, "/admin/dashboard", { jar }), "/auth/two-factor?redirectTo=%2Fadmin%2Fdashboard");
    const enrol = await h.get(twoFactor, "/auth/two-factor?redirectTo=%2Fadmin%2Fdashboard", { jar });
    expect(enrol.status).toBe(200);
    expect(enrol.data.required).toBe(true);
    const { OtplibTotpAuthenticator } = await import("#infrastructure/auth/otplib-totp-authenticator");
    const code = new OtplibTotpAuthenticator().generate(enrol.data.enrolment.secret);
    const enabled = await h.post(twoFactor, "/auth/two-factor", { intent: "enable", secret: enrol.data.enrolment.secret, code }, { jar });
    expect(enabled.status).toBe(200);
    expect(enabled.data.recoveryCodes).toHaveLength(10);
    check(await h.get(adminDashboard, "/admin/dashboard", { jar }), OK);
  });

  it("does not ask other users to enrol", async () => {
    const jar = await signedInJar(h, (await createPersona(h, "approvedAgent")).id);
    check(await h.get(agentProperties, "/agents/properties", { jar }), OK);
  });
});
