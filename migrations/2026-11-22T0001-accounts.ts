import type { Kysely } from "kysely";

// Accounts: profiles, sessions, e-mail tokens, two-factor recovery codes,
// login throttling, audit log and agent verification.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("profiles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("student"))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("phone", "text")
    .addColumn("password_hash", "text")
    .addColumn("email_confirmed_at", "text")
    .addColumn("google_id", "text", (c) => c.unique())
    .addColumn("totp_secret", "text")
    .addColumn("totp_enabled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("email_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("throttle_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_attempts_key_idx").on("login_attempts").columns(["throttle_key", "created_at"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("actor_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("agents")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("profiles.id").onDelete("cascade"))
    .addColumn("verification_status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("business_name", "text")
    .addColumn("license_number", "text")
    .addColumn("specializations", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("commission_rate", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("business_phone", "text")
    .addColumn("business_email", "text")
    .addColumn("business_address", "text")
    .addColumn("website_url", "text")
    .addColumn("bio", "text")
    .addColumn("rejection_reason", "text")
    .addColumn("submitted_at", "text")
    .addColumn("reviewed_at", "text")
    .addColumn("payout_schedule", "text", (c) => c.notNull().defaultTo("weekly"))
    .addColumn("terms_accepted_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("agent_documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("agent_id", "text", (c) => c.notNull().references("agents.user_id").onDelete("cascade"))
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["agent_documents", "agents", "audit_log", "login_attempts", "recovery_codes", "email_tokens", "sessions", "profiles"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
