import { describe, expect, it } from "vitest";
import { startPayment, type StartPaymentInput } from "#domain/payment/start-payment.use-case";
import { HOLD_MS } from "#domain/booking/booking.entity";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import { MINUTE_MS } from "#domain/shared/clock";
import { moneyWorld } from "./money-world";

const user = { id: "student-1", email: "ngozi@example.cm", fullName: "Ngozi Ekane" };
const input = (over: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  user,
  purchase: { kind: "subscription" },
  method: "mtn_momo",
  phone: "677123456",
  ...over,
});

describe("startPayment", () => {
  it("creates a pending payment, asks the provider and stores its transaction and link", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const r = await startPayment(
      w.payments,
      input({ purchase: { kind: "booking", booking: booking.reference }, method: "orange_money", phone: "+237 699 00 11 22" }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const payment = (await w.store.payments.findById(r.value.paymentId))!;
    expect(payment).toMatchObject({
      status: "pending",
      type: "student_rental",
      amount: 8000,
      method: "orange_money",
      phone: "237699001122",
      bookingId: booking.id,
      reference: r.value.reference,
      gateway: "fapshi",
      providerTxId: "TX000001",
      checkoutUrl: "https://checkout.test/TX000001",
    });
    expect(r.value.checkoutUrl).toBe("https://checkout.test/TX000001");
    expect(w.gateway.requests[0]).toEqual({
      amount: 8000,
      reference: r.value.reference,
      userId: "student-1",
      email: "ngozi@example.cm",
      customerName: "Ngozi Ekane",
      phone: "699001122",
      method: "orange_money",
      message: `KamerNest visit booking ${booking.reference}`,
    });
    expect((await w.store.payments.listPaymentEvents(payment.id)).map((e) => e.type)).toEqual(["created", "initiated"]);
  });

  it("finds the booking by id as well as by reference", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    expect((await startPayment(w.payments, input({ purchase: { kind: "booking", booking: booking.id } }))).ok).toBe(true);
  });

  it.each([
    [{ kind: "subscription" } as const, "unified_payment", 8000],
    [{ kind: "test" } as const, "test_payment", 5000],
    [{ kind: "guest_house_access", guestHouseId: "gh-1" } as const, "guest_house_access", 5000],
  ])("prices %j on the server", async (purchase, type, amount) => {
    const w = moneyWorld();
    const r = await startPayment(w.payments, input({ purchase }));
    expect(r.ok).toBe(true);
    expect(w.store.payments.all()[0]).toMatchObject({ type, amount });
  });

  it.each([
    [{ method: "" }, "payment.method_required"],
    [{ method: null }, "payment.method_required"],
    [{ method: "visa" }, "payment.method_required"],
    [{ phone: "6771234" }, "payment.invalid_phone"],
    [{ phone: null }, "payment.invalid_phone"],
    [{ purchase: { kind: "guest_house_access", guestHouseId: " " } }, "payment.guest_house_required"],
    [{ purchase: { kind: "booking", booking: "KN-NOPE00" } }, "payment.booking_not_found"],
  ] as Array<[Partial<StartPaymentInput>, string]>)("refuses %j with %s and writes nothing", async (over, code) => {
    const w = moneyWorld();
    const r = await startPayment(w.payments, input(over));
    expect(r).toEqual({ ok: false, error: { code } });
    expect(w.store.payments.all()).toHaveLength(0);
    expect(w.gateway.requests).toHaveLength(0);
  });

  it("refuses another student's booking, a paid booking and an expired one", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const other = await startPayment(
      w.payments,
      input({ user: { ...user, id: "student-2" }, purchase: { kind: "booking", booking: booking.reference } }),
    );
    expect(other).toEqual({ ok: false, error: { code: "payment.booking_not_found" } });

    await w.store.bookings.confirmBooking(booking.id, null, w.clock.now());
    expect(await startPayment(w.payments, input({ purchase: { kind: "booking", booking: booking.reference } }))).toEqual({
      ok: false,
      error: { code: "payment.booking_already_paid" },
    });

    w.store.properties.add({ id: "prop-2", agentId: "agent-1" });
    const second = await w.book({ propertyId: "prop-2" });
    await w.store.bookings.expireBooking(second.id, w.clock.now());
    expect(await startPayment(w.payments, input({ purchase: { kind: "booking", booking: second.reference } }))).toEqual({
      ok: false,
      error: { code: "payment.booking_expired" },
    });
  });

  it("refuses a zero amount", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    // A pending booking priced at 0 should not exist; if one does, no payment is made for it.
    (w.store.bookings as unknown as { rows: Array<{ paymentAmount: number }> }).rows[0].paymentAmount = 0;
    expect(await startPayment(w.payments, input({ purchase: { kind: "booking", booking: booking.id } }))).toEqual({
      ok: false,
      error: { code: "payment.invalid_amount" },
    });
  });

  it("never extends the hold: a retry after 25 minutes keeps the original end, and after 30 minutes the slot is someone else's", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    const fixedEnd = new Date(w.clock.now().getTime() + HOLD_MS);
    expect((await startPayment(w.payments, input({ purchase: { kind: "booking", booking: booking.reference } }))).ok).toBe(true);
    w.clock.advance(25 * MINUTE_MS);
    expect((await startPayment(w.payments, input({ purchase: { kind: "booking", booking: booking.reference } }))).ok).toBe(true);
    expect((await w.store.bookings.findById(booking.id))?.holdExpiresAt).toEqual(fixedEnd);

    w.clock.advance(5 * MINUTE_MS); // 30 minutes after booking: the hold has ended
    expect(await startPayment(w.payments, input({ purchase: { kind: "booking", booking: booking.reference } }))).toEqual({
      ok: false,
      error: { code: "payment.booking_expired" },
    });
    const other = await bookVisit(w.booking, w.visit({ studentId: "student-2" }));
    expect(other.ok).toBe(true);
    expect((await w.store.bookings.findById(booking.id))?.bookingStatus).toBe("expired");
    expect(w.store.payments.all()).toHaveLength(2);
  });

  it.each([
    ["timeout", "hang", "payment.init_timeout"],
    ["a 4xx", "rejected", "payment.init_failed"],
    ["a 5xx", "server_error", "payment.init_failed"],
    ["a network failure", "network", "payment.init_failed"],
    ["garbage", "invalid_response", "payment.invalid_response"],
    ["no link", "link_missing", "payment.link_missing"],
    ["an unexpected error", "crash", "payment.unknown_error"],
  ] as const)(
    "on %s marks the payment failed with an event, keeps the booking held, and lets the student retry",
    async (_, fault, code) => {
      const w = moneyWorld();
      const booking = await w.book();
      w.gateway.failNextInitiate(fault);
      const deps = { ...w.payments, initTimeoutMs: 20 };
      const r = await startPayment(deps, input({ purchase: { kind: "booking", booking: booking.reference } }));
      expect(r).toEqual({ ok: false, error: { code } });
      const failed = w.store.payments.all()[0];
      expect(failed).toMatchObject({ status: "failed", failureReason: code, providerTxId: null });
      const events = await w.store.payments.listPaymentEvents(failed.id);
      expect(events.map((e) => e.type)).toEqual(["created", "failed"]);
      expect(events[1].data).toMatchObject({ code, source: "initiate" });
      const held = (await w.store.bookings.findById(booking.id))!;
      expect(held).toMatchObject({ bookingStatus: "pending", paymentStatus: "pending" });
      expect(held.holdExpiresAt!.getTime()).toBeGreaterThan(w.clock.now().getTime());

      const retry = await startPayment(deps, input({ purchase: { kind: "booking", booking: booking.reference } }));
      expect(retry.ok).toBe(true);
      expect(w.store.payments.all().map((p) => p.status)).toEqual(["failed", "pending"]);
      expect(retry.ok && retry.value.reference).not.toBe(failed.reference);
    },
  );
});
