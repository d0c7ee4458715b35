import { sql, type Kysely } from "kysely";

// Issue 34, refunds (decision 0219): a refund is sent through the disbursement provider.
// payment_refunds is rebuilt (SQLite cannot drop a NOT NULL) so that:
// - paid_by_payment_id may be null: an admin's refund of a payment is not a duplicate purchase;
// - the refund keeps the admin's reason (note), whether access was kept (keep_access), who asked
//   (requested_by), where it goes (phone, medium, copied from the payment), the attempt number
//   (a failed attempt may be retried, each with its own reference), the provider's transaction
//   (trans_id), the provider's reason for a failure and the send claim (send_claimed_at).
// Existing rows (duplicates "to_refund") are copied as they are.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payment_refunds_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("paid_by_payment_id", "text", (c) => c.references("payments.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("keep_access", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("requested_by", "text", (c) => c.references("profiles.id"))
    .addColumn("phone", "text")
    .addColumn("medium", "text")
    .addColumn("attempt", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("trans_id", "text")
    .addColumn("failure_reason", "text")
    .addColumn("send_claimed_at", "text")
    .execute();
  await sql`insert into payment_refunds_next (id, payment_id, user_id, amount, reason, paid_by_payment_id, status, created_at, updated_at)
    select id, payment_id, user_id, amount, reason, paid_by_payment_id, status, created_at, updated_at from payment_refunds`.execute(db);
  await db.schema.dropTable("payment_refunds").execute();
  await db.schema.alterTable("payment_refunds_next").renameTo("payment_refunds").execute();
  await db.schema.createIndex("payment_refunds_status_idx").ifNotExists().on("payment_refunds").columns(["status", "created_at"]).execute();
  await rewriteTexts(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewriteTexts(db, false);
  await db.schema
    .createTable("payment_refunds_prev")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("paid_by_payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`insert into payment_refunds_prev select id, payment_id, user_id, amount, reason, paid_by_payment_id, 'to_refund', created_at, updated_at
    from payment_refunds where paid_by_payment_id is not null`.execute(db);
  await db.schema.dropTable("payment_refunds").execute();
  await db.schema.alterTable("payment_refunds_prev").renameTo("payment_refunds").execute();
  await db.schema.createIndex("payment_refunds_status_idx").ifNotExists().on("payment_refunds").columns(["status", "created_at"]).execute();
}

async function rewriteTexts(_db: Kysely<any>, _forward: boolean): Promise<void> {}
