import type { Kysely } from "kysely";

// Guest houses end to end (issue 10): what a host sets on a house (how many guests, house rules,
// the dates it is not available), what a booking attempt records (the stay asked for and the
// message handed to WhatsApp), and who reviewed a host's verification and why it was rejected.
// New columns have defaults or are nullable, so existing rows stay valid.
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  await db.schema
    .alterTable("guest_houses")
    .addColumn("max_guests", "integer", (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable("guest_houses")
    .addColumn("house_rules", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("guest_house_blocked_dates")
    .addColumn("guest_house_id", "text", (c) => c.notNull().references("guest_houses.id").onDelete("cascade"))
    .addColumn("blocked_date", "text", (c) => c.notNull()) // YYYY-MM-DD, a night the house is not available
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("guest_house_blocked_dates_pk", ["guest_house_id", "blocked_date"])
    .execute();

  await db.schema.alterTable("booking_attempts").addColumn("check_in", "text").execute();
  await db.schema.alterTable("booking_attempts").addColumn("check_out", "text").execute();
  await db.schema.alterTable("booking_attempts").addColumn("guests", "integer").execute();
  await db.schema
    .alterTable("booking_attempts")
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("booking_attempts")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  await db.schema.createIndex("booking_attempts_user_idx").on("booking_attempts").columns(["user_id", "attempt_date"]).execute();
  await db.schema.createIndex("booking_attempts_house_idx").on("booking_attempts").columns(["guest_house_id", "attempt_date"]).execute();

  await db.schema.alterTable("host_verifications").addColumn("reviewed_by", "text").execute();
  await db.schema.alterTable("host_verifications").addColumn("reject_reason", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("host_verifications").dropColumn("reject_reason").execute();
  await db.schema.alterTable("host_verifications").dropColumn("reviewed_by").execute();
  await db.schema.dropIndex("booking_attempts_house_idx").ifExists().execute();
  await db.schema.dropIndex("booking_attempts_user_idx").ifExists().execute();
  for (const column of ["language", "message", "guests", "check_out", "check_in"]) {
    await db.schema.alterTable("booking_attempts").dropColumn(column).execute();
  }
  await db.schema.dropTable("guest_house_blocked_dates").execute();
  await db.schema.alterTable("guest_houses").dropColumn("house_rules").execute();
  await db.schema.alterTable("guest_houses").dropColumn("max_guests").execute();
}
