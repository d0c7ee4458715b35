// One open checkout per purpose (decision 0184). A student who opens checkout A for a visit, goes
// back and starts checkout B must not be able to approve both: before B is written, A is closed at
// the provider (Fapshi's expire-pay; the simulated provider likewise, so its page then refuses)
// and recorded expired with its events. If A turns out to be paid already, B is not created: A's
// success is applied and the payer is told the purchase is already paid. The database decides
// between two starts at once: B is written under the purpose's lock row, only if no checkout other
// than those just closed is open; otherwise the start deals with the newcomer first (a checkout
// still waiting for the provider's answer makes it refuse, "a payment is already being started").
import { err, ok, domainError, type Result } from "../shared/result";
import { applyProviderStatus, changePaymentStatus, lockPaymentAndPurpose } from "./apply-provider-status.use-case";
import type { MoneyRepos } from "./money-unit-of-work";
import type { PaymentDeps } from "./payment-deps";
import { PaymentGatewayError, type ProviderTransaction } from "./payment-gateway.port";
import { purchaseIdFor } from "./payment-purpose";
import { PAYMENT_INIT_TIMEOUT_MS, PAYMENT_LINK_LIFETIME_MS, type Payment } from "./payment.entity";
import type { PaymentError } from "./payment.errors";

/** Starts that keep finding a newer checkout give up after this many rounds (two at once need two). */
const MAX_ROUNDS = 3;

/** The purpose's payments that may still take money at `now` (pending, or failed within the link's lifetime). */
export function openCheckouts(repos: Pick<MoneyRepos, "payments">, purpose: string, now: Date): Promise<Payment[]> {
  return repos.payments.listOpenForPurpose(purpose, new Date(now.getTime() - PAYMENT_LINK_LIFETIME_MS));
}

/**
 * Closes the earlier open checkouts of `payment.purpose`, then runs `write` (which inserts the
 * payment it is given, with its purchase decided, and answers false when the purchase can no
 * longer be paid) in one unit of work under the purpose's lock, with a 'superseded' event on each
 * checkout it replaces. Answers what `write` answered, or:
 *   - payment.already_paid: an earlier checkout had been paid (its success is now applied), or was
 *     paid while this start ran;
 *   - payment.checkout_starting: another start of this purpose is waiting for the provider;
 *   - payment.earlier_checkout_open: the provider could not be asked to close the earlier one, so
 *     no second one is opened beside it.
 */
export async function openReplacingEarlierCheckouts(
  deps: PaymentDeps,
  payment: Payment & { purpose: string },
  write: (repos: MoneyRepos, payment: Payment) => Promise<boolean>,
): Promise<Result<boolean, PaymentError>> {
  for (let round = 1; ; round += 1) {
    const closed = await closeEarlierCheckouts(deps, payment.purpose);
    if (!closed.ok) return closed;
    const replaced = closed.value;
    const outcome = await deps.uow.run(async (repos) => {
      await repos.payments.lockPurpose(payment.purpose);
      const open = await openCheckouts(repos, payment.purpose, deps.clock.now());
      // Another start of this purpose got in between: close its checkout first.
      if (open.some((p) => !replaced.some((r) => r.id === p.id))) return "raced" as const;
      const purchaseId = purchaseIdFor(payment, replaced);
      // A replaced checkout (or, for a booking, any payment of it) was paid while this start ran.
      if (await repos.payments.findPurchasePaidBy(purchaseId, payment.id)) return "already_paid" as const;
      if (!(await write(repos, { ...payment, purchaseId }))) return false;
      const at = deps.clock.now();
      for (const r of replaced) {
        await repos.payments.addPaymentEvent({
          id: deps.ids.id(),
          paymentId: r.id,
          type: "superseded",
          // closed: false for a checkout the provider could not expire (a prompt on the phone): if
          // both are paid, the later success is listed for a refund.
          data: { by: payment.id, byReference: payment.reference, closed: r.status === "expired" },
          createdAt: at,
        });
      }
      return true;
    });
    if (outcome === "raced") {
      if (round < MAX_ROUNDS) continue;
      return err(domainError("payment.checkout_starting"));
    }
    if (outcome === "already_paid") return err(domainError("payment.already_paid"));
    return ok(outcome);
  }
}

/** Closes every open checkout of the purpose; answers them as they now are. */
async function closeEarlierCheckouts(deps: PaymentDeps, purpose: string): Promise<Result<Payment[], PaymentError>> {
  const replaced: Payment[] = [];
  for (const earlier of await openCheckouts(deps.repos, purpose, deps.clock.now())) {
    const closed = await closeCheckout(deps, earlier);
    if (!closed.ok) return closed;
    if (closed.value.status === "successful") return err(domainError("payment.already_paid"));
    replaced.push(closed.value);
  }
  return ok(replaced);
}

async function closeCheckout(deps: PaymentDeps, earlier: Payment): Promise<Result<Payment, PaymentError>> {
  let transaction: ProviderTransaction | null;
  let attach = false;
  try {
    if (earlier.providerTxId !== null) {
      transaction = await deps.gateway.expire(earlier.providerTxId);
    } else {
      // No answer from the provider yet. While the start that made it may still be waiting for
      // one, this start cannot know what to close: refuse rather than open a second checkout.
      const age = deps.clock.now().getTime() - earlier.createdAt.getTime();
      if (earlier.status === "pending" && age < 2 * (deps.initTimeoutMs ?? PAYMENT_INIT_TIMEOUT_MS))
        return err(domainError("payment.checkout_starting"));
      // Its answer was lost: the provider may have the transaction all the same.
      const found = await deps.gateway.findByReference({ reference: earlier.reference, userId: earlier.userId });
      transaction = found && (found.status === "pending" || found.status === "failed") ? await deps.gateway.expire(found.transId) : found;
      attach = true;
    }
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // The provider does not know the transaction: it cannot take money.
    if (error.kind === "rejected" && error.httpStatus === 404) return ok(earlier);
    return err(domainError("payment.earlier_checkout_open"));
  }
  if (transaction === null) {
    // Nothing at the provider. A pending one is a start that died before its answer (older than
    // any wait for one): expired here. A failed one stays failed; the reconciler keeps looking.
    if (earlier.status !== "pending") return ok(earlier);
    const outcome = await deps.uow.run(async (repos) => {
      const locked = await lockPaymentAndPurpose(repos, earlier.id);
      if (!locked) throw new Error(`Payment ${earlier.id} vanished`);
      return changePaymentStatus(repos, deps, locked, "expired", { source: "supersede", reason: "not_at_provider" });
    });
    return ok(outcome.payment);
  }
  const applied = await applyProviderStatus(deps, { paymentId: earlier.id, transaction, source: "supersede", attach });
  if (!applied.ok) return applied;
  return ok(applied.value.payment);
}
