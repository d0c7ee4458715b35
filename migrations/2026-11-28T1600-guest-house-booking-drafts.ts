import type { Kysely } from "kysely";

// Issue 32 (decision 0243): what a guest typed on a guest house's booking form before paying the
// access, kept on the server for a day (one row per guest and house) instead of a cookie, so the form
// comes back filled in another tab, another browser or after signing in again.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("guest_house_booking_drafts")
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("guest_house_id", "text", (c) => c.notNull().references("guest_houses.id"))
    .addColumn("check_in", "text", (c) => c.notNull())
    .addColumn("check_out", "text", (c) => c.notNull())
    .addColumn("guests", "integer", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("guest_house_booking_drafts_pk", ["user_id", "guest_house_id"])
    .execute();
  // Drafts older than a day are let go of by age.
  await db.schema.createIndex("guest_house_booking_drafts_saved_idx").on("guest_house_booking_drafts").column("saved_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("guest_house_booking_drafts_saved_idx").ifExists().execute();
  await db.schema.dropTable("guest_house_booking_drafts").ifExists().execute();
}
