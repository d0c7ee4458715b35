import { sql, type Kysely } from "kysely";

// The money path: bookings, payments and their events, subscriptions,
// guest-house platform access, host verification, booking attempts and agent commissions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("payment_gateway", "text", (c) => c.notNull())
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("payment_type", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("XAF"))
    .addColumn("method", "text")
    .addColumn("phone", "text")
    // Our own reference, sent to the provider as externalId and used to find the payment on return.
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("provider_tx_id", "text", (c) => c.unique())
    .addColumn("checkout_url", "text")
    .addColumn("booking_id", "text")
    .addColumn("guest_house_id", "text")
    .addColumn("failure_reason", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_user_idx").on("payments").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("payments_status_idx").on("payments").columns(["payment_status", "created_at"]).execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id").onDelete("cascade"))
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("event_data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_events_payment_idx").on("payment_events").columns(["payment_id", "created_at"]).execute();

  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("property_id", "text", (c) => c.notNull().references("properties.id"))
    .addColumn("student_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("visitor_name", "text", (c) => c.notNull())
    .addColumn("visitor_email", "text", (c) => c.notNull())
    .addColumn("visitor_phone", "text", (c) => c.notNull())
    .addColumn("visit_date", "text", (c) => c.notNull())
    .addColumn("visit_time", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payment_amount", "integer", (c) => c.notNull())
    .addColumn("fee_type", "text", (c) => c.notNull())
    .addColumn("payment_status", "text", (c) => c.notNull())
    .addColumn("booking_status", "text", (c) => c.notNull())
    .addColumn("booking_reference", "text", (c) => c.notNull().unique())
    .addColumn("hold_expires_at", "text")
    .addColumn("payment_id", "text")
    .addColumn("viewing_outcome", "text")
    .addColumn("viewing_recorded_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bookings_student_idx").on("bookings").columns(["student_id", "created_at"]).execute();
  await db.schema.createIndex("bookings_property_idx").on("bookings").columns(["property_id", "visit_date"]).execute();
  // One live booking per visit slot: two simultaneous requests cannot both win.
  await sql`CREATE UNIQUE INDEX bookings_live_slot_idx ON bookings (property_id, visit_date, visit_time)
            WHERE booking_status IN ('pending', 'confirmed')`.execute(db);

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("payment_id", "text", (c) => c.unique())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscriptions_user_idx").on("subscriptions").columns(["user_id", "ends_at"]).execute();

  await db.schema
    .createTable("platform_fee_payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("payment_id", "text", (c) => c.unique())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("payment_date", "text", (c) => c.notNull())
    .addColumn("expiry_date", "text", (c) => c.notNull())
    .addColumn("is_valid", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("transaction_id", "text", (c) => c.notNull().unique())
    .addColumn("method", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("platform_fee_user_idx").on("platform_fee_payments").columns(["user_id", "expiry_date"]).execute();

  await db.schema
    .createTable("host_verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("documents", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("reviewed_at", "text")
    .execute();

  await db.schema
    .createTable("booking_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("profiles.id"))
    .addColumn("guest_house_id", "text", (c) => c.notNull().references("guest_houses.id"))
    .addColumn("attempt_date", "text", (c) => c.notNull())
    .addColumn("whatsapp_message_sent", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("commission_earnings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("agent_id", "text", (c) => c.notNull().references("agents.user_id"))
    .addColumn("property_id", "text", (c) => c.notNull().references("properties.id"))
    // A viewing earns its agent a commission exactly once.
    .addColumn("booking_id", "text", (c) => c.notNull().unique())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("paid", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("paid_date", "text")
    .execute();
  await db.schema.createIndex("commission_agent_idx").on("commission_earnings").columns(["agent_id", "date"]).execute();

  await db.schema
    .createTable("outbox_emails")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "outbox_emails",
    "commission_earnings",
    "booking_attempts",
    "host_verifications",
    "platform_fee_payments",
    "subscriptions",
    "bookings",
    "payment_events",
    "payments",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
