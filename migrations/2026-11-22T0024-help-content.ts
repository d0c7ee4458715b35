import type { Kysely } from "kysely";

// Help content in the database (issue 11): the FAQ entries and the three legal pages, edited by
// admins at /admin/content and shown on /faq, /terms, /terms-agents and /privacy. The first
// versions come from the seed (infrastructure/seed/help-content-seed.ts). Markdown bodies; the
// French texts may be empty (the English one is shown instead). `updated_by` is the admin's id.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("faq_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("group_key", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("question_en", "text", (c) => c.notNull())
    .addColumn("question_fr", "text", (c) => c.notNull())
    .addColumn("answer_en", "text", (c) => c.notNull())
    .addColumn("answer_fr", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db.schema.createIndex("faq_entries_group_position_idx").on("faq_entries").columns(["group_key", "position"]).execute();
  await db.schema
    .createTable("legal_pages")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_fr", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull())
    .addColumn("body_fr", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("legal_pages").ifExists().execute();
  await db.schema.dropIndex("faq_entries_group_position_idx").ifExists().execute();
  await db.schema.dropTable("faq_entries").ifExists().execute();
}
