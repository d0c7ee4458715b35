import { type Kysely } from "kysely";

// Issue 34: money out through the provider (decision 0212).
// - agent_payout_numbers: the mobile-money number each agent is paid to (one row per agent).
// - payouts: one transfer to one agent; its id is our reference (Fapshi's externalId), written
//   'pending' before anything is sent, so a crash or a timeout never leads to a blind second send.
// - payout_events: each payout's timeline (created, sent, succeeded, failed...).
// - commission_earnings.payout_id: the payout an earning is being paid by. Set when a payout
//   claims it (a conditional update, so two runs never claim one earning), cleared when that
//   payout fails, kept when it succeeds (the earning is then 'paid').
// - simulated_payouts: the simulated provider's transfers (demo and tests).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("agent_payout_numbers")
    .addColumn("agent_id", "text", (c) => c.primaryKey().references("profiles.id"))
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("medium", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("payouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("agent_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("medium", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("trans_id", "text")
    .addColumn("reason", "text")
    .addColumn("cut_off", "text", (c) => c.notNull())
    .addColumn("earning_count", "integer", (c) => c.notNull())
    .addColumn("send_claimed_at", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payouts_agent_idx").on("payouts").columns(["agent_id", "created_at"]).execute();
  await db.schema.createIndex("payouts_status_idx").on("payouts").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("payout_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payout_id", "text", (c) => c.notNull().references("payouts.id"))
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("event_data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payout_events_payout_idx").on("payout_events").columns(["payout_id", "created_at"]).execute();

  await db.schema.alterTable("commission_earnings").addColumn("payout_id", "text").execute();
  await db.schema.createIndex("commission_earnings_payout_idx").on("commission_earnings").column("payout_id").execute();

  await db.schema
    .createTable("simulated_payouts")
    .addColumn("trans_id", "text", (c) => c.primaryKey())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("medium", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("date_initiated", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("simulated_payouts_external_idx").on("simulated_payouts").column("external_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("simulated_payouts").ifExists().execute();
  await db.schema.dropIndex("commission_earnings_payout_idx").ifExists().execute();
  await db.schema.alterTable("commission_earnings").dropColumn("payout_id").execute();
  await db.schema.dropTable("payout_events").ifExists().execute();
  await db.schema.dropTable("payouts").ifExists().execute();
  await db.schema.dropTable("agent_payout_numbers").ifExists().execute();
}
