// Fuzzed posts to the admin's help-content actions (fast-check): garbage, unicode, NUL, huge
// values, missing and repeated fields, files where text belongs. Never a 500, only the statuses
// each action means, and afterwards every stored entry and page obeys the domain's bounds.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminFaq from "~/routes/admin+/content_.faq";
import * as adminFaqEntry from "~/routes/admin+/content_.faq_.$id";
import * as adminLegalPage from "~/routes/admin+/content_.legal_.$slug";
import { FAQ_ANSWER_MAX, FAQ_GROUPS, FAQ_QUESTION_MAX, LEGAL_BODY_MAX, LEGAL_TITLE_MAX } from "#domain/help-content/help-content.entity";
import { seedHelpContent } from "#infrastructure/seed/help-content-seed";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { anyField, expectLocalRedirect, expectStatus, form, maybe, postForm, RUNS } from "./fuzz-support";

const text = fc.constantFrom(
  "",
  " ",
  "Is it safe?",
  "Ça marche ?",
  "**bold** [link](/faq) [bad](javascript:alert(1))",
  "<script>alert(1)</script>",
  "a\u0000b",
  "x".repeat(FAQ_QUESTION_MAX + 1),
);
const faqFields = {
  group: maybe(fc.constantFrom(...FAQ_GROUPS)),
  questionEn: maybe(text),
  questionFr: maybe(text),
  answerEn: maybe(text),
  answerFr: maybe(text),
};

describe("admin help-content actions, fuzzed", () => {
  let h: RouteHarness;
  let jar: CookieJar;

  beforeAll(async () => {
    h = await createRouteHarness();
    await seedHelpContent(h.database.db);
    jar = await signedInJar(h, (await createPersona(h, "admin")).id);
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`${RUNS} forms to /admin/content/faq: add, move, delete`, async () => {
    const ids = fc.constantFrom("faq-finding-1", "faq-finding-2", "faq-paying-3", "faq-account-1", "nope", "");
    const body = fc.oneof(
      form({ intent: maybe(fc.constant("create")), ...faqFields }),
      form({ intent: maybe(fc.constant("move")), id: maybe(ids), direction: maybe(fc.constantFrom("up", "down")) }),
      form({ intent: maybe(fc.constant("delete")), id: maybe(ids) }),
      form({ intent: anyField, id: anyField, group: anyField, questionEn: anyField }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (fields) => {
        const r = await postForm(h, adminFaq, "/admin/content/faq", fields, { jar: jar.clone() });
        expectStatus(r, [302, 400, 404, 409], "faq list");
        expectLocalRedirect(r);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it(`${RUNS} forms to /admin/content/faq/{id} and /admin/content/legal/{slug}`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("faq-visits-1", "faq-visits-2", "nope"),
        form({ intent: maybe(fc.constant("save")), ...faqFields }),
        async (id, fields) => {
          const r = await postForm(h, adminFaqEntry, `/admin/content/faq/${id}`, fields, { jar: jar.clone(), params: { id } });
          expectStatus(r, [302, 400, 404, 409], "faq edit");
        },
      ),
      { numRuns: RUNS },
    );
    const legalText = fc.constantFrom(
      "",
      "Terms",
      "## 1. One\n\nText",
      "# Top\n\n## ## \n\n- a\n- b",
      "x".repeat(LEGAL_TITLE_MAX + 1),
      "<img src=x onerror=alert(1)>",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("terms", "privacy", "terms-agents"),
        form({
          intent: maybe(fc.constantFrom("save", "preview")),
          titleEn: maybe(legalText),
          titleFr: maybe(legalText),
          bodyEn: maybe(legalText),
          bodyFr: maybe(legalText),
        }),
        async (slug, fields) => {
          const r = await postForm(h, adminLegalPage, `/admin/content/legal/${slug}`, fields, { jar: jar.clone(), params: { slug } });
          expectStatus(r, [200, 302, 400, 409], "legal edit");
          if (r.status === 200) {
            // The preview's HTML is the renderer's: raw HTML arrives escaped, never as a tag.
            const html = (["en", "fr"] as const)
              .flatMap((l) => [r.data.preview[l].introHtml, ...r.data.preview[l].sections.map((s: { html: string }) => s.html)])
              .join("");
            expect(html).not.toMatch(/<(script|img)\b|href="javascript:/i);
          }
        },
      ),
      { numRuns: RUNS },
    );
    const faq = await h.database.db.selectFrom("faq_entries").selectAll().execute();
    for (const e of faq) {
      expect(FAQ_GROUPS as readonly string[]).toContain(e.group_key);
      expect(e.question_en.trim()).not.toBe("");
      expect(e.answer_en.trim()).not.toBe("");
      expect(e.question_en.length).toBeLessThanOrEqual(FAQ_QUESTION_MAX);
      expect(e.answer_en.length).toBeLessThanOrEqual(FAQ_ANSWER_MAX);
    }
    for (const p of await h.database.db.selectFrom("legal_pages").selectAll().execute()) {
      expect(p.title_en.trim()).not.toBe("");
      expect(p.title_en.length).toBeLessThanOrEqual(LEGAL_TITLE_MAX);
      expect(p.body_en.length).toBeLessThanOrEqual(LEGAL_BODY_MAX);
    }
  }, 120_000);
});
