import { auditData, type AuditLog } from "../accounts/audit-log.port";
import { err, ok, domainError, type Result } from "../shared/result";
import type { PaymentDeps } from "./payment-deps";
import { PaymentGatewayError } from "./payment-gateway.port";
import type { Payment } from "./payment.entity";
import type { PaymentError } from "./payment.errors";
import { reconcileOne } from "./reconcile-pending-payments.use-case";
import { verificationFailureCode } from "./verify-payment.use-case";

export const PAYMENT_RECHECKED_ACTION = "admin.payment_rechecked";

/**
 * An admin asks the provider again about one payment ("check again"). The status is never set by
 * hand: the payment goes through the reconciler's own steps (a lost initiation is looked for by our
 * reference, the provider's answer is applied by applyProviderStatus with its payment_events, a link
 * older than its lifetime is expired). The audit row records who asked and the status before and
 * after; it is written once the provider's answer is applied, since that change is the money
 * transaction's own (decision 0121).
 */
export async function recheckPayment(
  deps: PaymentDeps & { audit: AuditLog },
  input: { adminId: string; paymentId: string },
): Promise<Result<{ before: Payment; after: Payment }, PaymentError>> {
  const before = await deps.repos.payments.findById(input.paymentId);
  if (!before) return err(domainError("payment.not_found"));
  let after: Payment;
  try {
    after = await reconcileOne(deps, before, deps.clock.now());
  } catch (error) {
    if (error instanceof PaymentGatewayError) return err(domainError(verificationFailureCode(error)));
    throw error;
  }
  await deps.audit.record({
    id: deps.ids.id(),
    actorId: input.adminId,
    action: PAYMENT_RECHECKED_ACTION,
    data: auditData(`payment:${before.id}`, { status: before.status }, { status: after.status }),
    at: deps.clock.now(),
  });
  return ok({ before, after });
}
