// Migration 2026-11-28T1200 (decisions 0223, 0224): the Terms, the agent terms and the FAQ say when
// and how agents are paid, where they still hold the seeded text (an admin's own wording is kept),
// in English and French; and back again. The seed holds the new text already.
import { afterEach, beforeEach, expect, it } from "vitest";
import { SEED_FAQ_ENTRIES, SEED_LEGAL_PAGES } from "#infrastructure/seed/help-content-first-version";
import { down, PAYOUT_TEXTS, up } from "../../../migrations/2026-11-28T1200-payout-texts-and-lookup";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

const T = "2026-11-22T09:00:00Z";
const text = (table: string, column: string, slug?: string) =>
  PAYOUT_TEXTS.find((r) => r.table === table && r.column === column && r.slug === slug)!;

describeEachDatabase(allDatabaseKinds())("the payout texts migration on %s", (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(kind);
    await down(t.db);
    await t.db.deleteFrom("legal_pages").execute();
    await t.db.deleteFrom("faq_entries").execute();
    const agents = text("legal_pages", "body_en", "terms-agents");
    const terms = text("legal_pages", "body_fr", "terms");
    await t.db
      .insertInto("legal_pages")
      .values([
        {
          slug: "terms-agents",
          title_en: "A",
          title_fr: "A",
          body_en: `## 4\n\n${agents.from} Tell us.`,
          body_fr: "Mon texte",
          updated_at: T,
          updated_by: null,
        },
        {
          slug: "terms",
          title_en: "T",
          title_fr: "T",
          body_en: "Edited by an admin",
          body_fr: `Intro. ${terms.from}`,
          updated_at: T,
          updated_by: null,
        },
      ])
      .execute();
    await t.db
      .insertInto("faq_entries")
      .values({
        id: "faq-agents-2",
        group_key: "agents",
        position: 2,
        question_en: "Q",
        question_fr: "Q",
        answer_en: text("faq_entries", "answer_en").from,
        answer_fr: "Ma réponse",
        updated_at: T,
        updated_by: null,
      })
      .execute();
  });
  afterEach(() => t.destroy());

  it("rewrites the seeded sentences only, dates only what changed, and goes back down", async () => {
    await up(t.db);
    const pages = Object.fromEntries((await t.db.selectFrom("legal_pages").selectAll().execute()).map((p) => [p.slug, p]));
    expect(pages["terms-agents"].body_en).toBe(`## 4\n\n${text("legal_pages", "body_en", "terms-agents").to} Tell us.`);
    expect(pages["terms-agents"].body_en).toContain("every Monday at 00:00 (Buea time)");
    expect(pages["terms-agents"].body_fr).toBe("Mon texte");
    expect(pages["terms-agents"].updated_at).toBe("2026-11-28T12:00:00.000Z");
    expect(pages.terms.body_en).toBe("Edited by an admin");
    expect(pages.terms.body_fr).toContain("une fois par semaine (voir les conditions des agents)");
    const faq = await t.db.selectFrom("faq_entries").selectAll().executeTakeFirstOrThrow();
    expect(faq.answer_en).toBe(text("faq_entries", "answer_en").to);
    expect(faq.answer_fr).toBe("Ma réponse");

    await down(t.db);
    const back = await t.db.selectFrom("legal_pages").select("body_en").where("slug", "=", "terms-agents").executeTakeFirstOrThrow();
    expect(back.body_en).toBe(`## 4\n\n${text("legal_pages", "body_en", "terms-agents").from} Tell us.`);
    await up(t.db);
  });

  it("the seed already says it, in both languages", () => {
    const seeded = JSON.stringify([SEED_LEGAL_PAGES, SEED_FAQ_ENTRIES]);
    for (const r of PAYOUT_TEXTS) {
      expect(seeded).toContain(JSON.stringify(r.to).slice(1, -1));
    }
  });
});
