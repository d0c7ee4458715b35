import { err, ok, domainError, type Result } from "../shared/result";
import { applyProviderStatus } from "./apply-provider-status.use-case";
import type { PaymentDeps } from "./payment-deps";
import { PaymentGatewayError, type ProviderTransaction } from "./payment-gateway.port";
import type { PaymentError } from "./payment.errors";
import { toPaymentView, type PaymentView } from "./payment-view";
import { fetchProviderStatus, verificationFailureCode } from "./verify-payment.use-case";

/**
 * A provider webhook. The route has checked the shared secret; the body is trusted for nothing
 * but the transaction id: the status is asked again of the provider with our own credentials,
 * then applied idempotently. The same webhook delivered many times, or late, changes nothing more.
 */
export async function handleWebhook(deps: PaymentDeps, input: { transId: string }): Promise<Result<PaymentView, PaymentError>> {
  const transId = input.transId.trim();
  const payment = transId ? await deps.repos.payments.findByProviderTxId(transId) : null;
  if (!payment) return err(domainError("payment.not_found"));
  await deps.uow.run((repos) =>
    repos.payments.addPaymentEvent({ id: deps.ids.id(), paymentId: payment.id, type: "webhook_received", data: { transId }, createdAt: deps.clock.now() }),
  );

  let transaction: ProviderTransaction;
  try {
    transaction = await fetchProviderStatus(deps, transId);
  } catch (error) {
    if (error instanceof PaymentGatewayError) return err(domainError(verificationFailureCode(error)));
    throw error;
  }
  const applied = await applyProviderStatus(deps, { paymentId: payment.id, transaction, source: "webhook" });
  if (!applied.ok) return applied;
  return ok(await toPaymentView(deps.repos, applied.value.payment));
}
