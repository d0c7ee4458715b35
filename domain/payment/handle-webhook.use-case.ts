import { err, ok, domainError, type Result } from "../shared/result";
import { applyProviderStatus } from "./apply-provider-status.use-case";
import type { PaymentDeps } from "./payment-deps";
import { PaymentGatewayError, type ProviderTransaction } from "./payment-gateway.port";
import type { PaymentError } from "./payment.errors";
import type { Payment } from "./payment.entity";
import { toPaymentView, type PaymentView } from "./payment-view";
import { fetchProviderStatus, verificationFailureCode } from "./verify-payment.use-case";

/**
 * A provider webhook. The route has checked the shared secret; the body is trusted for nothing
 * but the transaction id: the status is asked again of the provider with our own credentials,
 * then applied idempotently. The same webhook delivered many times, or late, changes nothing more.
 *
 * A transaction id we do not know may still be ours: when the answer to an initiation was lost (a
 * timeout, a failed save) the provider has the transaction but we never stored its id, and the
 * payer may have paid the prompt all the same. The provider's own record of it (never the body)
 * says which reference it was started with (externalId); if that is one of our payments, the id is
 * attached to it and the status applied. Anything else is not_found, and nothing is stored.
 */
export async function handleWebhook(deps: PaymentDeps, input: { transId: string }): Promise<Result<PaymentView, PaymentError>> {
  const transId = input.transId.trim();
  if (!transId) return err(domainError("payment.not_found"));
  let payment = await deps.repos.payments.findByProviderTxId(transId);
  const attach = payment === null;
  if (payment) await recordReceived(deps, payment, transId);

  let transaction: ProviderTransaction;
  try {
    transaction = await fetchProviderStatus(deps, transId);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // Unknown here and refused there (a 4xx): nobody's payment, nothing to store.
    if (!payment && error.kind === "rejected") return err(domainError("payment.not_found"));
    return err(domainError(verificationFailureCode(error)));
  }

  if (!payment) {
    const reference = transaction.externalId?.trim();
    payment = reference ? await deps.repos.payments.findByReference(reference) : null;
    // The provider's record must be of this very transaction: an answer about another id proves nothing.
    if (!payment || transaction.transId !== transId) return err(domainError("payment.not_found"));
    await recordReceived(deps, payment, transId);
  }

  const applied = await applyProviderStatus(deps, { paymentId: payment.id, transaction, source: "webhook", attach });
  if (!applied.ok) return applied;
  return ok(await toPaymentView(deps.repos, applied.value.payment));
}

function recordReceived(deps: PaymentDeps, payment: Payment, transId: string): Promise<void> {
  return deps.uow.run((repos) =>
    repos.payments.addPaymentEvent({
      id: deps.ids.id(),
      paymentId: payment.id,
      type: "webhook_received",
      data: { transId },
      createdAt: deps.clock.now(),
    }),
  );
}
