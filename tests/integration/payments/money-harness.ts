// The money path on a real database (SQLite or PostgreSQL) with the Fapshi gateway talking to a
// fake Fapshi: what the app will wire, minus the routes. Tuesday 1 December 2026, 09:00 in Buea.
import { FixedClock } from "#domain/shared/clock";
import type { BookVisitDeps, BookVisitInput } from "#domain/booking/book-visit.use-case";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import type { Booking } from "#domain/booking/booking.entity";
import type { PaymentDeps } from "#domain/payment/payment-deps";
import type { PaymentGateway } from "#domain/payment/payment-gateway.port";
import { createKyselyMoneyStore } from "#infrastructure/repositories/kysely-money-unit-of-work";
import { FapshiPaymentGateway } from "#infrastructure/payments/fapshi-payment-gateway";
import { cryptoIds } from "#infrastructure/payments/crypto-reference-generator";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "../../support/test-database";
import { startFakeFapshi, type FakeFapshiServer } from "../../support/fake-fapshi-server";
import { insertMoneyAgent, insertMoneyProfile } from "../contract/money-fixtures";

export const START = "2026-12-01T08:00:00.000Z";
export const TOMORROW = "2026-12-02";

export interface MoneyHarness {
  db: TestDatabase;
  fake: FakeFapshiServer;
  clock: FixedClock;
  store: ReturnType<typeof createKyselyMoneyStore>;
  payments: PaymentDeps;
  booking: BookVisitDeps;
  fapshi(options?: { apiKey?: string; timeoutMs?: number; directPay?: boolean }): FapshiPaymentGateway;
  visit(over?: Partial<BookVisitInput>): BookVisitInput;
  book(over?: Partial<BookVisitInput>): Promise<Booking>;
  addStudents(n: number): Promise<string[]>;
  destroy(): Promise<void>;
}

export async function moneyHarness(
  kind: DatabaseKind,
  gateway?: (h: { db: TestDatabase; clock: FixedClock }) => PaymentGateway,
): Promise<MoneyHarness> {
  const db = await createTestDatabase(kind);
  const fake = await startFakeFapshi();
  const clock = new FixedClock(new Date(START));
  const store = createKyselyMoneyStore(db);
  const fapshi = (options: { apiKey?: string; timeoutMs?: number; directPay?: boolean } = {}) =>
    new FapshiPaymentGateway({
      baseUrl: fake.url,
      apiUser: fake.apiUser,
      apiKey: options.apiKey ?? fake.apiKey,
      appUrl: "https://kamernest.test",
      timeoutMs: options.timeoutMs ?? 5000,
      directPay: options.directPay,
    });
  const payments: PaymentDeps = {
    uow: store.uow,
    repos: store.repos,
    properties: store.properties,
    gateway: gateway ? gateway({ db, clock }) : fapshi(),
    clock,
    ids: cryptoIds,
    references: cryptoIds,
    sleep: async () => {},
  };
  const booking: BookVisitDeps = { uow: store.uow, properties: store.properties, clock, ids: cryptoIds, references: cryptoIds };

  await insertMoneyAgent(db.db, "agent-1");
  await insertMoneyProfile(db.db, "student-1");
  await db.db
    .insertInto("properties")
    .values({
      id: "prop-1",
      agent_id: "agent-1",
      title: "Studio in Molyko",
      property_type: "studio",
      neighbourhood: "Molyko",
      latitude: 4.15,
      longitude: 9.29,
      distance_to_campus_m: 300,
      monthly_rent: 35000,
      hidden_at: null,
      visiting_hours: null,
      availability_confirmed_at: null,
      created_at: START,
      updated_at: START,
    })
    .execute();

  const visit = (over: Partial<BookVisitInput> = {}): BookVisitInput => ({
    propertyId: "prop-1",
    studentId: "student-1",
    visitDate: TOMORROW,
    visitTime: "10:00 AM",
    visitorName: "Ngozi Ekane",
    visitorEmail: "ngozi@example.cm",
    visitorPhone: "677123456",
    ...over,
  });

  return {
    db,
    fake,
    clock,
    store,
    payments,
    booking,
    fapshi,
    visit,
    book: async (over: Partial<BookVisitInput> = {}) => {
      const r = await bookVisit(booking, visit(over));
      if (!r.ok) throw new Error(`bookVisit failed: ${r.error.code}`);
      return r.value.booking;
    },
    addStudents: async (n) => {
      const ids = Array.from({ length: n }, (_, i) => `student-${i + 100}`);
      for (const id of ids) await insertMoneyProfile(db.db, id);
      return ids;
    },
    destroy: async () => {
      await fake.stop();
      await db.destroy();
    },
  };
}
