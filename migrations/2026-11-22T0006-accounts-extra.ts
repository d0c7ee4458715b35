import type { Kysely } from "kysely";

// Accounts, second step: the language account e-mails are written in, and the indexes the
// accounts repositories look up by.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("profiles")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  await db.schema.createIndex("email_tokens_user_idx").on("email_tokens").columns(["user_id", "purpose"]).execute();
  await db.schema.createIndex("recovery_codes_user_idx").on("recovery_codes").column("user_id").execute();
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "created_at"]).execute();
  await db.schema.createIndex("agents_status_idx").on("agents").columns(["verification_status", "submitted_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["agents_status_idx", "audit_log_action_idx", "recovery_codes_user_idx", "email_tokens_user_idx"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable("profiles").dropColumn("language").execute();
}
