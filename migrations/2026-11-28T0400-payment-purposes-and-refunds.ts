import { sql, type Kysely } from "kysely";

// One open checkout per purpose, one payment per purchase (decision 0184).
// - payments.purpose: what the payment is for ('booking:<id>', or '<type>:<user id>'); a new start
//   closes the purpose's open checkouts first. payments.purchase_id: the checkouts that replaced
//   one another for one purchase share it; only one of them may buy it.
// - payment_purposes: one lock row per purpose, taken by every start and every change of status,
//   so two starts (or two successes) of one purpose run one after the other.
// - payment_refunds: a success for a purchase already paid, to give back; listed for admins as
//   "to refund" until the money-out work sends it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").addColumn("purpose", "text").execute();
  await db.schema.alterTable("payments").addColumn("purchase_id", "text").execute();
  // Rows already there: a booking's payments are one purchase; any other payment its own.
  await sql`update payments set
      purpose = case when booking_id is not null then 'booking:' || booking_id else payment_type || ':' || user_id end,
      purchase_id = case when booking_id is not null then 'booking:' || booking_id else id end`.execute(db);
  await db.schema.createIndex("payments_purpose_idx").on("payments").columns(["purpose", "created_at"]).execute();
  await db.schema.createIndex("payments_purchase_idx").on("payments").column("purchase_id").execute();

  await db.schema
    .createTable("payment_purposes")
    .addColumn("purpose", "text", (c) => c.primaryKey())
    .execute();

  await db.schema
    .createTable("payment_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    // One refund per payment at most.
    .addColumn("payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("paid_by_payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_refunds_status_idx").on("payment_refunds").columns(["status", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_refunds").ifExists().execute();
  await db.schema.dropTable("payment_purposes").ifExists().execute();
  await db.schema.dropIndex("payments_purchase_idx").ifExists().execute();
  await db.schema.dropIndex("payments_purpose_idx").ifExists().execute();
  await db.schema.alterTable("payments").dropColumn("purchase_id").execute();
  await db.schema.alterTable("payments").dropColumn("purpose").execute();
}
