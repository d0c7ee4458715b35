// Route helpers for the admin's provider payouts (/admin/payouts and its confirmation page).
import type { AppLoadContext } from "@remix-run/node";
import type { DomainError } from "#domain/shared/result";
import type { Payout } from "#domain/payout/payout.entity";
import type { PayoutLine } from "~/components/payouts/payout-sections";
import { describeDomainError } from "~/utils/domain-errors.server";
import { formatXaf } from "~/utils/format";

/** The provider's balance, or null when it cannot be read (the page says so; the run checks again). */
export async function providerBalance(context: AppLoadContext): Promise<number | null> {
  const gateway = context.services.payouts.gateway;
  if (!gateway) return null;
  try {
    return await gateway.balance();
  } catch (error) {
    context.services.log.warn({ err: error }, "[payouts] balance could not be read");
    return null;
  }
}

/** A payout as the lists show it, its agent named from `names` (displayNamesByIds). */
export function payoutLine(p: Payout, names?: Map<string, string>): PayoutLine {
  return {
    id: p.id,
    date: p.createdAt.toISOString(),
    phone: p.phone,
    medium: p.medium,
    amount: p.amount,
    status: p.status,
    reference: p.transId,
    reason: p.reason,
    agent: names?.get(p.agentId) ?? p.agentId,
  };
}

/** A refusal of the run, its amounts written as amounts (8 000 FCFA). */
export function describePayoutError(request: Request, error: DomainError) {
  const params = error.params
    ? Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, typeof v === "number" ? formatXaf(v) : v]))
    : undefined;
  return describeDomainError(request, { ...error, ...(params ? { params } : {}) });
}
