// Migration 2026-11-28T1300 (decisions 0227, 0229): the privacy policy states the periods the
// retention job enforces, and its French text says « Ancien utilisateur », where it still holds the
// seeded text (an admin's own wording is kept); and back again. The seed holds the new text already.
import { afterEach, beforeEach, expect, it } from "vitest";
import { SEED_LEGAL_PAGES } from "#infrastructure/seed/help-content-first-version";
import { down, RETENTION_TEXTS, up } from "../../../migrations/2026-11-28T1300-retention-texts";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

const T = "2026-11-22T09:00:00Z";
const [EN_PERIODS, FR_PERIODS, FR_FORMER] = RETENTION_TEXTS;

describeEachDatabase(allDatabaseKinds())("the retention texts migration on %s", (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(kind);
    await down(t.db);
    await t.db.deleteFrom("legal_pages").execute();
    await t.db
      .insertInto("legal_pages")
      .values([
        {
          slug: "privacy",
          title_en: "Privacy",
          title_fr: "Confidentialité",
          body_en: `## 6. How long\n\n- Account data: open.\n${EN_PERIODS.from}\n- Payments: 10 years.`,
          body_fr: `## 6\n\n${FR_PERIODS.from}\n\n## 7\n\nLes justificatifs restent ; ${FR_FORMER.from} Fin.`,
          updated_at: T,
          updated_by: null,
        },
        // Another page holding the same words is not the privacy policy: left alone.
        { slug: "terms", title_en: "T", title_fr: "T", body_en: EN_PERIODS.from, body_fr: "x", updated_at: T, updated_by: null },
      ])
      .execute();
  });
  afterEach(() => t.destroy());

  it("rewrites the seeded passages only, dates only what changed, and goes back down", async () => {
    await up(t.db);
    const privacy = await t.db.selectFrom("legal_pages").selectAll().where("slug", "=", "privacy").executeTakeFirstOrThrow();
    expect(privacy.body_en).toBe(`## 6. How long\n\n- Account data: open.\n${EN_PERIODS.to}\n- Payments: 10 years.`);
    expect(privacy.body_en).toContain("90 days after our decision");
    expect(privacy.body_en).toContain("Copies of the e-mails we send you: 30 days");
    expect(privacy.body_en).toContain("Contact messages: 12 months");
    expect(privacy.body_fr).toContain("90 jours après notre décision");
    expect(privacy.body_fr).toContain("Copies des e-mails que nous vous envoyons : 30 jours");
    expect(privacy.body_fr).toContain("« Ancien utilisateur »");
    expect(privacy.body_fr).not.toContain("Former user");
    expect(privacy.updated_at).toBe("2026-11-28T13:00:00.000Z");
    const terms = await t.db.selectFrom("legal_pages").selectAll().where("slug", "=", "terms").executeTakeFirstOrThrow();
    expect(terms).toMatchObject({ body_en: EN_PERIODS.from, updated_at: T });

    await down(t.db);
    const back = await t.db.selectFrom("legal_pages").selectAll().where("slug", "=", "privacy").executeTakeFirstOrThrow();
    expect(back.body_en).toBe(`## 6. How long\n\n- Account data: open.\n${EN_PERIODS.from}\n- Payments: 10 years.`);
    expect(back.body_fr).toContain("« Former user » (ancien utilisateur)");
    await up(t.db);
  });

  it("keeps an admin's own wording", async () => {
    await t.db
      .updateTable("legal_pages")
      .set({ body_en: "Our own retention text", body_fr: "Notre texte" })
      .where("slug", "=", "privacy")
      .execute();
    await up(t.db);
    const privacy = await t.db.selectFrom("legal_pages").selectAll().where("slug", "=", "privacy").executeTakeFirstOrThrow();
    expect(privacy).toMatchObject({ body_en: "Our own retention text", body_fr: "Notre texte", updated_at: T });
  });

  it("the seed already says it, in both languages, and never “Former user” in French", () => {
    const seeded = JSON.stringify(SEED_LEGAL_PAGES);
    for (const r of RETENTION_TEXTS) expect(seeded).toContain(JSON.stringify(r.to).slice(1, -1));
    const privacy = SEED_LEGAL_PAGES.find((p) => p.slug === "privacy")!;
    expect(privacy.bodyFr).not.toContain("Former user");
    expect(privacy.bodyEn).toContain("“Former user”");
  });
});
