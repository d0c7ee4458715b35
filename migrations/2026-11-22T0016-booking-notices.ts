import type { Kysely } from "kysely";

// The outbox of booking e-mails (issue 9, domain/notifications): a row per e-mail to send, written
// in the same transaction as the booking change, sent later by a job that retries failures.
// dedupe_key is unique where set (NULLs never collide), so a reminder job that runs twice sends once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("booking_notices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("dedupe_key", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("booking_notices_dedupe_uq").on("booking_notices").column("dedupe_key").unique().execute();
  await db.schema.createIndex("booking_notices_due_idx").on("booking_notices").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("booking_notices_booking_idx").on("booking_notices").column("booking_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("booking_notices").execute();
}
