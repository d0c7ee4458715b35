import { err, ok, domainError, type Result } from "../shared/result";
import { applyProviderStatus, runSuccessHandler } from "./apply-provider-status.use-case";
import type { PaymentDeps } from "./payment-deps";
import { PaymentGatewayError, type ProviderTransaction } from "./payment-gateway.port";
import type { PaymentError } from "./payment.errors";
import { toPaymentView, type PaymentView } from "./payment-view";
import { retryWithBackoff } from "./retry";

/** Asks the provider, with back-off, retrying what may pass (not a 4xx: asking again will not help). */
export function fetchProviderStatus(
  deps: Pick<PaymentDeps, "gateway" | "sleep">,
  transId: string,
  attempts = 3,
): Promise<ProviderTransaction> {
  return retryWithBackoff(() => deps.gateway.getStatus(transId), {
    attempts,
    sleep: deps.sleep,
    shouldRetry: (e) => !(e instanceof PaymentGatewayError && e.kind === "rejected"),
  });
}

export function verificationFailureCode(error: unknown): "payment.verification_timeout" | "payment.verification_failed" {
  return error instanceof PaymentGatewayError && error.kind === "timeout" ? "payment.verification_timeout" : "payment.verification_failed";
}

/**
 * The return page and its polls: asks the provider for news (3 attempts, back-off 2^n s) unless the
 * payment is already final, applies it, and answers the view. With `userId`, another user's payment
 * is reported as not found.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  input: { reference: string; userId?: string },
): Promise<Result<PaymentView, PaymentError>> {
  let payment = await deps.repos.payments.findByReference(input.reference.trim());
  if (!payment || (input.userId !== undefined && payment.userId !== input.userId)) return err(domainError("payment.not_found"));

  if (payment.status === "successful") {
    // Re-running the handler heals a crash between the commit and the handler; handlers are
    // idempotent. A payment listed for a refund bought nothing (decision 0184).
    if (!(await deps.repos.payments.findRefund(payment.id))) await runSuccessHandler(deps, payment);
    return ok(await toPaymentView(deps.repos, payment));
  }
  if (payment.status === "expired" || payment.providerTxId === null) return ok(await toPaymentView(deps.repos, payment));

  let transaction: ProviderTransaction;
  try {
    transaction = await fetchProviderStatus(deps, payment.providerTxId);
  } catch (error) {
    if (error instanceof PaymentGatewayError) return err(domainError(verificationFailureCode(error)));
    throw error;
  }
  const applied = await applyProviderStatus(deps, { paymentId: payment.id, transaction, source: "verify" });
  if (!applied.ok) return applied;
  payment = applied.value.payment;
  return ok(await toPaymentView(deps.repos, payment));
}
