import type { Kysely } from "kysely";

// The visit-booking lifecycle (issue 9): the agent's answer to a booking (accepted, another time
// proposed, declined), the proposed slot, and who cancelled a booking, when and why. New columns
// have defaults or are nullable, so existing rows stay valid (they await the agent's answer).
// See docs/decisions/0117-visit-booking-lifecycle.md.
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  await db.schema
    .alterTable("bookings")
    .addColumn("agent_response", "text", (c) => c.notNull().defaultTo("awaiting"))
    .execute();
  await db.schema.alterTable("bookings").addColumn("proposed_visit_date", "text").execute();
  await db.schema.alterTable("bookings").addColumn("proposed_visit_time", "text").execute();
  await db.schema.alterTable("bookings").addColumn("cancelled_at", "text").execute();
  await db.schema.alterTable("bookings").addColumn("cancelled_by", "text").execute();
  await db.schema.alterTable("bookings").addColumn("cancel_reason", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["cancel_reason", "cancelled_by", "cancelled_at", "proposed_visit_time", "proposed_visit_date", "agent_response"]) {
    await db.schema.alterTable("bookings").dropColumn(column).execute();
  }
}
