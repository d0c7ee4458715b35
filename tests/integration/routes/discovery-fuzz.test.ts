// Fuzzed discovery posts (fast-check): messages to an agent, listing reports, the wishlist, saved
// searches, the public contact form and the language/theme switch. Each run posts a mostly valid
// form with garbage in some fields, as one of several users (the listing's owner among them).
// Never a 500, only the statuses the action is meant to answer, no redirect off the site, and
// after every run the tables hold only rows that keep the rules.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as propertyRoute from "~/routes/property.$id";
import * as listingRoute from "~/routes/listings+/$id";
import * as wishlistRoute from "~/routes/resources+/wishlist";
import * as savedSearchesRoute from "~/routes/resources+/saved-searches";
import * as contactRoute from "~/routes/contact";
import * as preferencesRoute from "~/routes/resources+/preferences";
import * as agentRoute from "~/routes/agent+/$id";
import * as guestHouseRoute from "~/routes/guest-house.$id";
import { MESSAGE_BODY_MAX } from "#domain/messaging/message.entity";
import {
  HIDE_AFTER_REPORTERS,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  TRUSTED_REPORTER_MIN_AGE_MS,
} from "#domain/reports/listing-report.entity";
import { SAVED_SEARCH_LIMIT } from "#domain/alerts/saved-search.entity";
import { normalizeSearchQuery } from "#domain/engagement/search-query";
import { CONTACT_LIMITS, isPlausibleEmail } from "#domain/contact/contact-message.entity";
import { createPersona, signedInJar, type CookieJar } from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { createDiscoveryWorld, type DiscoveryWorld } from "./discovery-support";
import { CONTROL, RUNS, expectLocalRedirect, expectStatus, form, maybe, postForm, safeCall, weird } from "./fuzz-support";

/** Redirect targets a crafted form may carry; only same-site paths may come out. */
const redirectTo = fc.constantFrom(
  "/listings?n=Molyko",
  "/profile",
  "/",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "/listings?n=Ā",
  "/😀",
  "",
);

describe.each(databaseKinds())("fuzzed discovery posts (%s)", (kind) => {
  let w: DiscoveryWorld;
  let owner: CookieJar;
  const users: Array<{ id: string; jar: CookieJar }> = [];
  let propertyIds: string[];
  const idOrGarbage = () => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...propertyIds) }, { weight: 1, arbitrary: weird });

  beforeAll(async () => {
    w = await createDiscoveryWorld(kind);
    owner = await w.agentJar();
    users.push({ id: w.student.id, jar: await w.studentJar() });
    for (let i = 0; i < 2; i++) {
      const s = await createPersona(w.h, "student");
      users.push({ id: s.id, jar: await signedInJar(w.h, s.id) });
    }
    users.push({ id: w.agent.id, jar: owner });
    propertyIds = Object.values(w.ids);
  }, 60_000);

  afterAll(async () => {
    await w?.h.close();
  });

  it(`messages to an agent: ${RUNS} forms, never a 500, no empty, oversized or self-addressed message`, async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(users.length - 1),
        idOrGarbage(),
        fc.boolean(),
        form({
          intent: maybe(fc.constant("contact")),
          body: maybe(
            fc.constantFrom(
              "Is the room still free?",
              "  Bonjour, est-ce disponible ?  ",
              "x".repeat(MESSAGE_BODY_MAX),
              "x".repeat(MESSAGE_BODY_MAX + 1),
              "   ",
              "\u0000",
            ),
          ),
          studentId: weird,
          agentId: weird,
        }),
        async (who, id, canonical, fields) => {
          const r = await postForm(w.h, canonical ? listingRoute : propertyRoute, `/listings/${encodeURIComponent(id)}`, fields, {
            jar: users[who].jar.clone(),
            params: { id },
          });
          expectStatus(r, [302, 400, 404], "contact agent");
          expectLocalRedirect(r);
          seen.add(r.status);
        },
      ),
      {
        numRuns: RUNS,
        // Run first: one success and one refusal for sure, whatever the random draws.
        examples: [
          [0, propertyIds[0], true, { intent: "contact", body: "Is the room still free?" }],
          [0, propertyIds[0], false, { intent: "contact", body: "   " }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));
    const threads = await w.h.database.db.selectFrom("message_threads").selectAll().execute();
    const messages = await w.h.database.db.selectFrom("messages").selectAll().execute();
    expect(messages.length).toBeGreaterThan(0);
    for (const t of threads) {
      expect(t.student_id).not.toBe(t.agent_id);
      expect(propertyIds).toContain(t.property_id);
      expect(t.agent_id).toBe(w.agent.id);
    }
    for (const m of messages) {
      expect(m.body).toBe(m.body.trim());
      expect(m.body.length).toBeGreaterThan(0);
      expect(m.body.length).toBeLessThanOrEqual(MESSAGE_BODY_MAX);
      expect(m.sender_id).not.toBe(w.agent.id);
      expect(threads.find((t) => t.id === m.thread_id)?.student_id).toBe(m.sender_id);
    }
  }, 120_000);

  it(`listing reports: ${RUNS} forms, never a 500, no report by the owner, no invalid or duplicate report`, async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(users.length - 1),
        idOrGarbage(),
        fc.boolean(),
        form({
          intent: maybe(fc.constant("report")),
          reason: maybe(fc.constantFrom(...REPORT_REASONS)),
          details: maybe(fc.constantFrom("", "  Price is fake  ", "x".repeat(REPORT_DETAILS_MAX), "x".repeat(REPORT_DETAILS_MAX + 1))),
          reporterId: weird,
          status: fc.constant("dismissed"),
        }),
        async (who, id, fresh, fields) => {
          // Now and then every listing is visible and unreported again, so the success path stays reachable.
          if (fresh) {
            await w.h.database.db.deleteFrom("listing_reports").execute();
            await w.h.database.db.updateTable("properties").set({ hidden_at: null }).execute();
          }
          const r = await postForm(w.h, propertyRoute, `/property/${encodeURIComponent(id)}`, fields, {
            jar: users[who].jar.clone(),
            params: { id },
          });
          // 403/409 are allowed too: a stricter rule (a daily limit, a refusal) may answer them.
          expectStatus(r, [302, 400, 403, 404, 409, 429], "report");
          expectLocalRedirect(r);
          seen.add(r.status);
          await expectValidReports();
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [1, propertyIds[0], true, { intent: "report", reason: "scam" }],
          [1, propertyIds[0], false, { intent: "report", reason: "nope" }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));
  }, 120_000);

  async function expectValidReports() {
    const reports = await w.h.database.db.selectFrom("listing_reports").selectAll().execute();
    const properties = await w.h.database.db.selectFrom("properties").select(["id", "agent_id", "hidden_at"]).execute();
    const pairs = new Set<string>();
    for (const r of reports) {
      const property = properties.find((p) => p.id === r.property_id);
      expect(property, `report ${r.id}`).toBeDefined();
      expect(r.reporter_id, "the owner reported their own listing").not.toBe(property!.agent_id);
      expect(REPORT_REASONS as readonly string[]).toContain(r.reason);
      expect(r.details).toBe(r.details.trim());
      expect(r.details.length).toBeLessThanOrEqual(REPORT_DETAILS_MAX);
      const pair = `${r.reporter_id} ${r.property_id}`;
      if (r.status === "open") expect(pairs.has(pair), `two open reports ${pair}`).toBe(false);
      pairs.add(pair);
    }
    // Only trusted reporters count towards hiding (decision 0108): a confirmed e-mail and an account
    // at least a day old when the report was made.
    const profiles = await w.h.database.db.selectFrom("profiles").select(["id", "email_confirmed_at", "created_at"]).execute();
    const trusted = (reporterId: string, reportedAt: string | Date) => {
      const profile = profiles.find((x) => x.id === reporterId);
      if (!profile || profile.email_confirmed_at === null) return false;
      return new Date(profile.created_at).getTime() <= new Date(reportedAt).getTime() - TRUSTED_REPORTER_MIN_AGE_MS;
    };
    for (const p of properties) {
      const reporters = new Set(
        reports
          .filter((r) => r.property_id === p.id && r.status === "open" && trusted(r.reporter_id, r.created_at))
          .map((r) => r.reporter_id),
      );
      if (reporters.size >= HIDE_AFTER_REPORTERS) expect(p.hidden_at, `listing ${p.id} reported by ${reporters.size}`).not.toBeNull();
    }
  }

  it(`wishlist: ${RUNS} forms, never a 500, no duplicate row, only real listings`, async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(users.length - 1),
        form({
          intent: maybe(fc.constantFrom("add", "add", "remove")),
          propertyId: maybe(idOrGarbage()),
          redirectTo: fc.option(redirectTo, { nil: undefined }),
          userId: weird,
        }),
        async (who, fields) => {
          const r = await postForm(w.h, wishlistRoute, "/resources/wishlist", fields, { jar: users[who].jar.clone() });
          expectStatus(r, [302, 400, 404], "wishlist");
          expectLocalRedirect(r);
          seen.add(r.status);
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [0, { intent: "add", propertyId: propertyIds[0] }],
          [0, { intent: "bogus", propertyId: propertyIds[0] }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));
    const rows = await w.h.database.db.selectFrom("wishlists").selectAll().execute();
    const pairs = new Set(rows.map((r) => `${r.user_id} ${r.property_id}`));
    expect(pairs.size).toBe(rows.length);
    for (const r of rows) {
      expect(propertyIds).toContain(r.property_id);
      expect(users.map((u) => u.id)).toContain(r.user_id);
    }
  }, 120_000);

  it(`saved searches: ${RUNS} forms, never a 500, at most ${SAVED_SEARCH_LIMIT} per user, each one canonical and unique`, async () => {
    const seen = new Set<number>();
    const query = fc.oneof(
      fc
        .tuple(
          fc.constantFrom("n=Molyko", "n=Bomaka", "type=room", "type=studio", "furnished=1"),
          fc.integer({ min: 10_000, max: 200_000 }),
        )
        .map(([q, max]) => `${q}&max=${max}`),
      fc.constantFrom("?n=Molyko&page=2", "n=&max=", "", "   ", "Ā", "n=Buéa", "n=Molyko\n", "n=😀"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat(users.length - 1),
        form({
          intent: maybe(fc.constantFrom("save", "save", "save", "delete")),
          query: maybe(query),
          id: fc.option(fc.oneof(weird, fc.constant("")), { nil: undefined }),
          redirectTo: fc.option(redirectTo, { nil: undefined }),
        }),
        async (who, fields) => {
          const r = await postForm(w.h, savedSearchesRoute, "/resources/saved-searches", fields, { jar: users[who].jar.clone() });
          expectStatus(r, [302, 400], "saved searches");
          expectLocalRedirect(r);
          seen.add(r.status);
        },
      ),
      {
        numRuns: RUNS * 2,
        examples: [
          [0, { intent: "save", query: "n=Molyko" }],
          [0, { intent: "bogus" }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));
    const rows = await w.h.database.db.selectFrom("saved_searches").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const perUser = new Map<string, Set<string>>();
    for (const r of rows) {
      expect(r.query).not.toBe("");
      expect(normalizeSearchQuery(r.query)).toBe(r.query);
      const mine = perUser.get(r.user_id) ?? new Set<string>();
      expect(mine.has(r.query), `duplicate saved search ${r.query}`).toBe(false);
      mine.add(r.query);
      perUser.set(r.user_id, mine);
    }
    for (const [user, queries] of perUser) expect(queries.size, `saved searches of ${user}`).toBeLessThanOrEqual(SAVED_SEARCH_LIMIT);
  }, 120_000);

  it(`contact form: ${RUNS} forms, never a 500, only plausible stored messages, nothing stored from a bot`, async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        form({
          name: maybe(fc.constantFrom("Ngozi Ekane", "  Élodie  ", "N")),
          email: maybe(fc.oneof(fc.emailAddress(), fc.constantFrom("NGOZI@Example.CM ", "not-an-email"))),
          subject: maybe(fc.constantFrom("A question", "Hi", "x".repeat(CONTACT_LIMITS.subject.max + 1))),
          message: maybe(fc.constantFrom("Is there a room near the campus?", "too short", "x".repeat(CONTACT_LIMITS.message.max))),
          website: fc.oneof(
            { weight: 5, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.constantFrom("http://spam.example", " ", "") },
          ),
        }),
        async (signedIn, fields) => {
          const before = await countContactMessages();
          const r = await postForm(w.h, contactRoute, "/contact", fields, { jar: signedIn ? users[0].jar.clone() : undefined });
          expectStatus(r, [302, 400, 429], "contact form");
          expectLocalRedirect(r);
          seen.add(r.status);
          if (typeof fields.website === "string" && fields.website.trim() !== "") expect(await countContactMessages()).toBe(before);
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [false, { name: "Ngozi Ekane", email: "ngozi@example.cm", subject: "A question", message: "Is there a room near the campus?" }],
          [false, {}],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));
    for (const m of await w.h.database.db.selectFrom("contact_messages").selectAll().execute()) {
      expect(m.name).toBe(m.name.trim());
      expect(m.name.length).toBeGreaterThanOrEqual(CONTACT_LIMITS.name.min);
      expect(m.name.length).toBeLessThanOrEqual(CONTACT_LIMITS.name.max);
      expect(isPlausibleEmail(m.email)).toBe(true);
      expect(m.email).toBe(m.email.toLowerCase());
      expect(m.subject.length).toBeGreaterThanOrEqual(CONTACT_LIMITS.subject.min);
      expect(m.subject.length).toBeLessThanOrEqual(CONTACT_LIMITS.subject.max);
      expect(m.message.length).toBeGreaterThanOrEqual(CONTACT_LIMITS.message.min);
      expect(m.message.length).toBeLessThanOrEqual(CONTACT_LIMITS.message.max);
      expect(CONTROL.test(m.name + m.subject)).toBe(false);
    }
  }, 120_000);

  const countContactMessages = async () =>
    Number(
      (
        await w.h.database.db
          .selectFrom("contact_messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`odd ids in the URL of a listing, an agent, a guest house: ${RUNS} each, never a 500`, async () => {
    const routes = [
      { route: propertyRoute, path: "/property" },
      { route: agentRoute, path: "/agent" },
      { route: guestHouseRoute, path: "/guest-house" },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(weird, fc.constantFrom("a\u0000b", "\u0000", `${propertyIds[0]}\u0000`, " \t ")),
        fc.nat(routes.length - 1),
        fc.boolean(),
        async (id, which, post) => {
          const { route, path } = routes[which];
          const jar = users[0].jar.clone();
          const r =
            post && "action" in route
              ? await postForm(w.h, route, `${path}/x`, { intent: "contact", body: "Hello", reason: "scam" }, { jar, params: { id } })
              : await safeCall(() => w.h.get(route, `${path}/x`, { jar, params: { id } }));
          expectStatus(r, [200, 302, 400, 403, 404, 409], `${path} with id ${JSON.stringify(id).slice(0, 40)}`);
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          ["a\u0000b", 0, false],
          ["a\u0000b", 0, true],
          ["a\u0000b", 1, false],
          ["a\u0000b", 2, false],
        ],
      },
    );
  }, 60_000);

  it(`language and theme switch: ${RUNS} forms, never a 500, never a redirect off the site`, async () => {
    await fc.assert(
      fc.asyncProperty(
        form({
          language: fc.option(fc.oneof(fc.constantFrom("en", "fr"), weird), { nil: undefined }),
          theme: fc.option(fc.oneof(fc.constantFrom("light", "dark", "system"), weird), { nil: undefined }),
          redirectTo: fc.option(fc.oneof(redirectTo, weird), { nil: undefined }),
        }),
        async (fields) => {
          const r = await postForm(w.h, preferencesRoute, "/resources/preferences", fields);
          expectStatus(r, [302, 400], "preferences");
          expectLocalRedirect(r);
        },
      ),
      { numRuns: RUNS },
    );
  }, 60_000);
});
