// Applying what the provider says about a payment. Idempotent and order-insensitive: webhooks,
// polls and the reconciler may deliver the same news many times, late or out of order.
//   - SUCCESSFUL wins over everything and never goes back (money was taken).
//   - FAILED is not final: a checkout link can still succeed after a failed attempt.
//   - EXPIRED is final unless the provider later reports SUCCESSFUL.
//   - A success for a purchase another payment already bought is recorded and listed for a
//     refund; it buys nothing (decision 0184).
import { err, ok, domainError, type Result } from "../shared/result";
import type { IdGenerator } from "../shared/ids";
import type { Clock } from "../shared/clock";
import { doualaDate } from "../booking/visit-date";
import { holdHasLapsed } from "../booking/booking.entity";
import { grantPlatformAccessForPayment } from "../guest-house-access/grant-platform-access";
import { grantSubscriptionForPayment } from "../subscription/subscription.use-cases";
import { enqueueBookingConfirmed, enqueuePaymentReceipt } from "../notifications/booking-notices";
import type { MoneyRepos } from "./money-unit-of-work";
import type { PaymentDeps } from "./payment-deps";
import { duplicatePurchaseRefund } from "./payment-refund";
import type { ProviderStatus, ProviderTransaction } from "./payment-gateway.port";
import { SUBSCRIPTION_PAYMENT_TYPES, type Payment, type PaymentEventType } from "./payment.entity";
import type { PaymentError } from "./payment.errors";

/** 'supersede': a new checkout for the same purpose closed this one at the provider (decision 0184). */
export type StatusSource = "webhook" | "verify" | "reconcile" | "initiate" | "supersede";

export interface ApplyOutcome {
  payment: Payment;
  /** Whether this call changed the payment's status. */
  changed: boolean;
  /** The provider's transaction did not match the payment; nothing was applied. */
  mismatch: boolean;
  /** This call made the payment successful for a purchase already paid: it bought nothing and is listed for a refund. */
  refundQueued: boolean;
}

export async function applyProviderStatus(
  deps: Pick<PaymentDeps, "uow" | "clock" | "ids" | "successHandlers">,
  input: {
    paymentId: string;
    transaction: ProviderTransaction;
    source: StatusSource;
    /**
     * The transaction was found by our reference, not by its id: when the payment has no provider
     * transaction yet (its initiation's answer was lost), attach this one, in the same transaction.
     */
    attach?: boolean;
  },
): Promise<Result<ApplyOutcome, PaymentError>> {
  const outcome = await deps.uow.run(async (repos) => {
    // Locked so concurrent deliveries of the same news apply one after the other.
    let payment = await lockPaymentAndPurpose(repos, input.paymentId);
    if (!payment) return null;
    const problems = mismatches(payment, input.transaction);
    if (problems.length === 0 && input.attach && payment.providerTxId === null) {
      const at = deps.clock.now();
      await repos.payments.updatePayment(payment.id, { providerTxId: input.transaction.transId, updatedAt: at });
      await repos.payments.addPaymentEvent({
        id: deps.ids.id(),
        paymentId: payment.id,
        type: "matched",
        data: { source: input.source, transId: input.transaction.transId, status: input.transaction.status, from: payment.status },
        createdAt: at,
      });
      payment = { ...payment, providerTxId: input.transaction.transId, updatedAt: at };
    }
    if (problems.length > 0) {
      await repos.payments.addPaymentEvent({
        id: deps.ids.id(),
        paymentId: payment.id,
        type: "mismatch",
        data: { source: input.source, fields: problems, provider: { ...input.transaction } },
        createdAt: deps.clock.now(),
      });
      return { payment, changed: false, mismatch: true, refundQueued: false };
    }
    return changePaymentStatus(repos, deps, payment, input.transaction.status, {
      source: input.source,
      transId: input.transaction.transId,
      reason: input.transaction.reason,
    });
  });
  if (!outcome) return err(domainError("payment.not_found"));
  if (outcome.changed && outcome.payment.status === "successful" && !outcome.refundQueued) await runSuccessHandler(deps, outcome.payment);
  return ok(outcome);
}

/**
 * Locks the payment's purpose, then the payment (null when there is none). Every change of a
 * payment's status takes the two in this order, as a new start does (decision 0184): two successes
 * of one purchase then apply one after the other, and the second sees the first.
 */
export async function lockPaymentAndPurpose(repos: MoneyRepos, paymentId: string): Promise<Payment | null> {
  const seen = await repos.payments.findById(paymentId);
  if (!seen) return null;
  // The purpose never changes, so the unlocked read names the right lock.
  if (seen.purpose !== null) await repos.payments.lockPurpose(seen.purpose);
  return repos.payments.lockById(paymentId);
}

export async function runSuccessHandler(deps: Pick<PaymentDeps, "successHandlers">, payment: Payment): Promise<void> {
  const handler = deps.successHandlers?.[payment.type];
  if (handler) await handler(payment);
}

/** Fields of the provider's transaction that contradict our payment (FAPSHI.md: check amount, externalId, userId). */
export function mismatches(payment: Payment, tx: ProviderTransaction): string[] {
  const fields: string[] = [];
  if (payment.providerTxId !== null && tx.transId !== payment.providerTxId) fields.push("transId");
  if (tx.externalId !== payment.reference) fields.push("externalId");
  if (tx.amount !== payment.amount) fields.push("amount");
  if (tx.userId !== null && tx.userId !== payment.userId) fields.push("userId");
  return fields;
}

/**
 * Moves a locked payment to `target` inside the caller's unit of work, with its events and
 * effects. Answers the payment as it now is.
 */
export async function changePaymentStatus(
  repos: MoneyRepos,
  deps: { clock: Clock; ids: IdGenerator },
  payment: Payment,
  target: ProviderStatus,
  meta: { source: StatusSource; transId?: string | null; reason?: string | null },
): Promise<ApplyOutcome> {
  const now = deps.clock.now();
  const from = payment.status;
  const unchanged: ApplyOutcome = { payment, changed: false, mismatch: false, refundQueued: false };
  const event = (type: PaymentEventType, data: Record<string, unknown>) =>
    repos.payments.addPaymentEvent({
      id: deps.ids.id(),
      paymentId: payment.id,
      type,
      data: { source: meta.source, from, transId: meta.transId ?? payment.providerTxId, ...data },
      createdAt: now,
    });
  const changed = async (changes: Partial<Payment>): Promise<ApplyOutcome> => {
    await repos.payments.updatePayment(payment.id, { ...changes, updatedAt: now });
    return { payment: { ...payment, ...changes, updatedAt: now }, changed: true, mismatch: false, refundQueued: false };
  };

  if (from === "successful" || from === target) return unchanged;

  switch (target) {
    case "successful": {
      // Another payment already bought this purchase (two checkouts for one visit, both approved):
      // the money is recorded and listed for a refund to the payer, and buys nothing more: no
      // second period, no second access, the booking left as it is.
      const paidBy = payment.purchaseId !== null ? await repos.payments.findPurchasePaidBy(payment.purchaseId, payment.id) : null;
      if (paidBy) {
        const result = await changed({ status: "successful", confirmedAt: now, failureReason: null });
        const refund = duplicatePurchaseRefund(deps.ids.id(), result.payment, paidBy, now);
        await repos.payments.queueRefund(refund);
        await event("succeeded", { alreadyPaidBy: paidBy.id });
        await event("refund_queued", {
          reason: refund.reason,
          paidBy: paidBy.id,
          paidByReference: paidBy.reference,
          amount: refund.amount,
        });
        return { ...result, refundQueued: true };
      }
      const result = await changed({ status: "successful", confirmedAt: now, failureReason: null });
      let subscriptionEndsAt: string | null = null;
      if (SUBSCRIPTION_PAYMENT_TYPES.includes(payment.type)) {
        const subscription = await grantSubscriptionForPayment(repos, deps.ids, { userId: payment.userId, paymentId: payment.id, at: now });
        subscriptionEndsAt = subscription.endsAt.toISOString();
      }
      let accessExpiresAt: string | null = null;
      if (payment.type === "guest_house_access") {
        const access = await grantPlatformAccessForPayment(repos, deps.ids, {
          userId: payment.userId,
          paymentId: payment.id,
          paymentReference: payment.reference,
          method: payment.method,
          amount: payment.amount,
          at: now,
        });
        accessExpiresAt = access.expiryDate.toISOString();
      }
      const booking = payment.type === "student_rental" ? await settlePaidBooking(repos, payment, now) : null;
      await event("succeeded", { subscriptionEndsAt, accessExpiresAt, booking });
      // E-mails, in this transaction: the receipt of any payment made for a booking, and the
      // confirmation when the payment confirmed (or revived) the booking.
      if (payment.bookingId) {
        await enqueuePaymentReceipt(repos.notices, { bookingId: payment.bookingId, paymentId: payment.id }, now);
        if (booking === "confirmed" || booking === "revived") await enqueueBookingConfirmed(repos.notices, payment.bookingId, now);
      }
      return result;
    }
    case "failed": {
      // An expired payment stays expired; only a pending one can fail.
      if (from !== "pending") return unchanged;
      const reason = meta.reason ?? "provider_failed";
      const result = await changed({ status: "failed", failureReason: reason });
      await event("failed", { reason });
      return result;
    }
    case "expired": {
      const result = await changed({ status: "expired" });
      const bookingExpired = await expireUnpaidBooking(repos, payment, now);
      await event("expired", { bookingExpired, ...(meta.reason ? { reason: meta.reason } : {}) });
      return result;
    }
    case "pending": {
      // The payer is trying again on a link that failed before.
      if (from !== "failed") return unchanged;
      const result = await changed({ status: "pending", failureReason: null });
      await event("provider_status", { to: "pending" });
      return result;
    }
  }
}

/**
 * The booking a successful student_rental payment paid for. A pending booking is confirmed even if
 * its hold has lapsed: while it is pending nobody else can hold the slot. If it was already
 * expired (the hold lapsed and the slot was released) the money still stands, and so does the
 * subscription: the booking is revived when the slot is still free and the visit still ahead,
 * otherwise it is marked rebook_required and the student, now subscribed, rebooks at no charge.
 */
async function settlePaidBooking(repos: MoneyRepos, payment: Payment, now: Date): Promise<string | null> {
  if (!payment.bookingId) return null;
  const booking = await repos.bookings.findById(payment.bookingId);
  if (!booking) return null;
  switch (booking.bookingStatus) {
    case "pending":
      if ((await repos.bookings.confirmBooking(booking.id, payment.id, now)) !== "confirmed") {
        throw new Error(`Pending booking ${booking.id} could not be confirmed`);
      }
      return "confirmed";
    case "expired": {
      const visitStillAhead = booking.visitDate > doualaDate(now);
      if (visitStillAhead && (await repos.bookings.confirmBooking(booking.id, payment.id, now)) === "confirmed") return "revived";
      await repos.bookings.markRebookRequired(booking.id, payment.id, now);
      return "rebook_required";
    }
    default:
      // Confirmed already (paid twice), cancelled or rebook_required: leave it as it is.
      return booking.bookingStatus;
  }
}

/**
 * An expired payment releases its booking's slot, unless the booking's hold (fixed at booking
 * time) is still running: the student may be paying with a newer attempt.
 */
async function expireUnpaidBooking(repos: MoneyRepos, payment: Payment, now: Date): Promise<boolean> {
  if (!payment.bookingId) return false;
  const booking = await repos.bookings.findById(payment.bookingId);
  if (!booking || booking.bookingStatus !== "pending") return false;
  if (booking.holdExpiresAt !== null && !holdHasLapsed(booking, now)) return false;
  return repos.bookings.expireBooking(booking.id, now);
}
