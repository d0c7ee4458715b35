import type { Kysely } from "kysely";

// The weekly payout run (issue 11): the reference of the transfer that paid a commission, and an
// index for the run's query (pending earnings up to a moment) and the reports' sums by status.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("commission_earnings").addColumn("payout_reference", "text").execute();
  await db.schema.createIndex("commission_earnings_status_date_idx").on("commission_earnings").columns(["status", "date"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("commission_earnings_status_date_idx").ifExists().execute();
  await db.schema.alterTable("commission_earnings").dropColumn("payout_reference").execute();
}
