import { describe, expect, it } from "vitest";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase } from "../support/test-database";

const expectedTables = [
  "profiles",
  "sessions",
  "agents",
  "properties",
  "guest_houses",
  "photos",
  "bookings",
  "payments",
  "payment_events",
  "subscriptions",
  "host_verifications",
  "platform_fee_payments",
  "booking_attempts",
  "commission_earnings",
  "blog_posts",
  "messages",
  "message_threads",
  "contact_messages",
  "wishlists",
  "view_history",
  "search_history",
  "saved_searches",
  "reviews",
  "listing_reports",
  "outbox_emails",
];

describeEachDatabase(allDatabaseKinds())("migrations on %s", (kind) => {
  it("create every table the spec names and answer a ping", async () => {
    const db = await createTestDatabase(kind, { migrate: true });
    try {
      const tables = (await db.db.introspection.getTables()).map((t) => t.name);
      for (const t of expectedTables) expect(tables).toContain(t);
      expect(await db.ping()).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it("let only one live booking hold a visit slot", async () => {
    const db = await createTestDatabase(kind);
    try {
      const now = new Date().toISOString();
      await db.db
        .insertInto("profiles")
        .values({
          id: "u1",
          role: "agent",
          full_name: "A",
          email: "a@x.test",
          phone: null,
          password_hash: null,
          email_confirmed_at: now,
          google_id: null,
          totp_secret: null,
          totp_enabled_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db.db
        .insertInto("agents")
        .values({
          user_id: "u1",
          business_name: null,
          license_number: null,
          business_phone: null,
          business_email: null,
          business_address: null,
          website_url: null,
          bio: null,
          rejection_reason: null,
          submitted_at: null,
          reviewed_at: null,
          terms_accepted_at: null,
          created_at: now,
        })
        .execute();
      await db.db
        .insertInto("properties")
        .values({
          id: "p1",
          agent_id: "u1",
          title: "Room",
          property_type: "room",
          neighbourhood: "Molyko",
          latitude: 4.15,
          longitude: 9.29,
          distance_to_campus_m: 300,
          monthly_rent: 25000,
          hidden_at: null,
          visiting_hours: null,
          availability_confirmed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const booking = (id: string, status: string) => ({
        id,
        property_id: "p1",
        student_id: "u1",
        visitor_name: "S",
        visitor_email: "s@x.test",
        visitor_phone: "677000000",
        visit_date: "2026-12-01",
        visit_time: "10:00 AM",
        payment_amount: 0,
        fee_type: "student_rental",
        payment_status: "confirmed",
        booking_status: status,
        booking_reference: `KN-${id}`,
        hold_expires_at: null,
        payment_id: null,
        viewing_outcome: null,
        viewing_recorded_at: null,
        created_at: now,
        updated_at: now,
      });
      await db.db.insertInto("bookings").values(booking("b1", "confirmed")).execute();
      await expect(db.db.insertInto("bookings").values(booking("b2", "pending")).execute()).rejects.toThrow();
      await db.db.insertInto("bookings").values(booking("b3", "cancelled")).execute();
    } finally {
      await db.destroy();
    }
  });
});

describe("the migration index", () => {
  it("lists every migration file in the folder", async () => {
    const fs = await import("node:fs");
    const { migrations } = await import("../../migrations/index");
    const files = fs
      .readdirSync("migrations")
      .filter((f) => f !== "index.ts" && f.endsWith(".ts"))
      .map((f) => f.replace(/\.ts$/, ""));
    expect(Object.keys(migrations).sort()).toEqual(files.sort());
  });
});
