// Rows the contract suites need (the discovery ones first), inserted straight into the database
// with the columns infrastructure/db/schema.ts requires, and the harnesses that build a repository
// on each kind of database. Not a test file: shared by the suites beside it.
import type { Insertable, Kysely } from "kysely";
import type { Database, PaymentsTable } from "#infrastructure/db/schema";
import { createTestDatabase, type DatabaseKind } from "../../support/test-database";

const T0 = "2026-11-01T08:00:00.000Z";

export async function insertProfile(
  db: Kysely<Database>,
  p: { id: string; role?: "student" | "agent" | "admin"; fullName?: string; email?: string },
): Promise<void> {
  await db
    .insertInto("profiles")
    .values({
      id: p.id,
      role: p.role ?? "student",
      full_name: p.fullName ?? `Name ${p.id}`,
      email: p.email ?? `${p.id}@kamernest.test`,
      phone: null,
      password_hash: null,
      email_confirmed_at: T0,
      google_id: null,
      totp_secret: null,
      totp_enabled_at: null,
      created_at: T0,
      updated_at: T0,
    })
    .execute();
}

/** A profile with role agent and an approved agents row. */
export async function insertAgent(db: Kysely<Database>, p: { id: string; fullName?: string; email?: string }): Promise<void> {
  await insertProfile(db, { ...p, role: "agent" });
  await db
    .insertInto("agents")
    .values({
      user_id: p.id,
      verification_status: "approved",
      business_name: null,
      license_number: null,
      business_phone: null,
      business_email: null,
      business_address: null,
      website_url: null,
      bio: null,
      rejection_reason: null,
      submitted_at: T0,
      reviewed_at: T0,
      terms_accepted_at: T0,
      created_at: T0,
    })
    .execute();
}

export interface PropertyFixture {
  id: string;
  agentId: string;
  title?: string;
  neighbourhood?: string;
  propertyType?: "room" | "studio" | "apartment" | "house";
  monthlyRent?: number;
  createdAt?: string;
  hiddenAt?: string | null;
  isAvailable?: boolean;
}

export async function insertProperty(db: Kysely<Database>, p: PropertyFixture): Promise<void> {
  await db
    .insertInto("properties")
    .values({
      id: p.id,
      // Public listings have a photo (decision 0231); the count is what the rule reads.
      photo_count: 1,
      agent_id: p.agentId,
      title: p.title ?? `Room ${p.id}`,
      property_type: p.propertyType ?? "room",
      neighbourhood: p.neighbourhood ?? "Molyko",
      latitude: 4.1532,
      longitude: 9.2905,
      distance_to_campus_m: 250,
      monthly_rent: p.monthlyRent ?? 25_000,
      is_available: p.isAvailable === false ? 0 : 1,
      hidden_at: p.hiddenAt ?? null,
      visiting_hours: null,
      availability_confirmed_at: null,
      created_at: p.createdAt ?? T0,
      updated_at: p.createdAt ?? T0,
    })
    .execute();
}

export async function insertBooking(
  db: Kysely<Database>,
  b: {
    id: string;
    propertyId: string;
    studentId: string;
    bookingStatus?: string;
    viewingOutcome?: "confirmed" | "no_show" | null;
    visitDate?: string;
    visitTime?: string;
    paymentStatus?: "pending" | "confirmed";
    paymentId?: string | null;
    paymentAmount?: number;
    createdAt?: string;
    cancelledBy?: "student" | "agent" | "admin" | null;
    cancelReason?: string | null;
  },
): Promise<void> {
  await db
    .insertInto("bookings")
    .values({
      id: b.id,
      property_id: b.propertyId,
      student_id: b.studentId,
      visitor_name: "Visitor",
      visitor_email: "visitor@kamernest.test",
      visitor_phone: "677000000",
      visit_date: b.visitDate ?? "2026-11-10",
      visit_time: b.visitTime ?? "10:00 AM",
      payment_amount: b.paymentAmount ?? 0,
      fee_type: "student_rental",
      payment_status: b.paymentStatus ?? "confirmed",
      booking_status: b.bookingStatus ?? "confirmed",
      booking_reference: `KN-${b.id}`,
      hold_expires_at: null,
      payment_id: b.paymentId ?? null,
      viewing_outcome: b.viewingOutcome === undefined ? "confirmed" : b.viewingOutcome,
      viewing_recorded_at: b.viewingOutcome === null ? null : T0,
      cancelled_at: b.cancelledBy ? T0 : null,
      cancelled_by: b.cancelledBy ?? null,
      cancel_reason: b.cancelReason ?? null,
      created_at: b.createdAt ?? T0,
      updated_at: b.createdAt ?? T0,
    })
    .execute();
}

/** A payments row: a successful simulated MTN MoMo payment of 8 000 FCFA unless told otherwise. */
export async function insertPayment(
  db: Kysely<Database>,
  row: Pick<Insertable<PaymentsTable>, "id" | "user_id" | "reference"> & Partial<Insertable<PaymentsTable>>,
): Promise<void> {
  await db
    .insertInto("payments")
    .values({
      payment_gateway: "simulated",
      payment_status: "successful",
      payment_type: "unified_payment",
      amount: 8000,
      method: "mtn_momo",
      phone: "677000000",
      provider_tx_id: null,
      checkout_url: null,
      booking_id: null,
      guest_house_id: null,
      failure_reason: null,
      confirmed_at: T0,
      created_at: T0,
      updated_at: T0,
      purpose: null,
      purchase_id: null,
      ...row,
    })
    .execute();
}

export async function hideProperty(db: Kysely<Database>, id: string, at = T0): Promise<void> {
  await db.updateTable("properties").set({ hidden_at: at }).where("id", "=", id).execute();
}

/** A discovery repository (wishlist, history) on one kind of database, with the rows its tests need. */
export interface PropertyListHarness<R> {
  repo: R;
  user(id: string): Promise<void>;
  property(id: string): Promise<void>;
  hide(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The in-memory adapter (which keeps the properties it knows itself) or the Kysely one on a fresh
 * database with one agent owning the properties.
 */
export async function propertyListHarness<R>(
  kind: string,
  memory: () => R & { putProperty(id: string, hidden?: boolean): void },
  kysely: (db: Kysely<Database>) => R,
): Promise<PropertyListHarness<R>> {
  if (kind === "memory") {
    const repo = memory();
    return {
      repo,
      user: async () => {},
      property: async (id) => repo.putProperty(id),
      hide: async (id) => repo.putProperty(id, true),
      close: async () => {},
    };
  }
  const t = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertAgent(t.db, { id: "agent" });
  return {
    repo: kysely(t.db),
    user: (id) => insertProfile(t.db, { id }),
    property: (id) => insertProperty(t.db, { id, agentId: "agent" }),
    hide: (id) => hideProperty(t.db, id),
    close: () => t.destroy(),
  };
}

/** A repository on one kind of database, and how to let go of that database. */
export interface RepositoryHarness<R> {
  repo: R;
  close(): Promise<void>;
}

/**
 * The in-memory adapter, or the Kysely one on a fresh database holding what `seed` inserts (the
 * profiles and other rows the repository's rows point to).
 */
export async function repositoryHarness<R>(
  kind: "memory" | DatabaseKind,
  memory: () => R,
  kysely: (db: Kysely<Database>) => R,
  seed: (db: Kysely<Database>) => Promise<void> = async () => {},
): Promise<RepositoryHarness<R>> {
  if (kind === "memory") return { repo: memory(), close: async () => {} };
  const t = await createTestDatabase(kind);
  await seed(t.db);
  return { repo: kysely(t.db), close: () => t.destroy() };
}
