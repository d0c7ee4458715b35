// The refund rules (issue 34, decision 0219): an admin refunds a successful payment whole, to the
// number that paid, once; what it bought is withdrawn in the same transaction unless kept as
// goodwill; it is settled only on the provider's SUCCESSFUL/FAILED; a failed refund may be
// retried under a new reference; a lost answer is looked up by reference, never sent blind.
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import type { CommissionEarning } from "#domain/commission/commission.entity";
import { payOutCommissions } from "#domain/commission/pay-out-commissions.use-case";
import { changePaymentStatus } from "#domain/payment/apply-provider-status.use-case";
import { InMemoryMoneyStore } from "#domain/payment/in-memory-money-unit-of-work";
import type { Payment } from "#domain/payment/payment.entity";
import { refundDestination, refundReference, refundStart, duplicatePurchaseRefund } from "#domain/payment/payment-refund";
import { checkRefund, reconcileRefunds, refundPayment, visitToCancel, type RefundDeps } from "#domain/payment/refund-payment.use-case";
import type { RefundEmails } from "#domain/payment/refund-emails.port";
import { InMemoryDisbursements } from "#domain/payout/in-memory-disbursements";
import { SEND_CLAIM_STALE_MS } from "#domain/payout/payout.entity";
import { DAY_MS, FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryMailer } from "#domain/shared/mailer.port";
import { SUBSCRIPTION_DURATION_MS, withdrawPeriod, type Subscription } from "#domain/subscription/subscription.entity";

const T0 = new Date("2026-12-01T08:00:00.000Z");
const days = (d: number) => new Date(T0.getTime() + d * DAY_MS);

const emails: RefundEmails = {
  refunded: ({ amount, number, providerReference, withdrawn, language }) => ({
    subject: `refunded ${amount} to ${number} (${providerReference}) withdrawn=${withdrawn} ${language}`,
    text: "",
  }),
};

function aPayment(over: Partial<Payment> & { id: string }): Payment {
  return {
    userId: "student-1",
    gateway: "simulated",
    status: "pending",
    type: "unified_payment",
    amount: 8000,
    currency: "XAF",
    method: "mtn_momo",
    phone: "237677123456",
    reference: `PAY-${over.id.toUpperCase()}`,
    providerTxId: `TX-${over.id}`,
    checkoutUrl: null,
    bookingId: null,
    guestHouseId: null,
    failureReason: null,
    confirmedAt: null,
    createdAt: T0,
    updatedAt: T0,
    purpose: `unified_payment:student-1`,
    purchaseId: over.id,
    ...over,
  };
}

describe("the refund rules", () => {
  it("withdrawPeriod empties the refunded period and moves the periods chained after it earlier by its length", () => {
    const p = (id: string, from: number, to: number): Subscription => ({
      id,
      userId: "u",
      paymentId: id,
      startsAt: days(from),
      endsAt: days(to),
      createdAt: T0,
    });
    const periods = [p("a", 0, 14), p("b", 14, 28), p("c", 28, 42), p("d", 50, 64)];
    expect(withdrawPeriod(periods, "b")).toEqual([
      { id: "b", startsAt: days(14), endsAt: days(14) },
      { id: "c", startsAt: days(14), endsAt: days(28) },
    ]);
    // The first of a chain: every chained period moves, the one bought after a gap does not.
    expect(withdrawPeriod(periods, "a").map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(withdrawPeriod(periods, "d")).toEqual([{ id: "d", startsAt: days(50), endsAt: days(50) }]);
    expect(withdrawPeriod(periods, "nope")).toEqual([]);
  });

  it("sends to the number that paid, as the provider wants it, or to none", () => {
    expect(refundDestination({ phone: "237677123456", method: "mtn_momo" })).toEqual({ phone: "677123456", medium: "mtn_momo" });
    expect(refundDestination({ phone: "237691000000", method: "orange_money" })).toEqual({ phone: "691000000", medium: "orange_money" });
    expect(refundDestination({ phone: "237233123456", method: "mtn_momo" })).toBeNull(); // a landline
    expect(refundDestination({ phone: null, method: "mtn_momo" })).toBeNull();
    expect(refundDestination({ phone: "237677123456", method: null })).toBeNull();
  });

  it("each attempt has its own reference; a refund starts once, a failed one may be retried", () => {
    expect(refundReference({ id: "r1", attempt: 1 })).toBe("r1");
    expect(refundReference({ id: "r1", attempt: 2 })).toBe("r1-2");
    expect(refundStart(null)).toEqual({ kind: "new" });
    expect(refundStart({ status: "to_refund" })).toEqual({ kind: "duplicate" });
    expect(refundStart({ status: "failed" })).toEqual({ kind: "retry" });
    expect(refundStart({ status: "pending" })).toEqual({ kind: "refused", why: "in_progress" });
    expect(refundStart({ status: "succeeded" })).toEqual({ kind: "refused", why: "refunded" });
  });

  it("calls off a visit that has not happened; a past or recorded one is history", () => {
    const b = { bookingStatus: "confirmed" as const, paymentStatus: "confirmed" as const, viewingOutcome: null, visitDate: "2026-12-02" };
    expect(visitToCancel(b, "2026-12-01")).toBe(true);
    expect(visitToCancel(b, "2026-12-02")).toBe(true);
    expect(visitToCancel(b, "2026-12-03")).toBe(false);
    expect(visitToCancel({ ...b, viewingOutcome: "confirmed" }, "2026-12-01")).toBe(false);
    expect(visitToCancel({ ...b, bookingStatus: "rebook_required" }, "2026-12-09")).toBe(true);
    expect(visitToCancel({ ...b, bookingStatus: "cancelled" }, "2026-12-01")).toBe(false);
  });
});

describe("refundPayment", () => {
  let store: InMemoryMoneyStore;
  let audit: InMemoryAuditLog;
  let gateway: InMemoryDisbursements;
  let clock: FixedClock;
  let mailer: InMemoryMailer;
  let deps: RefundDeps;
  const ids = new SequentialIds("id");

  async function paid(over: Partial<Payment> & { id: string }): Promise<Payment> {
    const payment = aPayment(over);
    await store.payments.insertPayment(payment);
    const outcome = await store.run((repos) => changePaymentStatus(repos, { clock, ids }, payment, "successful", { source: "webhook" }));
    return outcome.payment;
  }

  const events = async (paymentId: string) =>
    (await store.payments.listPaymentEvents(paymentId)).map((e) => e.type).filter((t) => t.startsWith("refund"));
  const actions = async () => (await audit.list({ limit: 100 })).map((a) => a.action).reverse();

  beforeEach(() => {
    store = new InMemoryMoneyStore();
    audit = new InMemoryAuditLog();
    gateway = new InMemoryDisbursements();
    clock = new FixedClock(T0);
    mailer = new InMemoryMailer();
    deps = {
      uow: {
        run: (work) =>
          store.run(async (repos) => {
            const saved = audit.snapshot();
            try {
              return await work({ ...repos, audit });
            } catch (error) {
              audit.restore(saved);
              throw error;
            }
          }),
      },
      gateway,
      clock,
      ids: new SequentialIds("r"),
      contacts: { contact: async (userId) => ({ name: `Name ${userId}`, email: `${userId}@example.cm`, language: "fr" }) },
      notify: { mailer, emails, appUrl: "http://app", formatAmount: (n) => `${n} FCFA` },
    };
  });

  it("refunds the whole amount to the number that paid, shortens the subscription, and settles on SUCCESSFUL with an e-mail", async () => {
    await paid({ id: "p1" });
    const first = await store.subscriptions.latestSubscriptionEnd("student-1");
    expect(first).toEqual(new Date(T0.getTime() + SUBSCRIPTION_DURATION_MS));
    clock.set(days(3));

    const result = await refundPayment(deps, { adminId: "admin-1", paymentId: "p1", note: "  Charged by mistake ", keepAccess: false });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.outcome).toBe("pending");
    const refund = result.value.refund;
    expect(refund).toMatchObject({
      status: "pending",
      amount: 8000,
      reason: "admin",
      note: "Charged by mistake",
      phone: "677123456",
      attempt: 1,
    });
    expect(gateway.sent).toEqual([
      expect.objectContaining({ reference: refund.id, amount: 8000, phone: "677123456", medium: "mtn_momo", userId: "student-1" }),
    ]);
    // The 14 days it bought are gone: the subscription ended when the payment was made.
    expect(await store.subscriptions.latestSubscriptionEnd("student-1")).toEqual(T0);
    expect(await store.subscriptions.findActiveSubscription("student-1", clock.now())).toBeNull();
    expect(await events("p1")).toEqual(["refund_requested", "refund_sent"]);
    expect(await actions()).toEqual(["payment.refund_requested"]);
    expect(mailer.sent).toEqual([]);

    // Nothing settles before the provider says so; then once.
    expect(await reconcileRefunds(deps, null)).toEqual({ checked: 1, outcomes: { p1: "pending" } });
    gateway.settle(refund.id, "successful");
    expect(await checkRefund(deps, { adminId: "admin-1", paymentId: "p1" })).toBe("successful");
    expect(await reconcileRefunds(deps, null)).toEqual({ checked: 0, outcomes: {} });
    expect(await store.payments.findRefund("p1")).toMatchObject({ status: "succeeded", transId: gateway.sent[0].transId });
    expect(await events("p1")).toEqual(["refund_requested", "refund_sent", "refunded"]);
    expect(await actions()).toEqual(["payment.refund_requested", "payment.refund_succeeded"]);
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ["student-1@example.cm", `refunded 8000 FCFA to 677123456 (${gateway.sent[0].transId}) withdrawn=true fr`],
    ]);
    // Refunded: refused again, with nothing sent.
    expect(await refundPayment(deps, { adminId: "admin-1", paymentId: "p1", note: "again", keepAccess: false })).toEqual({
      ok: false,
      error: { code: "admin-payments.refund_already_refunded" },
    });
    expect(gateway.sent).toHaveLength(1);
  });

  it("shortens a chained subscription by the refunded days only", async () => {
    await paid({ id: "p1" });
    clock.set(days(1));
    await paid({ id: "p2", purchaseId: "p2" });
    expect(await store.subscriptions.latestSubscriptionEnd("student-1")).toEqual(days(28));
    expect((await refundPayment(deps, { adminId: "a", paymentId: "p1", note: "goodwill no", keepAccess: false })).ok).toBe(true);
    expect(await store.subscriptions.latestSubscriptionEnd("student-1")).toEqual(days(14));
    expect(await store.subscriptions.findActiveSubscription("student-1", days(2))).not.toBeNull();
  });

  it("refund, keep access: the money goes back and the subscription stays", async () => {
    await paid({ id: "p1" });
    const result = await refundPayment(deps, { adminId: "a", paymentId: "p1", note: "Goodwill", keepAccess: true });
    expect(result.ok && result.value.refund.keepAccess).toBe(true);
    expect(await store.subscriptions.latestSubscriptionEnd("student-1")).toEqual(days(14));
  });

  it("ends the guest-house access the payment bought", async () => {
    await paid({ id: "g1", type: "guest_house_access", amount: 5000, purpose: "guest_house_access:student-1" });
    expect((await store.platformAccess.findByPaymentId("g1"))?.isValid).toBe(true);
    expect((await refundPayment(deps, { adminId: "a", paymentId: "g1", note: "Host closed", keepAccess: false })).ok).toBe(true);
    expect((await store.platformAccess.findByPaymentId("g1"))?.isValid).toBe(false);
    expect(gateway.sent[0].amount).toBe(5000);
  });

  it("cancels the upcoming visit a visit payment paid for, telling the agent", async () => {
    store.properties.add({ id: "prop-1", agentId: "agent-1" });
    await store.bookings.insertBooking({
      id: "b1",
      propertyId: "prop-1",
      studentId: "student-1",
      visitorName: "N",
      visitorEmail: "n@example.cm",
      visitorPhone: "677123456",
      visitDate: "2026-12-03",
      visitTime: "10:00 AM",
      message: null,
      paymentAmount: 8000,
      feeType: "student_rental",
      paymentStatus: "pending",
      bookingStatus: "pending",
      reference: "KN-1",
      holdExpiresAt: new Date(T0.getTime() + 30 * 60_000),
      paymentId: null,
      viewingOutcome: null,
      viewingRecordedAt: null,
      agentResponse: "awaiting",
      proposedVisitDate: null,
      proposedVisitTime: null,
      cancellation: null,
      createdAt: T0,
      updatedAt: T0,
    } as never);
    await paid({ id: "v1", type: "student_rental", bookingId: "b1", purpose: "booking:b1", purchaseId: "booking:b1" });
    expect((await store.bookings.findById("b1"))?.bookingStatus).toBe("confirmed");
    expect((await refundPayment(deps, { adminId: "a", paymentId: "v1", note: "Agent gone", keepAccess: false })).ok).toBe(true);
    const booking = await store.bookings.findById("b1");
    expect(booking).toMatchObject({ bookingStatus: "cancelled", cancellation: { by: "admin", reason: "Agent gone" } });
    expect(
      store.notices
        .all()
        .filter((n) => n.kind === "booking_cancelled")
        .map((n) => n.recipient),
    ).toEqual(["agent"]);
  });

  it("refuses a payment not successful, a missing reason, no provider, a low balance: nothing written, nothing sent", async () => {
    await store.payments.insertPayment(aPayment({ id: "p0" }));
    await paid({ id: "p1" });
    const ask = (paymentId: string, note = "A reason") => refundPayment(deps, { adminId: "a", paymentId, note, keepAccess: false });
    expect(await ask("p0")).toEqual({ ok: false, error: { code: "admin-payments.refund_not_successful" } });
    expect(await ask("nope")).toEqual({ ok: false, error: { code: "payment.not_found" } });
    expect(await ask("p1", "  no ")).toMatchObject({ ok: false, error: { code: "admin-payments.refund_reason_required" } });
    gateway.available = 7999;
    expect(await ask("p1")).toEqual({
      ok: false,
      error: { code: "admin-payments.refund_balance_too_low", params: { balance: 7999, needed: 8000 } },
    });
    expect(await refundPayment({ ...deps, gateway: null }, { adminId: "a", paymentId: "p1", note: "x y z", keepAccess: false })).toEqual({
      ok: false,
      error: { code: "admin-payments.refunds_off" },
    });
    expect(gateway.sent).toEqual([]);
    expect(await store.payments.findRefund("p1")).toBeNull();
    expect(await store.subscriptions.latestSubscriptionEnd("student-1")).toEqual(days(14));
  });

  it("two requests at once refund once", async () => {
    await paid({ id: "p1" });
    const ask = () => refundPayment(deps, { adminId: "a", paymentId: "p1", note: "Double click", keepAccess: false });
    const results = await Promise.all([ask(), ask()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: { code: "admin-payments.refund_in_progress" } });
    expect(gateway.sent).toHaveLength(1);
    expect(await store.subscriptions.latestSubscriptionEnd("student-1")).toEqual(T0);
  });

  it("a FAILED refund keeps the reason; the retry goes under a new reference and withdraws nothing more", async () => {
    await paid({ id: "p1" });
    clock.set(days(1));
    await paid({ id: "p2", purchaseId: "p2" });
    const first = await refundPayment(deps, { adminId: "a", paymentId: "p1", note: "Mistake", keepAccess: false });
    if (!first.ok) throw new Error(first.error.code);
    gateway.settle(first.value.refund.id, "failed", "Account closed");
    expect(await reconcileRefunds(deps, null)).toEqual({ checked: 1, outcomes: { p1: "failed" } });
    expect(await store.payments.findRefund("p1")).toMatchObject({ status: "failed", failureReason: "Account closed" });
    expect(await actions()).toEqual(["payment.refund_requested", "payment.refund_failed"]);
    expect(mailer.sent).toEqual([]);
    const end = await store.subscriptions.latestSubscriptionEnd("student-1");

    const retry = await refundPayment(deps, { adminId: "a", paymentId: "p1", note: "Second try", keepAccess: false });
    expect(retry.ok && retry.value.refund).toMatchObject({ status: "pending", attempt: 2, failureReason: null });
    expect(gateway.sent.map((s) => s.reference)).toEqual([first.value.refund.id, `${first.value.refund.id}-2`]);
    expect(await store.subscriptions.latestSubscriptionEnd("student-1")).toEqual(end);
  });

  it("a send refused by the provider (4xx) fails at once: nothing was sent", async () => {
    await paid({ id: "p1" });
    gateway.nextSend = "reject";
    const result = await refundPayment(deps, { adminId: "a", paymentId: "p1", note: "Mistake", keepAccess: false });
    expect(result.ok && [result.value.outcome, result.value.refund.status, result.value.refund.failureReason]).toEqual([
      "failed",
      "failed",
      "invalid phone number",
    ]);
  });

  it("a lost answer is looked up by reference once the claim is stale, never sent again blind", async () => {
    await paid({ id: "p1" });
    gateway.nextSend = "timeout_after";
    const result = await refundPayment(deps, { adminId: "a", paymentId: "p1", note: "Mistake", keepAccess: false });
    expect(result.ok && result.value.outcome).toBe("unknown");
    expect(await reconcileRefunds(deps, null)).toEqual({ checked: 1, outcomes: { p1: "sending" } });
    clock.set(new Date(T0.getTime() + SEND_CLAIM_STALE_MS + 1));
    expect(await reconcileRefunds(deps, null)).toEqual({ checked: 1, outcomes: { p1: "pending" } });
    expect(gateway.sent).toHaveLength(1);
    expect(await events("p1")).toEqual(["refund_requested", "refund_send_unconfirmed", "refund_found_by_reference"]);

    // One that never reached the provider is sent again, with the same reference.
    await paid({ id: "p3", purchaseId: "p3" });
    gateway.nextSend = "timeout_before";
    await refundPayment(deps, { adminId: "a", paymentId: "p3", note: "Mistake", keepAccess: false });
    clock.set(new Date(clock.now().getTime() + SEND_CLAIM_STALE_MS + 1));
    await reconcileRefunds(deps, null);
    const r3 = await store.payments.findRefund("p3");
    expect(gateway.sent.filter((s) => s.reference === r3?.id)).toHaveLength(1);
  });

  it("works a purchase paid twice from the to-refund list: nothing withdrawn", async () => {
    const first = await paid({ id: "p1" });
    const second = await paid({ id: "p2", purchaseId: "p1" });
    expect(await store.payments.findRefund("p2")).toMatchObject({ status: "to_refund", paidByPaymentId: "p1" });
    expect(duplicatePurchaseRefund("x", second, first, T0).reason).toBe("duplicate_purchase");
    const result = await refundPayment(deps, { adminId: "a", paymentId: "p2", note: "Paid twice", keepAccess: false });
    expect(result.ok && result.value.refund).toMatchObject({ status: "pending", reason: "duplicate_purchase", paidByPaymentId: "p1" });
    expect(await store.subscriptions.latestSubscriptionEnd("student-1")).toEqual(days(14));
    gateway.settle(gateway.sent[0].reference, "successful");
    await reconcileRefunds(deps, null);
    expect(mailer.sent[0].subject).toContain("withdrawn=false");
  });

  describe("the visit's commission (decision 0219)", () => {
    // A visit that took place (two days ago) and earned its agent a commission, then its payment is refunded.
    async function visitWithEarning(over: Partial<CommissionEarning> = {}) {
      store.properties.add({ id: "prop-1", agentId: "agent-1" });
      await store.bookings.insertBooking({
        id: "b1",
        propertyId: "prop-1",
        studentId: "student-1",
        visitorName: "N",
        visitorEmail: "n@example.cm",
        visitorPhone: "677123456",
        visitDate: "2026-12-02",
        visitTime: "10:00 AM",
        message: null,
        paymentAmount: 8000,
        feeType: "student_rental",
        paymentStatus: "pending",
        bookingStatus: "pending",
        reference: "KN-1",
        holdExpiresAt: new Date(T0.getTime() + 30 * 60_000),
        paymentId: null,
        viewingOutcome: null,
        viewingRecordedAt: null,
        agentResponse: "awaiting",
        proposedVisitDate: null,
        proposedVisitTime: null,
        cancellation: null,
        createdAt: T0,
        updatedAt: T0,
      } as never);
      await paid({ id: "v1", type: "student_rental", bookingId: "b1", purpose: "booking:b1", purchaseId: "booking:b1" });
      await store.commissions.insertEarning({
        id: "c1",
        agentId: "agent-1",
        propertyId: "prop-1",
        bookingId: "b1",
        studentId: "student-1",
        periodKey: "none",
        amount: 5000,
        type: "visitation",
        date: days(1),
        status: "pending",
        paidDate: null,
        voidedAt: null,
        voidedBy: null,
        voidReason: null,
        payoutId: null,
        ...over,
      });
      clock.set(days(3));
    }
    const payoutRun = () =>
      payOutCommissions(
        { uow: { run: (work) => store.run((repos) => work({ commissions: repos.commissions, audit })) }, clock, ids },
        { adminId: "admin-1", agentId: "agent-1", asOf: clock.now(), paidOn: "2026-12-04", reference: "MOMO-1" },
      );
    const requested = async () => (await store.payments.listPaymentEvents("v1")).find((e) => e.type === "refund_requested")?.data;

    it("voids the pending earning with the refund, so the next payout run pays nothing for it", async () => {
      await visitWithEarning();
      const result = await refundPayment(deps, { adminId: "admin-1", paymentId: "v1", note: "Agent never came", keepAccess: false });
      expect(result.ok && result.value.commission).toEqual({ commissionId: "c1", amount: 5000, outcome: "voided" });
      expect(await store.commissions.findById("c1")).toMatchObject({
        status: "voided",
        voidedBy: "admin-1",
        voidReason: "Payment PAY-V1 refunded: Agent never came",
      });
      // The visit took place: it stays as history.
      expect((await store.bookings.findById("b1"))?.bookingStatus).toBe("confirmed");
      expect(await requested()).toMatchObject({ commission: "c1", commissionOutcome: "voided" });
      expect(await actions()).toEqual(["admin.commission_voided", "payment.refund_requested"]);
      expect(await payoutRun()).toEqual({ ok: false, error: { code: "commission.payout_nothing_pending" } });
    });

    it("refund, keep access: the visit stands, so does its commission", async () => {
      await visitWithEarning();
      const result = await refundPayment(deps, { adminId: "admin-1", paymentId: "v1", note: "Goodwill", keepAccess: true });
      expect(result.ok && result.value.commission).toBeNull();
      expect((await store.commissions.findById("c1"))?.status).toBe("pending");
      expect(await payoutRun()).toMatchObject({ ok: true, value: { count: 1, amount: 5000 } });
    });

    it("an earning a payout claims or has paid is not touched, and the refund says so", async () => {
      await visitWithEarning({ payoutId: "po-1" });
      const result = await refundPayment(deps, { adminId: "admin-1", paymentId: "v1", note: "Agent never came", keepAccess: false });
      expect(result.ok && result.value.commission).toEqual({ commissionId: "c1", amount: 5000, outcome: "in_payout" });
      expect(await store.commissions.findById("c1")).toMatchObject({ status: "pending", payoutId: "po-1", voidedAt: null });
      expect(await requested()).toMatchObject({ commission: "c1", commissionOutcome: "in_payout" });
      const audited = (await audit.list({ limit: 10 })).find((a) => a.action === "payment.refund_requested");
      expect(JSON.parse(String(audited?.data.after))).toMatchObject({ commission: "c1", commissionOutcome: "in_payout" });
      expect(await actions()).toEqual(["payment.refund_requested"]);
    });

    it("a paid earning stays paid", async () => {
      await visitWithEarning({ status: "paid", paidDate: days(2) });
      const result = await refundPayment(deps, { adminId: "admin-1", paymentId: "v1", note: "Agent never came", keepAccess: false });
      expect(result.ok && result.value.commission?.outcome).toBe("paid");
      expect((await store.commissions.findById("c1"))?.status).toBe("paid");
    });
  });
});
