import type { Kysely } from "kysely";

// The admin area's users and audit log (issue 11): a suspended account (when and why; null while
// active) cannot sign in and its sessions are refused, and an audit row names what it changed
// (`target`, e.g. `user:<id>`, copied from the row's data) so a user's trail is one indexed query.
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  await db.schema.alterTable("profiles").addColumn("suspended_at", "text").execute();
  await db.schema.alterTable("profiles").addColumn("suspended_reason", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("target", "text").execute();
  await db.schema.createIndex("audit_log_target_idx").on("audit_log").columns(["target", "created_at"]).execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "created_at"]).execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").columns(["created_at"]).execute();
  await db.schema.createIndex("profiles_role_idx").on("profiles").columns(["role", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["profiles_role_idx", "audit_log_created_idx", "audit_log_actor_idx", "audit_log_target_idx"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable("audit_log").dropColumn("target").execute();
  await db.schema.alterTable("profiles").dropColumn("suspended_reason").execute();
  await db.schema.alterTable("profiles").dropColumn("suspended_at").execute();
}
