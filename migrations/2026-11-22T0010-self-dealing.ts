import { sql, type Kysely } from "kysely";

// Self-dealing, slot hoarding and report abuse (docs/decisions/0108-self-dealing-and-commission-model.md).
// - commission_earnings gets the student, the subscription period and a status (pending → paid or
//   voided, with who, when and why). One commission per (agent, student, period): the unique index
//   decides races. Earlier rows keep student/period NULL where unknown, and NULLs never collide.
// - listing_reports gets an index for "reports by this user in the last day".
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("commission_earnings").addColumn("student_id", "text").execute();
  await db.schema.alterTable("commission_earnings").addColumn("period_key", "text").execute();
  await db.schema
    .alterTable("commission_earnings")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .execute();
  await db.schema.alterTable("commission_earnings").addColumn("voided_at", "text").execute();
  await db.schema.alterTable("commission_earnings").addColumn("voided_by", "text").execute();
  await db.schema.alterTable("commission_earnings").addColumn("void_reason", "text").execute();

  await sql`UPDATE commission_earnings SET status = 'paid' WHERE paid = 1`.execute(db);
  await sql`UPDATE commission_earnings
            SET student_id = (SELECT b.student_id FROM bookings b WHERE b.id = commission_earnings.booking_id)`.execute(db);

  await db.schema
    .createIndex("commission_earnings_period_uq")
    .on("commission_earnings")
    .columns(["agent_id", "student_id", "period_key"])
    .unique()
    .execute();
  await db.schema.createIndex("commission_earnings_status_idx").on("commission_earnings").columns(["status", "date"]).execute();
  await db.schema.createIndex("listing_reports_reporter_idx").on("listing_reports").columns(["reporter_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["listing_reports_reporter_idx", "commission_earnings_status_idx", "commission_earnings_period_uq"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ["void_reason", "voided_by", "voided_at", "status", "period_key", "student_id"]) {
    await db.schema.alterTable("commission_earnings").dropColumn(column).execute();
  }
}
