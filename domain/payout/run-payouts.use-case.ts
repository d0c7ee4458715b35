// The payout run (issue 34, decision 0212): each agent with a payout number is sent their pending
// commissions up to the cut-off, through the disbursement provider.
//
// Nothing is sent twice:
// - a payout is written 'pending' with our reference, and its earnings claimed by a conditional
//   write, in one transaction, BEFORE the provider is asked: an earning claimed by one run (or
//   one process) is never claimed by another, and a crash after the send leaves a row to find;
// - only the process holding the payout's send claim sends it; a claim older than
//   SEND_CLAIM_STALE_MS (its process died, or the answer was lost) is first looked up at the
//   provider by our reference (externalId), and sent again only when the provider has none;
// - the earnings become paid only when the provider says SUCCESSFUL, and go back to the pending
//   pool (with the reason on the payout) when it says FAILED or refuses the request.
// Every change writes the payout's event and an audit row in the same transaction as it.
import type { AuditLog } from "../accounts/audit-log.port";
import { auditData } from "../accounts/audit-log.port";
import { PaymentGatewayError } from "../payment/payment-gateway.port";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import type { Mailer } from "../shared/mailer.port";
import { err, ok, domainError, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { Disbursements, ProviderPayout } from "./disbursement-gateway.port";
import type { PayoutEmails } from "./payout-emails.port";
import { MIN_PAYOUT_XAF, payoutAuditState, SEND_CLAIM_STALE_MS, type Payout, type PayoutEvent } from "./payout.entity";
import type { PayoutError } from "./payout.errors";
import type { PayoutStore } from "./payout-store.port";

export interface PayoutDeps {
  uow: UnitOfWork<{ payouts: PayoutStore; audit: AuditLog }>;
  gateway: Disbursements;
  clock: Clock;
  ids: IdGenerator;
  /** The agent's e-mail when a payout ends (paid or failed); optional in tests. */
  notify?: { mailer: Mailer; emails: PayoutEmails; appUrl: string; formatAmount: (xaf: number) => string };
}

export const PAYOUT_ACTIONS = {
  created: "payout.created",
  succeeded: "payout.succeeded",
  failed: "payout.failed",
} as const;

export interface RunPayoutsInput {
  /** The admin who pressed the button, or null for the scheduled job. */
  actorId: string | null;
  /** Earnings recorded after this are left for the next run. Clamped to now. */
  cutOff: Date;
}

export interface RunPayoutsOutput {
  balance: number;
  payouts: Payout[];
}

export type SettleOutcome = "successful" | "failed" | "pending" | "sending" | "unknown";

export async function runPayouts(deps: PayoutDeps, input: RunPayoutsInput): Promise<Result<RunPayoutsOutput, PayoutError>> {
  // Earlier payouts first: a failed one gives its earnings back to this run.
  await reconcilePayouts(deps, input.actorId);
  const now = deps.clock.now();
  const cutOff = Number.isNaN(input.cutOff.getTime()) || input.cutOff > now ? now : input.cutOff;
  const due = (await deps.uow.run(({ payouts }) => payouts.dueUpTo(cutOff))).filter((d) => d.amount >= MIN_PAYOUT_XAF);
  if (due.length === 0) return err(domainError("payouts.nothing_due"));
  let balance: number;
  try {
    balance = await deps.gateway.balance();
  } catch (error) {
    if (error instanceof PaymentGatewayError) return err(domainError("payouts.provider_unavailable"));
    throw error;
  }
  const needed = due.reduce((sum, d) => sum + d.amount, 0);
  if (balance < needed) return err(domainError("payouts.balance_too_low", { balance, needed }));

  const sent: Payout[] = [];
  for (const d of due) {
    const created = await deps.uow.run(async ({ payouts, audit }) => {
      const number = await payouts.findNumber(d.agentId);
      if (!number) return null;
      const id = deps.ids.id();
      const claimed = await payouts.claimEarnings(d.agentId, cutOff, id);
      const amount = claimed.reduce((sum, e) => sum + e.amount, 0);
      // Another run claimed them meanwhile: nothing for this one to pay.
      if (claimed.length === 0) return null;
      if (amount < MIN_PAYOUT_XAF) throw new Error(`Payout ${id} of ${amount} XAF is under the provider's minimum`);
      const payout: Payout = {
        id,
        agentId: d.agentId,
        amount,
        phone: number.phone,
        medium: number.medium,
        status: "pending",
        transId: null,
        reason: null,
        cutOff,
        earningCount: claimed.length,
        // This process sends it, now.
        sendClaimedAt: now,
        createdBy: input.actorId,
        createdAt: now,
        updatedAt: now,
      };
      await payouts.insert(payout);
      await payouts.addEvent(event(deps, id, "created", { amount, earnings: claimed.map((e) => e.id).join(","), phone: number.phone }));
      await audit.record({
        id: deps.ids.id(),
        actorId: input.actorId,
        action: PAYOUT_ACTIONS.created,
        data: auditData(`payout:${id}`, null, payoutAuditState(payout)),
        at: now,
      });
      return payout;
    });
    if (!created) continue;
    await send(deps, created, input.actorId);
    const after = await deps.uow.run(({ payouts }) => payouts.findById(created.id));
    if (after) sent.push(after);
  }
  return ok({ balance, payouts: sent });
}

/** Asks the provider about every pending payout and applies what it says. The reconciler and the admin's "check statuses". */
export async function reconcilePayouts(
  deps: PayoutDeps,
  actorId: string | null,
): Promise<{ checked: number; outcomes: Record<string, SettleOutcome> }> {
  const open = await deps.uow.run(({ payouts }) => payouts.listOpen());
  const outcomes: Record<string, SettleOutcome> = {};
  for (const p of open) outcomes[p.id] = await settle(deps, p, actorId);
  return { checked: open.length, outcomes };
}

/**
 * A webhook from the disbursement service (decision 0224). The route has checked the shared secret;
 * the body is trusted for nothing but the transaction id: the status is read again from the
 * provider with our own credentials and applied by the same code as reconciliation, so a late or
 * repeated delivery changes nothing more (a settled payout is not pending any more). A transaction
 * id we never recorded (the answer to our send was lost) is matched through the provider's own
 * record of it: its externalId is our payout reference. Anything else is not_found.
 */
export async function handlePayoutWebhook(
  deps: PayoutDeps,
  input: { transId: string },
): Promise<Result<{ payoutId: string; outcome: SettleOutcome }, PayoutError>> {
  const transId = input.transId.trim();
  if (!transId) return err(domainError("payouts.not_found"));
  const known = await deps.uow.run(({ payouts }) => payouts.findByTransId(transId));
  let tx: ProviderPayout;
  try {
    tx = await deps.gateway.status(transId);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // Unknown here and refused there (a 4xx): nobody's payout.
    if (!known && error.kind === "rejected") return err(domainError("payouts.not_found"));
    return err(domainError("payouts.provider_unavailable"));
  }
  // The provider's record must be of this very transaction: an answer about another id proves nothing.
  if (tx.transId !== transId) return err(domainError("payouts.not_found"));
  let payout = known;
  if (!payout) {
    const reference = tx.externalId?.trim();
    const found = reference ? await deps.uow.run(({ payouts }) => payouts.findById(reference)) : null;
    // Another transaction than the one we recorded for this reference is not this payout's.
    if (!found || (found.transId !== null && found.transId !== transId)) return err(domainError("payouts.not_found"));
    payout = found;
    if (found.status === "pending" && found.transId === null) {
      await deps.uow.run(async ({ payouts }) => {
        await payouts.recordTransId(found.id, transId, deps.clock.now());
        await payouts.addEvent(event(deps, found.id, "found_by_reference", { transId, status: tx.status, source: "webhook" }));
      });
      payout = { ...found, transId };
    }
  }
  // Settled already: the news is old, nothing changes.
  if (payout.status !== "pending") return ok({ payoutId: payout.id, outcome: payout.status });
  return ok({ payoutId: payout.id, outcome: await apply(deps, payout, tx, null) });
}

async function settle(deps: PayoutDeps, p: Payout, actorId: string | null): Promise<SettleOutcome> {
  if (p.transId) {
    try {
      return await apply(deps, p, await deps.gateway.status(p.transId), actorId);
    } catch (error) {
      if (error instanceof PaymentGatewayError) return "unknown";
      throw error;
    }
  }
  const now = deps.clock.now();
  // Someone is sending it right now (or did a moment ago and is writing the answer).
  if (p.sendClaimedAt && now.getTime() - p.sendClaimedAt.getTime() < SEND_CLAIM_STALE_MS) return "sending";
  let found: ProviderPayout | null;
  try {
    found = await deps.gateway.findByReference({ reference: p.id, userId: p.agentId });
  } catch (error) {
    if (error instanceof PaymentGatewayError) return "unknown";
    throw error;
  }
  if (found) {
    await deps.uow.run(async ({ payouts }) => {
      await payouts.recordTransId(p.id, found.transId, now);
      await payouts.addEvent(event(deps, p.id, "found_by_reference", { transId: found.transId, status: found.status }));
    });
    return apply(deps, { ...p, transId: found.transId }, found, actorId);
  }
  // The provider has none: the request never reached it. Send it, if no one else has just taken it.
  const claimed = await deps.uow.run(({ payouts }) => payouts.claimSend(p.id, now, new Date(now.getTime() - SEND_CLAIM_STALE_MS)));
  if (!claimed) return "sending";
  return send(deps, p, actorId);
}

async function send(deps: PayoutDeps, p: Payout, actorId: string | null): Promise<SettleOutcome> {
  const contact = await deps.uow.run(({ payouts }) => payouts.contact(p.agentId));
  try {
    const { transId } = await deps.gateway.send({
      reference: p.id,
      amount: p.amount,
      phone: p.phone,
      medium: p.medium,
      name: contact?.name ?? "KamerNest agent",
      userId: p.agentId,
      message: "KamerNest commissions",
    });
    await deps.uow.run(async ({ payouts }) => {
      await payouts.recordTransId(p.id, transId, deps.clock.now());
      await payouts.addEvent(event(deps, p.id, "sent", { transId }));
    });
    return "pending";
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // A 4xx: the provider refused the request, so nothing was sent. The earnings go back.
    if (error.kind === "rejected") return fail(deps, p, error.message || "Refused by the provider", actorId);
    // A timeout, a 5xx, a cut connection: it may have been sent. The claim stays; once stale the
    // payout is looked up by our reference before anything is sent again.
    await deps.uow.run(({ payouts }) =>
      payouts.addEvent(event(deps, p.id, "send_unconfirmed", { kind: error.kind, message: error.message })),
    );
    return "unknown";
  }
}

async function apply(deps: PayoutDeps, p: Payout, tx: ProviderPayout, actorId: string | null): Promise<SettleOutcome> {
  // A transaction that is not this payout (another reference or amount) changes nothing.
  if ((tx.externalId !== null && tx.externalId !== p.id) || tx.amount !== p.amount) return "unknown";
  if (tx.status === "pending") return "pending";
  if (tx.status === "failed") return fail(deps, p, tx.reason || "Refused by the provider", actorId);
  const now = deps.clock.now();
  const after = await deps.uow.run(async ({ payouts, audit }) => {
    if (!(await payouts.markSucceeded(p.id, now))) return null;
    const after = await payouts.findById(p.id);
    if (!after) throw new Error(`Payout ${p.id} vanished`);
    await payouts.addEvent(event(deps, p.id, "succeeded", { transId: tx.transId }));
    await audit.record({
      id: deps.ids.id(),
      actorId,
      action: PAYOUT_ACTIONS.succeeded,
      data: auditData(`payout:${p.id}`, payoutAuditState(p), payoutAuditState(after)),
      at: now,
    });
    return after;
  });
  if (after) await tell(deps, after);
  return "successful";
}

async function fail(deps: PayoutDeps, p: Payout, reason: string, actorId: string | null): Promise<SettleOutcome> {
  const now = deps.clock.now();
  const after = await deps.uow.run(async ({ payouts, audit }) => {
    if (!(await payouts.markFailed(p.id, reason, now))) return null;
    const after = await payouts.findById(p.id);
    if (!after) throw new Error(`Payout ${p.id} vanished`);
    await payouts.addEvent(event(deps, p.id, "failed", { reason }));
    await audit.record({
      id: deps.ids.id(),
      actorId,
      action: PAYOUT_ACTIONS.failed,
      data: auditData(`payout:${p.id}`, payoutAuditState(p), payoutAuditState(after), reason),
      at: now,
    });
    return after;
  });
  if (after) await tell(deps, after);
  return "failed";
}

/** The agent's e-mail; a mail failure never undoes a settled payout. */
async function tell(deps: PayoutDeps, p: Payout): Promise<void> {
  if (!deps.notify) return;
  const contact = await deps.uow.run(({ payouts }) => payouts.contact(p.agentId));
  if (!contact) return;
  const n = deps.notify;
  const common = {
    name: contact.name,
    language: contact.language,
    amount: n.formatAmount(p.amount),
    number: p.phone,
    earningsUrl: `${n.appUrl}/agents/earnings`,
  };
  const mail =
    p.status === "successful"
      ? n.emails.paid({ ...common, reference: p.transId ?? p.id })
      : n.emails.failed({ ...common, reason: p.reason ?? "" });
  try {
    await n.mailer.send({ to: contact.email, ...mail });
  } catch {
    // The payout stands; the earnings page shows it whatever the mail did.
  }
}

function event(deps: PayoutDeps, payoutId: string, type: PayoutEvent["type"], data: PayoutEvent["data"]): PayoutEvent {
  return { id: deps.ids.id(), payoutId, type, data, at: deps.clock.now() };
}
