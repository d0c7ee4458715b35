import { sql, type Kysely } from "kysely";

// Engagement constraints the use cases rely on under concurrency, and the contact form's sender IP
// (for its rate limit). Indexes only, plus one nullable column: small enough for SQLite's non-transactional DDL.
export async function up(db: Kysely<any>): Promise<void> {
  // A repeat view moves the row to the top instead of adding a second one.
  await db.schema.createIndex("view_history_user_property_uq").on("view_history").columns(["user_id", "property_id"]).unique().execute();

  // contactAgent reuses the thread for (student, agent, property); two quick first messages must not make two threads.
  await db.schema
    .createIndex("message_threads_participants_uq")
    .on("message_threads")
    .columns(["student_id", "agent_id", "property_id"])
    .unique()
    .execute();
  await db.schema.createIndex("messages_unread_idx").on("messages").columns(["thread_id", "read_at"]).execute();

  // One open report per user per listing; closed reports do not block a new one.
  await sql`CREATE UNIQUE INDEX listing_reports_open_uq ON listing_reports (property_id, reporter_id)
            WHERE status = 'open'`.execute(db);

  await db.schema.createIndex("saved_searches_user_query_uq").on("saved_searches").columns(["user_id", "query"]).unique().execute();

  await db.schema.alterTable("contact_messages").addColumn("ip", "text").execute();
  await db.schema.createIndex("contact_messages_email_idx").on("contact_messages").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("contact_messages_ip_idx").on("contact_messages").columns(["ip", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "contact_messages_ip_idx",
    "contact_messages_email_idx",
    "saved_searches_user_query_uq",
    "listing_reports_open_uq",
    "messages_unread_idx",
    "message_threads_participants_uq",
    "view_history_user_property_uq",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable("contact_messages").dropColumn("ip").execute();
}
