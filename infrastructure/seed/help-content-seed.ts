// Writes the first versions of the FAQ and the legal pages (help-content-first-version.ts) into a
// database that has no legal page yet. Run on every server start (demo or not: a live site needs
// its terms too) and by `npm run db:seed`. Idempotent: once the legal pages exist, it writes
// nothing, so an admin's edits and deletions survive restarts; two processes starting together
// both insert with ON CONFLICT DO NOTHING on the same ids.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { HELP_CONTENT_FIRST_VERSION_AT, SEED_FAQ_ENTRIES, SEED_LEGAL_PAGES } from "./help-content-first-version";

export async function seedHelpContent(db: Kysely<Database>): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom("legal_pages").select("slug").limit(1).executeTakeFirst();
  if (existing) return { seeded: false };
  const at = HELP_CONTENT_FIRST_VERSION_AT;
  await db.transaction().execute(async (trx) => {
    for (const p of SEED_LEGAL_PAGES) {
      await trx
        .insertInto("legal_pages")
        .values({
          slug: p.slug,
          title_en: p.titleEn,
          title_fr: p.titleFr,
          body_en: p.bodyEn,
          body_fr: p.bodyFr,
          updated_at: at,
          updated_by: null,
        })
        .onConflict((oc) => oc.column("slug").doNothing())
        .execute();
    }
    const positions = new Map<string, number>();
    for (const e of SEED_FAQ_ENTRIES) {
      const position = (positions.get(e.group) ?? 0) + 1;
      positions.set(e.group, position);
      await trx
        .insertInto("faq_entries")
        .values({
          id: `faq-${e.group}-${position}`,
          group_key: e.group,
          position,
          question_en: e.questionEn,
          question_fr: e.questionFr,
          answer_en: e.answerEn,
          answer_fr: e.answerFr,
          updated_at: at,
          updated_by: null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
  });
  return { seeded: true };
}
