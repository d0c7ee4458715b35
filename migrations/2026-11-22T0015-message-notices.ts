import type { Kysely } from "kysely";

// When each side of a thread was last sent an e-mail notice of a new message: at most one notice per
// thread and recipient per hour (docs/decisions/0115-message-notices.md). Two nullable columns, so
// existing threads simply have had no notice yet.
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  await db.schema.alterTable("message_threads").addColumn("student_notified_at", "text").execute();
  await db.schema.alterTable("message_threads").addColumn("agent_notified_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("message_threads").dropColumn("agent_notified_at").execute();
  await db.schema.alterTable("message_threads").dropColumn("student_notified_at").execute();
}
