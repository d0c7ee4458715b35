import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyProviderStatus } from "#domain/payment/apply-provider-status.use-case";
import type { ProviderStatus } from "#domain/payment/payment-gateway.port";
import { HOLD_MS } from "#domain/booking/booking.entity";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import { DAY_MS } from "#domain/shared/clock";
import { moneyWorld, START } from "./money-world";

async function apply(w: ReturnType<typeof moneyWorld>, reference: string, status: ProviderStatus, patch: Record<string, unknown> = {}) {
  const payment = (await w.store.payments.findByReference(reference))!;
  const r = await applyProviderStatus(w.payments, {
    paymentId: payment.id,
    transaction: {
      transId: payment.providerTxId!,
      status,
      amount: payment.amount,
      externalId: payment.reference,
      userId: payment.userId,
      reason: null,
      ...patch,
    },
    source: "webhook",
  });
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

describe("applying a provider status", () => {
  it("on SUCCESSFUL confirms the payment, grants 14 days and confirms the booking, in one go", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    w.clock.advance(60_000);
    const out = await apply(w, reference, "successful");
    expect(out.changed).toBe(true);
    const now = w.clock.now();
    expect(out.payment).toMatchObject({ status: "successful", confirmedAt: now });
    expect(w.store.subscriptions.all()).toEqual([
      expect.objectContaining({
        userId: "student-1",
        paymentId: out.payment.id,
        startsAt: now,
        endsAt: new Date(now.getTime() + 14 * DAY_MS),
      }),
    ]);
    expect(await w.store.bookings.findById(booking.id)).toMatchObject({
      paymentStatus: "confirmed",
      bookingStatus: "confirmed",
      holdExpiresAt: null,
      paymentId: out.payment.id,
    });
    const events = await w.store.payments.listPaymentEvents(out.payment.id);
    expect(events.map((e) => e.type)).toEqual(["created", "initiated", "succeeded"]);
    expect(events[2].data).toMatchObject({ booking: "confirmed", source: "webhook" });
  });

  it("is idempotent: the same news five times changes things once", async () => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    const outs = await Promise.all([1, 2, 3, 4, 5].map(() => apply(w, reference, "successful")));
    expect(outs.filter((o) => o.changed)).toHaveLength(1);
    expect(w.store.subscriptions.all()).toHaveLength(1);
  });

  it("never moves a successful payment back", async () => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    await apply(w, reference, "successful");
    for (const s of ["failed", "expired", "pending"] as const) expect((await apply(w, reference, s)).changed).toBe(false);
    expect((await w.store.payments.findByReference(reference))?.status).toBe("successful");
  });

  it("lets a later SUCCESSFUL win over FAILED, and a retry on the same link go back to pending", async () => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    expect((await apply(w, reference, "failed", { reason: "insufficient funds" })).payment).toMatchObject({
      status: "failed",
      failureReason: "insufficient funds",
    });
    expect((await apply(w, reference, "pending")).payment.status).toBe("pending");
    expect((await apply(w, reference, "successful")).payment.status).toBe("successful");
    expect(w.store.subscriptions.all()).toHaveLength(1);
  });

  it("extends an active subscription from its end", async () => {
    const w = moneyWorld();
    const first = await w.pay("student-1", { kind: "subscription" });
    await apply(w, first.reference, "successful");
    w.clock.advance(3 * DAY_MS);
    const second = await w.pay("student-1", { kind: "subscription" });
    await apply(w, second.reference, "successful");
    const ends = w.store.subscriptions.all().map((s) => s.endsAt.getTime());
    expect(ends[1] - ends[0]).toBe(14 * DAY_MS);
    expect(ends[1]).toBe(Date.parse(START) + 28 * DAY_MS);
  });

  it("on EXPIRED expires the payment and releases the booking's lapsed hold", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    w.clock.advance(HOLD_MS);
    expect((await apply(w, reference, "expired")).payment.status).toBe("expired");
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("expired");
    // Expired then failed stays expired.
    expect((await apply(w, reference, "failed")).changed).toBe(false);
  });

  it("on EXPIRED keeps a booking whose hold is still running (a newer attempt may pay)", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const old = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    w.clock.advance(HOLD_MS / 2);
    await w.pay("student-1", { kind: "booking", booking: booking.reference });
    await apply(w, old.reference, "expired");
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("pending");
  });

  it("revives an expired booking whose slot is still free when the money arrives late", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    await w.store.bookings.expireBooking(booking.id, w.clock.now());
    const out = await apply(w, reference, "successful");
    expect(await w.store.bookings.findById(booking.id)).toMatchObject({ bookingStatus: "confirmed", paymentStatus: "confirmed" });
    expect((await w.store.payments.listPaymentEvents(out.payment.id)).at(-1)?.data).toMatchObject({ booking: "revived" });
  });

  it("marks the booking rebook_required, keeping payment and subscription, when the slot went to someone else", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    w.clock.advance(HOLD_MS);
    const taken = await bookVisit(w.booking, w.visit({ studentId: "student-2" }));
    expect(taken.ok).toBe(true);
    const out = await apply(w, reference, "successful");
    expect(out.payment.status).toBe("successful");
    expect(w.store.subscriptions.all()).toHaveLength(1);
    expect(await w.store.bookings.findById(booking.id)).toMatchObject({
      bookingStatus: "rebook_required",
      paymentStatus: "confirmed",
      paymentId: out.payment.id,
    });
    // Subscribed now, the student rebooks another slot at no charge.
    const rebook = await bookVisit(w.booking, w.visit({ visitTime: "11:00 AM" }));
    expect(rebook.ok && rebook.value.booking).toMatchObject({ bookingStatus: "confirmed", paymentAmount: 0 });
  });

  it("marks rebook_required when the visit day has come by the time the money arrives", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const { reference } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
    await w.store.bookings.expireBooking(booking.id, w.clock.now());
    w.clock.advance(DAY_MS);
    await apply(w, reference, "successful");
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("rebook_required");
  });

  it.each([
    ["amount", { amount: 100 }],
    ["externalId", { externalId: "PAY-OTHER1" }],
    ["userId", { userId: "someone-else" }],
    ["transId", { transId: "TXOTHER" }],
  ])("records a %s mismatch and ignores the news", async (field, patch) => {
    const w = moneyWorld();
    const { reference } = await w.pay("student-1", { kind: "subscription" });
    const out = await apply(w, reference, "successful", patch);
    expect(out).toMatchObject({ changed: false, mismatch: true, payment: { status: "pending" } });
    expect(w.store.subscriptions.all()).toHaveLength(0);
    const last = (await w.store.payments.listPaymentEvents(out.payment.id)).at(-1)!;
    expect(last).toMatchObject({ type: "mismatch", data: { fields: [field] } });
  });

  it("buys nothing but the record for a test payment, and hands guest-house access to its handler once", async () => {
    const w = moneyWorld();
    const handled: string[] = [];
    w.payments.successHandlers = { guest_house_access: async (p) => void handled.push(p.reference) };
    const test = await w.pay("student-1", { kind: "test" });
    await apply(w, test.reference, "successful");
    const gh = await w.pay("student-1", { kind: "guest_house_access", guestHouseId: "gh-1" });
    await apply(w, gh.reference, "successful");
    await apply(w, gh.reference, "successful");
    expect(w.store.subscriptions.all()).toHaveLength(0);
    expect(handled).toEqual([gh.reference]);
  });

  it("answers not_found for an unknown payment", async () => {
    const w = moneyWorld();
    const r = await applyProviderStatus(w.payments, {
      paymentId: "nope",
      transaction: { transId: "T", status: "successful", amount: 1, externalId: null, userId: null, reason: null },
      source: "verify",
    });
    expect(r).toEqual({ ok: false, error: { code: "payment.not_found" } });
  });

  it("ends successful with exactly one 14-day grant whenever SUCCESSFUL is among the news, in any order", async () => {
    const status = fc.constantFrom<ProviderStatus>("pending", "failed", "successful", "expired");
    await fc.assert(
      fc.asyncProperty(fc.array(status, { maxLength: 8 }), fc.array(status, { maxLength: 8 }), async (before, after) => {
        const w = moneyWorld();
        const booking = await w.book();
        const { reference } = await w.pay("student-1", { kind: "booking", booking: booking.reference });
        for (const s of [...before, "successful" as const, ...after]) await apply(w, reference, s);
        expect((await w.store.payments.findByReference(reference))?.status).toBe("successful");
        const subs = w.store.subscriptions.all();
        expect(subs).toHaveLength(1);
        expect(subs[0].endsAt.getTime() - subs[0].startsAt.getTime()).toBe(14 * DAY_MS);
        expect(["confirmed", "rebook_required"]).toContain((await w.store.bookings.findById(booking.id))?.bookingStatus);
      }),
      { numRuns: 60 },
    );
  });
});
