// The safety net for lost webhooks (Fapshi never retries them) and abandoned checkouts. Run on a
// timer: every payment that may still change is asked about again; one whose link has lived
// 24 hours without success is expired at the provider and here, releasing its booking's slot.
// A payment whose initiation answer was lost is looked for at the provider by our reference for
// those 24 hours; a transaction the provider answers 404 for is given up after them.
import { applyProviderStatus, changePaymentStatus, lockPaymentAndPurpose, runSuccessHandler } from "./apply-provider-status.use-case";
import type { PaymentDeps } from "./payment-deps";
import { PaymentGatewayError, type ProviderTransaction } from "./payment-gateway.port";
import { PAYMENT_LINK_LIFETIME_MS, RECONCILE_PAGE_SIZE, type Payment } from "./payment.entity";
import type { ReconcileCursor } from "./payment-repository.port";

export interface ReconcileReport {
  checked: number;
  succeeded: number;
  failed: number;
  expired: number;
  unchanged: number;
  /** Payments the provider could not be asked about this time; tried again on the next run. */
  errors: number;
}

export async function reconcilePendingPayments(deps: PaymentDeps, input: { now?: Date; pageSize?: number } = {}): Promise<ReconcileReport> {
  const now = input.now ?? deps.clock.now();
  const limit = input.pageSize ?? RECONCILE_PAGE_SIZE;
  const report: ReconcileReport = { checked: 0, succeeded: 0, failed: 0, expired: 0, unchanged: 0, errors: 0 };
  // Read in bounded pages (keyset on created_at, id), so a backlog never loads at once. What this
  // sweep changes cannot reorder the list: the cursor follows creation, not status.
  let after: ReconcileCursor | null = null;
  for (;;) {
    const page = await deps.repos.payments.listPaymentsToReconcile({
      now,
      failedAtStartSince: new Date(now.getTime() - PAYMENT_LINK_LIFETIME_MS),
      after,
      limit,
    });
    for (const payment of page) {
      report.checked += 1;
      try {
        const outcome = await reconcileOne(deps, payment, now);
        if (outcome.status === payment.status) report.unchanged += 1;
        else if (outcome.status === "successful") report.succeeded += 1;
        else if (outcome.status === "failed") report.failed += 1;
        else if (outcome.status === "expired") report.expired += 1;
        else report.unchanged += 1;
      } catch (error) {
        // One provider hiccup must not stop the sweep; anything else is a bug and is thrown.
        if (!(error instanceof PaymentGatewayError)) throw error;
        report.errors += 1;
      }
    }
    const last = page.at(-1);
    if (!last || page.length < limit) return report;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * One payment through the sweep's steps (find a lost initiation by reference, ask the provider,
 * expire after the link's lifetime). Provider failures are thrown as PaymentGatewayError.
 */
export async function reconcileOne(deps: PaymentDeps, payment: Payment, now: Date): Promise<Payment> {
  const tooOld = now.getTime() - payment.createdAt.getTime() >= PAYMENT_LINK_LIFETIME_MS;
  let current = payment;
  if (current.providerTxId === null) {
    // The initiation's answer never reached us (a timeout, a failed save, the process stopped
    // mid-call), but the request may have reached the provider: look for the transaction started
    // with our reference, and carry on with it if there is one.
    const found = await deps.gateway.findByReference({ reference: payment.reference, userId: payment.userId });
    if (found) current = await apply(deps, current, found, true);
    if (current.providerTxId === null) {
      // Nothing there. A pending one is given the link's lifetime, then expired; a failed one
      // simply stops being listed after it.
      return tooOld && current.status === "pending" ? expireLocally(deps, current, "link_lifetime_passed") : current;
    }
    if (!tooOld || current.status === "successful" || current.status === "expired") return current;
  }

  const transId = current.providerTxId as string;
  let status: ProviderTransaction;
  try {
    status = await deps.gateway.getStatus(transId);
  } catch (error) {
    // The provider does not know this transaction (404): asking again will not help. Give up on it
    // once the link's lifetime has passed; until then another sweep costs little.
    if (error instanceof PaymentGatewayError && error.kind === "rejected" && error.httpStatus === 404) {
      return tooOld ? expireLocally(deps, current, "unknown_at_provider") : current;
    }
    throw error;
  }
  current = await apply(deps, current, status);
  if (!tooOld || current.status === "successful" || current.status === "expired") return current;
  // Expire at the provider first, so the link cannot take money after we have released the slot.
  // The answer is the transaction as it then stands: a success that slipped in wins.
  current = await apply(deps, current, await deps.gateway.expire(transId));
  if (current.status === "successful" || current.status === "expired") return current;
  return expireLocally(deps, current, "link_lifetime_passed");
}

async function apply(deps: PaymentDeps, payment: Payment, transaction: ProviderTransaction, attach = false): Promise<Payment> {
  const result = await applyProviderStatus(deps, { paymentId: payment.id, transaction, source: "reconcile", attach });
  if (!result.ok) throw new Error(`Payment ${payment.id} vanished during reconciliation`);
  if (result.value.changed) {
    await deps.uow.run((repos) =>
      repos.payments.addPaymentEvent({
        id: deps.ids.id(),
        paymentId: payment.id,
        type: "reconciled",
        data: { from: payment.status, to: result.value.payment.status, transId: transaction.transId },
        createdAt: deps.clock.now(),
      }),
    );
  }
  return result.value.payment;
}

async function expireLocally(deps: PaymentDeps, payment: Payment, reason: string): Promise<Payment> {
  const outcome = await deps.uow.run(async (repos) => {
    const locked = await lockPaymentAndPurpose(repos, payment.id);
    if (!locked) throw new Error(`Payment ${payment.id} vanished during reconciliation`);
    return changePaymentStatus(repos, deps, locked, "expired", { source: "reconcile", reason });
  });
  if (outcome.changed && outcome.payment.status === "successful") await runSuccessHandler(deps, outcome.payment);
  return outcome.payment;
}
