// Migration 2026-11-28T1000 (decision 0218): the privacy policy and the FAQ stop saying "write to
// us" to close an account, where they still hold the seeded text; an admin's own wording is kept.
import { afterEach, beforeEach, expect, it } from "vitest";
import { up, down } from "../../../migrations/2026-11-28T1000-data-rights-texts";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

const OLD_P7 =
  "You can remove listings from your wishlist yourself. To clear your view or search history, or to close your account, write to us from the contact page with the e-mail address of the account. We delete your account, history, wishlist, saved searches and messages within 30 days, and keep only the payment records the law requires. Reviews you wrote are kept without your name.";
const OLD_FAQ =
  "Write to us from the contact page with the e-mail address of your account. We delete your data within 30 days, except the payment records the law asks us to keep.";
const T = "2026-11-22T09:00:00Z";

describeEachDatabase(allDatabaseKinds())("the data-rights texts migration on %s", (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(kind);
    await t.db.deleteFrom("legal_pages").execute();
    await t.db.deleteFrom("faq_entries").execute();
    await t.db
      .insertInto("legal_pages")
      .values([
        {
          slug: "privacy",
          title_en: "Privacy",
          title_fr: "Confidentialité",
          body_en: `## 7. Deleting\n\n${OLD_P7}`,
          body_fr: "Texte à moi",
          updated_at: T,
          updated_by: null,
        },
        { slug: "terms", title_en: "Terms", title_fr: "Conditions", body_en: OLD_P7, body_fr: "x", updated_at: T, updated_by: null },
      ])
      .execute();
    await t.db
      .insertInto("faq_entries")
      .values({
        id: "faq-account-9",
        group_key: "account",
        position: 9,
        question_en: "Q",
        question_fr: "Q",
        answer_en: OLD_FAQ,
        answer_fr: "Ma réponse",
        updated_at: T,
        updated_by: null,
      })
      .execute();
  });
  afterEach(() => t.destroy());

  it("rewrites the seeded paragraphs only, and dates only the pages it changed", async () => {
    await up(t.db);
    const privacy = await t.db.selectFrom("legal_pages").selectAll().where("slug", "=", "privacy").executeTakeFirstOrThrow();
    expect(privacy.body_en).toContain(
      "## 7. Deleting\n\nYou can remove listings from your wishlist yourself, and close your account yourself from your profile",
    );
    expect(privacy.body_en).not.toContain("write to us from the contact page with the e-mail address of the account");
    expect(privacy.body_fr).toBe("Texte à moi");
    expect(privacy.updated_at).toBe("2026-11-28T10:00:00.000Z");
    // Only the privacy policy is rewritten.
    const terms = await t.db.selectFrom("legal_pages").selectAll().where("slug", "=", "terms").executeTakeFirstOrThrow();
    expect(terms).toMatchObject({ body_en: OLD_P7, updated_at: T });
    const faq = await t.db.selectFrom("faq_entries").selectAll().executeTakeFirstOrThrow();
    expect(faq.answer_en).toContain("Your data → Close my account");
    expect(faq.answer_fr).toBe("Ma réponse");

    await down(t.db);
    const back = await t.db.selectFrom("legal_pages").select("body_en").where("slug", "=", "privacy").executeTakeFirstOrThrow();
    expect(back.body_en).toBe(`## 7. Deleting\n\n${OLD_P7}`);
  });
});
