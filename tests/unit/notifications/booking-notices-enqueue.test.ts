// Where bookings are confirmed, both sides' confirmation and the student's receipt are written to
// the outbox in the same unit of work, once, however often the provider's news arrives.
import { describe, expect, it } from "vitest";
import { applyProviderStatus } from "#domain/payment/apply-provider-status.use-case";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import { HOLD_MS } from "#domain/booking/booking.entity";
import { moneyWorld } from "../payment/money-world";

type World = ReturnType<typeof moneyWorld>;

async function succeed(w: World, reference: string) {
  const payment = (await w.store.payments.findByReference(reference))!;
  const r = await applyProviderStatus(w.payments, {
    paymentId: payment.id,
    transaction: {
      transId: payment.providerTxId!,
      status: "successful",
      amount: payment.amount,
      externalId: payment.reference,
      userId: payment.userId,
      reason: null,
    },
    source: "webhook",
  });
  if (!r.ok) throw new Error(r.error.code);
  return payment;
}

const summary = (w: World) => w.store.notices.all().map((n) => `${n.kind}:${n.recipient}:${n.bookingId}`);

describe("booking notices written where bookings are confirmed", () => {
  it("writes nothing for a booking that still waits for its payment", async () => {
    const w = moneyWorld();
    await w.book();
    expect(w.store.notices.all()).toEqual([]);
  });

  it("a webhook delivered five times writes one receipt and one confirmation to each side", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    const payment = (await Promise.all([1, 2, 3, 4, 5].map(() => succeed(w, reference))))[0];
    expect(summary(w).sort()).toEqual([
      `booking_confirmed:agent:${booking.id}`,
      `booking_confirmed:student:${booking.id}`,
      `payment_receipt:student:${booking.id}`,
    ]);
    const receipt = w.store.notices.all().find((n) => n.kind === "payment_receipt")!;
    expect(receipt).toMatchObject({ data: { paymentId: payment.id }, dedupeKey: `receipt:${payment.id}`, status: "pending" });
  });

  it("a subscriber's booking is confirmed at once and both sides are told", async () => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    await succeed(w, reference);
    expect(w.store.notices.all()).toEqual([]); // a subscription bought on its own page has no booking to write about
    const r = await bookVisit(w.booking, w.visit());
    expect(r.ok && r.value.needsPayment).toBe(false);
    const id = r.ok ? r.value.booking.id : "";
    expect(summary(w).sort()).toEqual([`booking_confirmed:agent:${id}`, `booking_confirmed:student:${id}`]);
  });

  it("a booking revived by late money is confirmed; one whose slot went to another student gets only the receipt", async () => {
    const w = moneyWorld();
    const first = await w.book();
    const { reference } = await w.pay("student-1", { kind: "booking", booking: first.reference });
    w.clock.advance(HOLD_MS + 60_000);
    // Another student takes the released slot while the money is on its way.
    const taken = await bookVisit(w.booking, w.visit({ studentId: "student-2" }));
    expect(taken.ok).toBe(true);
    await succeed(w, reference);
    expect(summary(w).filter((s) => s.endsWith(first.id))).toEqual([`payment_receipt:student:${first.id}`]);
    expect((await w.store.bookings.findById(first.id))?.bookingStatus).toBe("rebook_required");
  });

  it("writes nothing for a subscriber's booking that is refused (slot taken)", async () => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    await succeed(w, reference);
    await w.book();
    const before = w.store.notices.all().length;
    // Same slot again: slot_taken, nothing written.
    const again = await bookVisit(w.booking, w.visit({ studentId: "student-3" }));
    expect(again.ok).toBe(false);
    expect(w.store.notices.all()).toHaveLength(before);
  });
});
