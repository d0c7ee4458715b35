// The money path's repositories on the in-memory store, SQLite or PostgreSQL, with the rows
// foreign keys need (profiles, an agent, properties) inserted for the database kinds.
import type { Kysely } from "kysely";
import type { MoneyRepos } from "#domain/payment/money-unit-of-work";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { BookingPropertyReader, BookableProperty } from "#domain/booking/booking-property-reader.port";
import type { Booking } from "#domain/booking/booking.entity";
import type { MoneyViewsReader } from "#domain/payment/money-views-reader.port";
import type { Payment } from "#domain/payment/payment.entity";
import { visitingHoursOrDefault } from "#domain/booking/visiting-hours";
import { InMemoryMoneyStore } from "#domain/payment/in-memory-money-unit-of-work";
import { createKyselyMoneyStore } from "#infrastructure/repositories/kysely-money-unit-of-work";
import { KyselyMoneyViewsReader } from "#infrastructure/repositories/kysely-money-views-reader";
import type { Database } from "#infrastructure/db/schema";
import { allDatabaseKinds, createTestDatabase, type TestDatabase } from "../../support/test-database";

export type MoneyKind = "memory" | "sqlite" | "postgres";
export const moneyKinds = (): MoneyKind[] => ["memory", ...allDatabaseKinds()];

export interface MoneyFixture {
  kind: MoneyKind;
  uow: UnitOfWork<MoneyRepos>;
  repos: MoneyRepos;
  properties: BookingPropertyReader;
  /** The database, for the SQLite and PostgreSQL kinds. */
  db?: TestDatabase;
  addUser(id: string): Promise<void>;
  /** The money pages' read models over the same store. */
  views: MoneyViewsReader;
  addProperty(p: {
    id: string;
    agentId: string;
    title?: string;
    visitingHours?: string | null;
    status?: BookableProperty["status"];
    isAvailable?: boolean;
    hidden?: boolean;
    /** Not verified unless said (the column's default). */
    verified?: boolean;
    createdAt?: Date;
    /** The agent's status, approved unless said (the agent's first listing sets it). */
    agentStatus?: "approved" | "withheld";
  }): Promise<void>;
  destroy(): Promise<void>;
}

const NOW = "2026-12-01T08:00:00.000Z";

export async function insertMoneyProfile(db: Kysely<Database>, id: string, role: "student" | "agent" = "student"): Promise<void> {
  await db
    .insertInto("profiles")
    .values({
      id,
      role,
      full_name: `User ${id}`,
      email: `${id}@example.cm`,
      phone: null,
      password_hash: null,
      email_confirmed_at: NOW,
      google_id: null,
      totp_secret: null,
      totp_enabled_at: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function insertMoneyAgent(db: Kysely<Database>, id: string): Promise<void> {
  await insertMoneyProfile(db, id, "agent");
  await db
    .insertInto("agents")
    .values({
      user_id: id,
      verification_status: "approved",
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
      created_at: NOW,
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export async function createMoneyFixture(kind: MoneyKind): Promise<MoneyFixture> {
  if (kind === "memory") {
    const store = new InMemoryMoneyStore();
    return {
      kind,
      uow: store,
      repos: store.repos,
      properties: store.properties,
      views: store.views,
      addUser: async () => {},
      addProperty: async (p) => {
        store.properties.add({
          id: p.id,
          agentId: p.agentId,
          ...(p.title !== undefined ? { title: p.title } : {}),
          status: p.status ?? "available",
          isAvailable: p.isAvailable ?? true,
          hidden: p.hidden ?? false,
          agentStatus: p.agentStatus ?? "approved",
          verified: p.verified ?? false,
          createdAt: p.createdAt ?? new Date(NOW),
          ...(p.visitingHours !== undefined ? { visitingHours: visitingHoursOrDefault(p.visitingHours) } : {}),
        });
      },
      destroy: async () => {},
    };
  }
  const db = await createTestDatabase(kind);
  const store = createKyselyMoneyStore(db);
  return {
    kind,
    ...store,
    db,
    views: new KyselyMoneyViewsReader(db.db),
    addUser: (id) => insertMoneyProfile(db.db, id),
    addProperty: async (p) => {
      await insertMoneyAgent(db.db, p.agentId);
      if (p.agentStatus)
        await db.db.updateTable("agents").set({ verification_status: p.agentStatus }).where("user_id", "=", p.agentId).execute();
      await db.db
        .insertInto("properties")
        .values({
          id: p.id,
          agent_id: p.agentId,
          title: p.title ?? `Property ${p.id}`,
          property_type: "room",
          neighbourhood: "Molyko",
          latitude: 4.15,
          longitude: 9.29,
          distance_to_campus_m: 300,
          monthly_rent: 25000,
          status: p.status ?? "available",
          is_available: p.isAvailable === false ? 0 : 1,
          hidden_at: p.hidden ? NOW : null,
          is_verified: p.verified ? 1 : 0,
          visiting_hours: p.visitingHours ?? null,
          availability_confirmed_at: null,
          created_at: p.createdAt?.toISOString() ?? NOW,
          updated_at: NOW,
        })
        .execute();
    },
    destroy: () => db.destroy(),
  };
}

export const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000);

export function aBooking(over: Partial<Booking> & { id: string }): Booking {
  return {
    propertyId: "prop-1",
    studentId: "student-1",
    visitorName: "Ngozi Ekane",
    visitorEmail: "ngozi@example.cm",
    visitorPhone: "677123456",
    visitDate: "2026-12-02",
    visitTime: "10:00 AM",
    message: "",
    paymentAmount: 8000,
    feeType: "student_rental",
    paymentStatus: "pending",
    bookingStatus: "pending",
    reference: `KN-${over.id.toUpperCase().slice(-6).padStart(6, "X")}`,
    holdExpiresAt: at(30),
    paymentId: null,
    viewingOutcome: null,
    viewingRecordedAt: null,
    agentResponse: "awaiting",
    proposedSlot: null,
    cancellation: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...over,
  };
}

export function aPayment(over: Partial<Payment> & { id: string }): Payment {
  return {
    userId: "student-1",
    gateway: "fapshi",
    status: "pending",
    type: "unified_payment",
    amount: 8000,
    currency: "XAF",
    method: "mtn_momo",
    phone: "237677123456",
    reference: `PAY-${over.id.toUpperCase()}`,
    providerTxId: null,
    checkoutUrl: null,
    bookingId: null,
    guestHouseId: null,
    failureReason: null,
    confirmedAt: null,
    createdAt: at(0),
    updatedAt: at(0),
    purpose: null,
    purchaseId: null,
    ...over,
  };
}
