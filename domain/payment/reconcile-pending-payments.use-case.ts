// The safety net for lost webhooks (Fapshi never retries them) and abandoned checkouts. Run on a
// timer: every payment that may still change is asked about again; one whose link has lived
// 24 hours without success is expired at the provider and here, releasing its booking's slot.
import { applyProviderStatus, changePaymentStatus, runSuccessHandler } from "./apply-provider-status.use-case";
import type { PaymentDeps } from "./payment-deps";
import { PaymentGatewayError, type ProviderTransaction } from "./payment-gateway.port";
import { PAYMENT_LINK_LIFETIME_MS, type Payment } from "./payment.entity";

export interface ReconcileReport {
  checked: number;
  succeeded: number;
  failed: number;
  expired: number;
  unchanged: number;
  /** Payments the provider could not be asked about this time; tried again on the next run. */
  errors: number;
}

export async function reconcilePendingPayments(deps: PaymentDeps, input: { now?: Date } = {}): Promise<ReconcileReport> {
  const now = input.now ?? deps.clock.now();
  const report: ReconcileReport = { checked: 0, succeeded: 0, failed: 0, expired: 0, unchanged: 0, errors: 0 };
  for (const payment of await deps.repos.payments.listPaymentsToReconcile(now)) {
    report.checked += 1;
    try {
      const after = await reconcileOne(deps, payment, now);
      if (after.status === payment.status) report.unchanged += 1;
      else if (after.status === "successful") report.succeeded += 1;
      else if (after.status === "failed") report.failed += 1;
      else if (after.status === "expired") report.expired += 1;
      else report.unchanged += 1;
    } catch (error) {
      // One provider hiccup must not stop the sweep; anything else is a bug and is thrown.
      if (!(error instanceof PaymentGatewayError)) throw error;
      report.errors += 1;
    }
  }
  return report;
}

async function reconcileOne(deps: PaymentDeps, payment: Payment, now: Date): Promise<Payment> {
  const tooOld = now.getTime() - payment.createdAt.getTime() >= PAYMENT_LINK_LIFETIME_MS;
  let current = payment;
  if (payment.providerTxId !== null) {
    current = await apply(deps, payment, await deps.gateway.getStatus(payment.providerTxId));
    if (!tooOld || current.status === "successful" || current.status === "expired") return current;
    // Expire at the provider first, so the link cannot take money after we have released the slot.
    const expired = await deps.gateway.expire(payment.providerTxId);
    if (expired) {
      current = await apply(deps, current, expired);
      if (current.status === "successful" || current.status === "expired") return current;
    } else {
      // Already expired or not expirable there: ask once more, a success may have slipped in.
      current = await apply(deps, current, await deps.gateway.getStatus(payment.providerTxId));
      if (current.status === "successful" || current.status === "expired") return current;
    }
  } else if (!tooOld) {
    // Never reached the provider (the process stopped mid-call); nothing to ask yet.
    return current;
  }
  return expireLocally(deps, current);
}

async function apply(deps: PaymentDeps, payment: Payment, transaction: ProviderTransaction): Promise<Payment> {
  const result = await applyProviderStatus(deps, { paymentId: payment.id, transaction, source: "reconcile" });
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

async function expireLocally(deps: PaymentDeps, payment: Payment): Promise<Payment> {
  const outcome = await deps.uow.run(async (repos) => {
    const locked = await repos.payments.lockById(payment.id);
    if (!locked) throw new Error(`Payment ${payment.id} vanished during reconciliation`);
    return changePaymentStatus(repos, deps, locked, "expired", { source: "reconcile", reason: "link_lifetime_passed" });
  });
  if (outcome.changed && outcome.payment.status === "successful") await runSuccessHandler(deps, outcome.payment);
  return outcome.payment;
}
