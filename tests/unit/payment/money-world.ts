// An in-memory money world for unit tests: one store, a clock the test moves, counting ids and a
// scripted gateway. Tuesday 1 December 2026, 09:00 in Buea.
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryMoneyStore } from "#domain/payment/in-memory-money-unit-of-work";
import { InMemoryPaymentGateway } from "#domain/payment/in-memory-payment-gateway";
import type { PaymentDeps } from "#domain/payment/payment-deps";
import { bookVisit, type BookVisitDeps, type BookVisitInput } from "#domain/booking/book-visit.use-case";
import { startPayment, type Purchase } from "#domain/payment/start-payment.use-case";

export const START = "2026-12-01T08:00:00.000Z";
export const TOMORROW = "2026-12-02";

export function moneyWorld(start = START) {
  const store = new InMemoryMoneyStore();
  const clock = new FixedClock(new Date(start));
  const ids = new SequentialIds("id");
  const gateway = new InMemoryPaymentGateway();
  const sleeps: number[] = [];
  store.properties.add({ id: "prop-1", agentId: "agent-1" });
  const payments: PaymentDeps = {
    uow: store,
    repos: store.repos,
    properties: store.properties,
    gateway,
    clock,
    ids,
    references: ids,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  const booking: BookVisitDeps = { uow: store, properties: store.properties, clock, ids, references: ids };

  const visit = (over: Partial<BookVisitInput> = {}): BookVisitInput => ({
    propertyId: "prop-1",
    studentId: "student-1",
    visitDate: TOMORROW,
    visitTime: "10:00 AM",
    visitorName: "Ngozi Ekane",
    visitorEmail: "ngozi@example.cm",
    visitorPhone: "677123456",
    message: "Is water included?",
    ...over,
  });

  async function book(over: Partial<BookVisitInput> = {}) {
    const r = await bookVisit(booking, visit(over));
    if (!r.ok) throw new Error(`bookVisit failed: ${r.error.code}`);
    return r.value.booking;
  }

  async function pay(userId: string, purchase: Purchase, phone = "677123456") {
    const r = await startPayment(payments, {
      user: { id: userId, email: `${userId}@example.cm`, fullName: "Test User" },
      purchase,
      method: "mtn_momo",
      phone,
    });
    if (!r.ok) throw new Error(`startPayment failed: ${r.error.code}`);
    const payment = await store.payments.findByReference(r.value.reference);
    return { ...r.value, transId: payment!.providerTxId! };
  }

  return { store, clock, ids, gateway, payments, booking, visit, book, pay, sleeps, MINUTE_MS };
}
