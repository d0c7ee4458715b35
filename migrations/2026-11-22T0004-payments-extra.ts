import type { Kysely } from "kysely";

// The simulated payment provider (the demo's default) keeps its transactions here, so a checkout
// started before a restart can still be approved after it. Shaped like Fapshi's transaction.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("simulated_transactions")
    .addColumn("trans_id", "text", (c) => c.primaryKey())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("payer_name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("medium", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("redirect_url", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("date_initiated", "text", (c) => c.notNull())
    .addColumn("date_confirmed", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("simulated_transactions").ifExists().execute();
}
