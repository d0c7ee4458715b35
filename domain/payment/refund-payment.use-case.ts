// Refunds (issue 34, decision 0219): an admin gives a successful payment back, whole, to the number
// that paid, through the disbursement provider (domain/payout), as payouts are sent.
//
// Once only:
// - the refund is written `pending` with a send claim, in the transaction that locks the payment
//   (purpose, then payment, as every status change does) and by a conditional write (a new row
//   with a unique payment_id, or to_refund/failed → pending): a second click or a concurrent
//   request finds it pending and is refused;
// - only the process holding the send claim sends; a claim older than SEND_CLAIM_STALE_MS is first
//   looked up at the provider by our reference (refundReference: its externalId), and sent again
//   only when the provider has none;
// - it is succeeded or failed only when the provider says SUCCESSFUL or FAILED; a failed refund
//   keeps the provider's reason and may be retried (a new attempt, a new reference).
// What the payment bought is withdrawn in the same transaction as the refund record (unless the
// admin keeps it as goodwill): the subscription days, the guest-house access, the upcoming visit.
// Every change writes a payment_events row and an audit row in the same transaction.
import { auditData, type AuditLog } from "../accounts/audit-log.port";
import type { Language } from "../accounts/account.entity";
import { doualaDate } from "../booking/visit-date";
import type { Booking } from "../booking/booking.entity";
import { earningVoidBlocker, voidPendingEarning, type EarningVoidOutcome } from "../commission/void-commission.use-case";
import type { Disbursements, ProviderPayout } from "../payout/disbursement-gateway.port";
import { SEND_CLAIM_STALE_MS } from "../payout/payout.entity";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import type { Mailer } from "../shared/mailer.port";
import { domainError, err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { withdrawPeriod } from "../subscription/subscription.entity";
import { lockPaymentAndPurpose } from "./apply-provider-status.use-case";
import type { MoneyRepos } from "./money-unit-of-work";
import { PaymentGatewayError } from "./payment-gateway.port";
import { SUBSCRIPTION_PAYMENT_TYPES, type Payment, type PaymentEventType } from "./payment.entity";
import {
  refundAuditState,
  refundDestination,
  refundReference,
  refundStart,
  REFUND_NOTE_MAX,
  REFUND_NOTE_MIN,
  type PaymentRefund,
} from "./payment-refund";
import type { RefundEmails } from "./refund-emails.port";
import type { RefundError } from "./refund.errors";

export const REFUND_ACTIONS = {
  requested: "payment.refund_requested",
  succeeded: "payment.refund_succeeded",
  failed: "payment.refund_failed",
} as const;

export interface RefundDeps {
  uow: UnitOfWork<MoneyRepos & { audit: AuditLog }>;
  /** The disbursement provider; null when PAYOUT_PROVIDER=off (refunds are then refused). */
  gateway: Disbursements | null;
  clock: Clock;
  ids: IdGenerator;
  /** The payer's name, address and language. */
  contacts: { contact(userId: string): Promise<{ name: string; email: string; language: Language } | null> };
  /** The payer's e-mail once the money is back; optional in tests. */
  notify?: { mailer: Mailer; emails: RefundEmails; appUrl: string; formatAmount: (xaf: number) => string };
}

export interface RefundPaymentInput {
  adminId: string;
  paymentId: string;
  /** Why, in the admin's words (required). */
  note: string;
  /** Refund, keep access (goodwill): nothing the payment bought is withdrawn. */
  keepAccess: boolean;
}

/** What a refund withdrew, for its event. */
export interface Withdrawn {
  subscriptionEndsBefore: string | null;
  subscriptionEndsAfter: string | null;
  accessEnded: boolean;
  bookingCancelled: string | null;
  /** The visit's commission earning, if any, and what became of it (null: the payment earned none). */
  commission: string | null;
  commissionOutcome: EarningVoidOutcome | null;
}

/**
 * The visit's commission when its payment is refunded (decision 0219): the agent is not paid for a
 * visit whose money went back, so a pending earning no payout claims is voided with the refund.
 * `paid` or `in_payout` is too late: left as it is, for the admin to recover by hand.
 */
export interface RefundCommission {
  commissionId: string;
  amount: number;
  outcome: EarningVoidOutcome;
}

/** What refunding this payment now would do to the visit's commission (the confirmation page). */
export async function refundCommissionPreview(
  deps: Pick<RefundDeps, "uow">,
  paymentId: string,
): Promise<(Omit<RefundCommission, "outcome"> & { outcome: EarningVoidOutcome | "will_void" }) | null> {
  return deps.uow.run(async ({ payments, commissions }) => {
    const payment = await payments.findById(paymentId);
    const earning = payment?.bookingId ? await commissions.findByBookingId(payment.bookingId) : null;
    if (!earning) return null;
    return { commissionId: earning.id, amount: earning.amount, outcome: earningVoidBlocker(earning) ?? "will_void" };
  });
}

export type RefundOutcome = "successful" | "failed" | "pending" | "sending" | "unknown";

/** The admin's reason, trimmed; null when too short or too long. */
export function cleanRefundNote(raw: string): string | null {
  const note = raw.trim().replace(/\s+/g, " ");
  return note.length >= REFUND_NOTE_MIN && note.length <= REFUND_NOTE_MAX ? note : null;
}

/** Why a payment cannot be refunded now, or null when it can (the page offers the button only then). */
export function refundRefusal(payment: Pick<Payment, "status" | "phone" | "method">, refund: Pick<PaymentRefund, "status"> | null) {
  if (payment.status !== "successful") return "admin-payments.refund_not_successful" as const;
  const start = refundStart(refund);
  if (start.kind === "refused")
    return start.why === "refunded" ? ("admin-payments.refund_already_refunded" as const) : ("admin-payments.refund_in_progress" as const);
  if (!refundDestination(payment)) return "admin-payments.refund_no_number" as const;
  return null;
}

export async function refundPayment(
  deps: RefundDeps,
  input: RefundPaymentInput,
): Promise<Result<{ refund: PaymentRefund; outcome: RefundOutcome; commission: RefundCommission | null }, RefundError>> {
  const note = cleanRefundNote(input.note);
  if (note === null) return err(domainError("admin-payments.refund_reason_required", { min: REFUND_NOTE_MIN, max: REFUND_NOTE_MAX }));
  const gateway = deps.gateway;
  if (!gateway) return err(domainError("admin-payments.refunds_off"));
  const seen = await deps.uow.run(async ({ payments }) => {
    const payment = await payments.findById(input.paymentId);
    return payment ? { payment, refund: await payments.findRefund(payment.id) } : null;
  });
  if (!seen) return err(domainError("payment.not_found"));
  const refusal = refundRefusal(seen.payment, seen.refund);
  if (refusal) return err(domainError(refusal));

  // Enough money at the provider first: a refund it cannot pay would only fail there.
  let balance: number;
  try {
    balance = await gateway.balance();
  } catch (error) {
    if (error instanceof PaymentGatewayError) return err(domainError("admin-payments.refund_provider_unavailable"));
    throw error;
  }
  if (balance < seen.payment.amount)
    return err(domainError("admin-payments.refund_balance_too_low", { balance, needed: seen.payment.amount }));

  const started = await deps.uow
    .run(
      async (
        repos,
      ): Promise<Result<{ refund: PaymentRefund; withdrawn: (Withdrawn & { commissionAmount: number }) | null }, RefundError>> => {
        const payment = await lockPaymentAndPurpose(repos, input.paymentId);
        if (!payment) return err(domainError("payment.not_found"));
        const existing = await repos.payments.findRefund(payment.id);
        const refused = refundRefusal(payment, existing);
        if (refused) return err(domainError(refused));
        const destination = refundDestination(payment);
        if (!destination) return err(domainError("admin-payments.refund_no_number"));
        const start = refundStart(existing);
        const now = deps.clock.now();
        const keepAccess = start.kind === "new" ? input.keepAccess : (existing?.keepAccess ?? false);
        const fields = {
          note,
          keepAccess,
          requestedBy: input.adminId,
          phone: destination.phone,
          medium: destination.medium,
          attempt: (existing?.attempt ?? 0) + 1,
          // This process sends it, now.
          sendClaimedAt: now,
          updatedAt: now,
        };
        // Withdrawn first: a visit changed at this very moment refuses the refund before anything is written.
        let withdrawn: (Withdrawn & { commissionAmount: number }) | null = null;
        if (start.kind === "new" && !keepAccess) {
          const result = await withdraw(repos, deps, payment, { note, adminId: input.adminId }, now);
          if (!result.ok) return result;
          withdrawn = result.value;
        }
        let claimed: boolean;
        if (start.kind === "new") {
          claimed = await repos.payments.insertRefund({
            id: deps.ids.id(),
            paymentId: payment.id,
            userId: payment.userId,
            amount: payment.amount,
            reason: "admin",
            paidByPaymentId: null,
            status: "pending",
            createdAt: now,
            transId: null,
            failureReason: null,
            ...fields,
          });
        } else {
          claimed = await repos.payments.claimRefund(payment.id, start.kind === "duplicate" ? "to_refund" : "failed", fields);
        }
        // Another request took it between our read and our write (the database decided).
        if (!claimed) throw new RefundRaceLost();
        const after = await repos.payments.findRefund(payment.id);
        if (!after) throw new Error(`Refund of ${payment.id} vanished`);
        await event(repos, deps, payment.id, "refund_requested", {
          refund: after.id,
          reference: refundReference(after),
          attempt: after.attempt,
          amount: after.amount,
          phone: after.phone,
          keepAccess: after.keepAccess,
          reason: note,
          ...(withdrawn ? withdrawnEvent(withdrawn) : {}),
        });
        await repos.audit.record({
          id: deps.ids.id(),
          actorId: input.adminId,
          action: REFUND_ACTIONS.requested,
          data: auditData(
            `payment:${payment.id}`,
            existing ? refundAuditState(existing) : null,
            // The visit's commission and what became of it: one paid or in a payout is the admin's to recover.
            withdrawn?.commission
              ? { ...refundAuditState(after), commission: withdrawn.commission, commissionOutcome: withdrawn.commissionOutcome }
              : refundAuditState(after),
            note,
          ),
          at: now,
        });
        return ok({ refund: after, withdrawn });
      },
    )
    .catch((error: unknown) => {
      if (error instanceof RefundRaceLost) return err(domainError("admin-payments.refund_in_progress"));
      throw error;
    });
  if (!started.ok) return started;
  const { refund: startedRefund, withdrawn } = started.value;
  const outcome = await send(deps, startedRefund, input.adminId);
  const after = await deps.uow.run(({ payments }) => payments.findRefund(input.paymentId));
  const commission =
    withdrawn?.commission && withdrawn.commissionOutcome
      ? { commissionId: withdrawn.commission, amount: withdrawn.commissionAmount, outcome: withdrawn.commissionOutcome }
      : null;
  return ok({ refund: after ?? startedRefund, outcome, commission });
}

/** Asks the provider about every pending refund and applies what it says (the reconciliation job). */
export async function reconcileRefunds(
  deps: RefundDeps,
  actorId: string | null,
): Promise<{ checked: number; outcomes: Record<string, RefundOutcome> }> {
  if (!deps.gateway) return { checked: 0, outcomes: {} };
  const open = await deps.uow.run(({ payments }) => payments.listPendingRefunds());
  const outcomes: Record<string, RefundOutcome> = {};
  for (const r of open) outcomes[r.paymentId] = await settle(deps, r, actorId);
  return { checked: open.length, outcomes };
}

/** The admin's "check the refund with the provider" on one payment. */
export async function checkRefund(deps: RefundDeps, input: { adminId: string; paymentId: string }): Promise<RefundOutcome> {
  const refund = await deps.uow.run(({ payments }) => payments.findRefund(input.paymentId));
  if (!refund || refund.status !== "pending" || !deps.gateway) return "unknown";
  return settle(deps, refund, input.adminId);
}

class RefundRaceLost extends Error {}

/** The event keeps what was withdrawn, the commission's amount aside (it is the earning's). */
function withdrawnEvent({ commissionAmount: _amount, ...w }: Withdrawn & { commissionAmount: number }): Withdrawn {
  return w;
}

async function withdraw(
  repos: MoneyRepos & { audit: AuditLog },
  deps: Pick<RefundDeps, "ids">,
  payment: Payment,
  by: { note: string; adminId: string },
  now: Date,
): Promise<Result<Withdrawn & { commissionAmount: number }, RefundError>> {
  const note = by.note;
  const withdrawn: Withdrawn & { commissionAmount: number } = {
    subscriptionEndsBefore: null,
    subscriptionEndsAfter: null,
    accessEnded: false,
    bookingCancelled: null,
    commission: null,
    commissionOutcome: null,
    commissionAmount: 0,
  };
  if (payment.bookingId) {
    // The agent is not paid for a visit whose money went back: its pending earning is voided here,
    // by the admin's void (one rule, one audit row); one already paid or in a payout is left alone.
    const earning = await repos.commissions.findByBookingId(payment.bookingId);
    if (earning) {
      const voided = await voidPendingEarning(repos, deps.ids, {
        actorId: by.adminId,
        earning,
        reason: `Payment ${payment.reference} refunded: ${note}`,
        at: now,
      });
      withdrawn.commission = earning.id;
      withdrawn.commissionOutcome = voided.outcome;
      withdrawn.commissionAmount = earning.amount;
    }
    const booking = await repos.bookings.findById(payment.bookingId);
    if (booking && visitToCancel(booking, doualaDate(now))) {
      const result = await repos.bookings.applyLifecycleChange(
        booking,
        {
          bookingStatus: "cancelled",
          agentResponse: booking.agentResponse === "proposed" ? "awaiting" : undefined,
          proposedSlot: null,
          cancellation: { at: now, by: "admin", reason: note },
        },
        now,
      );
      if (result !== "applied") return err(domainError("admin-payments.refund_changed_meanwhile"));
      // The agent is told the visit is off; the student is told by the refund's own e-mail.
      await repos.notices.enqueue(
        { kind: "booking_cancelled", bookingId: booking.id, recipient: "agent", data: { by: "admin", reason: note } },
        now,
      );
      withdrawn.bookingCancelled = booking.id;
    }
  }
  if (SUBSCRIPTION_PAYMENT_TYPES.includes(payment.type)) {
    const bought = await repos.subscriptions.findByPaymentId(payment.id);
    if (bought) {
      // Locks the user (PostgreSQL) as a payment's grant does, so periods are not moved under it.
      const before = await repos.subscriptions.latestSubscriptionEnd(payment.userId);
      for (const change of withdrawPeriod(await repos.subscriptions.listForUser(payment.userId), bought.id))
        await repos.subscriptions.setPeriod(change.id, change);
      const after = await repos.subscriptions.latestSubscriptionEnd(payment.userId);
      withdrawn.subscriptionEndsBefore = before?.toISOString() ?? null;
      withdrawn.subscriptionEndsAfter = after?.toISOString() ?? null;
    }
  }
  if (payment.type === "guest_house_access") withdrawn.accessEnded = await repos.platformAccess.invalidateForPayment(payment.id);
  return ok(withdrawn);
}

/**
 * The visit a refunded payment paid for is called off when it has not happened: confirmed and still
 * ahead with no outcome, or waiting to be rebooked. A visit that took place (or whose day has
 * passed) stays as it was: it is history.
 */
export function visitToCancel(
  booking: Pick<Booking, "bookingStatus" | "paymentStatus" | "viewingOutcome" | "visitDate">,
  today: string,
): boolean {
  if (booking.viewingOutcome !== null) return false;
  if (booking.bookingStatus === "rebook_required") return true;
  return booking.bookingStatus === "confirmed" && booking.visitDate >= today;
}

async function settle(deps: RefundDeps, r: PaymentRefund, actorId: string | null): Promise<RefundOutcome> {
  const gateway = deps.gateway;
  if (!gateway) return "unknown";
  if (r.transId) {
    try {
      return await apply(deps, r, await gateway.status(r.transId), actorId);
    } catch (error) {
      if (error instanceof PaymentGatewayError) return "unknown";
      throw error;
    }
  }
  const now = deps.clock.now();
  if (r.sendClaimedAt && now.getTime() - r.sendClaimedAt.getTime() < SEND_CLAIM_STALE_MS) return "sending";
  let found: ProviderPayout | null;
  try {
    found = await gateway.findByReference({ reference: refundReference(r), userId: r.userId });
  } catch (error) {
    if (error instanceof PaymentGatewayError) return "unknown";
    throw error;
  }
  if (found) {
    const transId = found.transId;
    await deps.uow.run(async (repos) => {
      await repos.payments.recordRefundTransId(r.paymentId, transId, now);
      await event(repos, deps, r.paymentId, "refund_found_by_reference", { transId, status: found.status, attempt: r.attempt });
    });
    return apply(deps, { ...r, transId }, found, actorId);
  }
  const claimed = await deps.uow.run(({ payments }) =>
    payments.claimRefundSend(r.paymentId, now, new Date(now.getTime() - SEND_CLAIM_STALE_MS)),
  );
  if (!claimed) return "sending";
  return send(deps, r, actorId);
}

async function send(deps: RefundDeps, r: PaymentRefund, actorId: string | null): Promise<RefundOutcome> {
  const gateway = deps.gateway;
  if (!gateway || !r.phone || !r.medium) return "unknown";
  const contact = await deps.contacts.contact(r.userId);
  try {
    const { transId } = await gateway.send({
      reference: refundReference(r),
      amount: r.amount,
      phone: r.phone,
      medium: r.medium,
      name: contact?.name ?? "KamerNest",
      userId: r.userId,
      message: "KamerNest refund",
    });
    await deps.uow.run(async (repos) => {
      await repos.payments.recordRefundTransId(r.paymentId, transId, deps.clock.now());
      await event(repos, deps, r.paymentId, "refund_sent", { transId, attempt: r.attempt });
    });
    return "pending";
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // A 4xx: the provider refused the request, so nothing was sent.
    if (error.kind === "rejected") return fail(deps, r, error.message || "Refused by the provider", actorId);
    // A timeout, a 5xx, a cut connection: it may have been sent. Looked up by reference once the claim is stale.
    await deps.uow.run((repos) =>
      event(repos, deps, r.paymentId, "refund_send_unconfirmed", { kind: error.kind, message: error.message, attempt: r.attempt }),
    );
    return "unknown";
  }
}

async function apply(deps: RefundDeps, r: PaymentRefund, tx: ProviderPayout, actorId: string | null): Promise<RefundOutcome> {
  // A transaction that is not this attempt (another reference or amount) changes nothing.
  if ((tx.externalId !== null && tx.externalId !== refundReference(r)) || tx.amount !== r.amount) return "unknown";
  if (tx.status === "pending") return "pending";
  if (tx.status === "failed") return fail(deps, r, tx.reason || "Refused by the provider", actorId);
  const now = deps.clock.now();
  const after = await deps.uow.run(async (repos) => {
    if (!(await repos.payments.settleRefund(r.paymentId, { status: "succeeded" }, now))) return null;
    const after = await repos.payments.findRefund(r.paymentId);
    if (!after) throw new Error(`Refund of ${r.paymentId} vanished`);
    await event(repos, deps, r.paymentId, "refunded", { transId: tx.transId, amount: r.amount, phone: r.phone, attempt: r.attempt });
    await repos.audit.record({
      id: deps.ids.id(),
      actorId,
      action: REFUND_ACTIONS.succeeded,
      data: auditData(`payment:${r.paymentId}`, refundAuditState(r), refundAuditState(after)),
      at: now,
    });
    return after;
  });
  if (after) await tell(deps, after);
  return "successful";
}

async function fail(deps: RefundDeps, r: PaymentRefund, reason: string, actorId: string | null): Promise<RefundOutcome> {
  const now = deps.clock.now();
  await deps.uow.run(async (repos) => {
    if (!(await repos.payments.settleRefund(r.paymentId, { status: "failed", reason }, now))) return;
    const after = await repos.payments.findRefund(r.paymentId);
    if (!after) throw new Error(`Refund of ${r.paymentId} vanished`);
    await event(repos, deps, r.paymentId, "refund_failed", { reason, attempt: r.attempt });
    await repos.audit.record({
      id: deps.ids.id(),
      actorId,
      action: REFUND_ACTIONS.failed,
      data: auditData(`payment:${r.paymentId}`, refundAuditState(r), refundAuditState(after), reason),
      at: now,
    });
  });
  return "failed";
}

/** The payer's e-mail; a mail failure never undoes a refund. */
async function tell(deps: RefundDeps, r: PaymentRefund): Promise<void> {
  const n = deps.notify;
  if (!n) return;
  const contact = await deps.contacts.contact(r.userId);
  const payment = await deps.uow.run(({ payments }) => payments.findById(r.paymentId));
  if (!contact || !payment) return;
  const mail = n.emails.refunded({
    name: contact.name,
    language: contact.language,
    amount: n.formatAmount(r.amount),
    number: r.phone ?? "",
    paymentReference: payment.reference,
    providerReference: r.transId ?? refundReference(r),
    withdrawn: r.reason === "admin" && !r.keepAccess,
    profileUrl: `${n.appUrl}/profile`,
  });
  try {
    await n.mailer.send({ to: contact.email, ...mail });
  } catch {
    // The refund stands; the payment's page shows it whatever the mail did.
  }
}

function event(
  repos: Pick<MoneyRepos, "payments">,
  deps: Pick<RefundDeps, "ids" | "clock">,
  paymentId: string,
  type: PaymentEventType,
  data: Record<string, unknown>,
): Promise<void> {
  return repos.payments.addPaymentEvent({ id: deps.ids.id(), paymentId, type, data, createdAt: deps.clock.now() });
}
