// The admin's payment reads: filtered pages newest first, statistics by gateway, one payment with
// its events.
import { err, ok, domainError, type Result } from "../shared/result";
import { cappedTotal, countLimitFor, type CountedTotal } from "../shared/paging";
import type { MoneyRepos } from "./money-unit-of-work";
import type { GatewayStats, LedgerPayment, PaymentLedger } from "./payment-ledger.port";
import type { Payment, PaymentEvent, PaymentStatus, PaymentType } from "./payment.entity";
import type { PaymentRefund, RefundStatus } from "./payment-refund";
import type { PaymentError } from "./payment.errors";

export const LEDGER_PAGE_SIZE = 20;

export interface LedgerPage extends CountedTotal {
  items: LedgerPayment[];
  page: number;
  pageCount: number;
}

/** A page of LEDGER_PAGE_SIZE (SPEC §7: limit and offset); a page past the end shows the last one. */
export async function listPaymentsForAdmin(
  deps: { ledger: PaymentLedger },
  input: { status?: PaymentStatus; type?: PaymentType; gateway?: string; refund?: RefundStatus; page: number },
): Promise<LedgerPage> {
  const wanted = Number.isSafeInteger(input.page) && input.page >= 1 ? input.page : 1;
  const offsetOf = (page: number) => (page - 1) * LEDGER_PAGE_SIZE;
  const read = (page: number) =>
    deps.ledger.list({
      status: input.status,
      type: input.type,
      gateway: input.gateway,
      refund: input.refund,
      limit: LEDGER_PAGE_SIZE,
      offset: offsetOf(page),
      countLimit: countLimitFor(offsetOf(page)),
    });
  let result = await read(wanted);
  let page = wanted;
  const last = Math.ceil(result.total / LEDGER_PAGE_SIZE);
  if (result.items.length === 0 && last > 0 && wanted > last) {
    page = last;
    result = await read(page);
  }
  // Counted only LIST_COUNT_AHEAD past the page: beyond, the screen says "more than" (decision 0148).
  const counted = cappedTotal(result.total, offsetOf(page));
  return { items: result.items, ...counted, page, pageCount: Math.ceil(counted.total / LEDGER_PAGE_SIZE) };
}

export function paymentStatsByGateway(deps: { ledger: PaymentLedger }): Promise<GatewayStats[]> {
  return deps.ledger.statsByGateway();
}

/** How many payments are waiting to be refunded (decision 0184). */
export function countPaymentsToRefund(deps: { ledger: PaymentLedger }): Promise<number> {
  return deps.ledger.countRefunds("to_refund");
}

/**
 * One payment with its payment_events timeline, oldest event first, and its refund, if any, with
 * the reference of the payment that had already bought the purchase.
 */
export async function getPaymentWithEvents(
  deps: { repos: Pick<MoneyRepos, "payments"> },
  paymentId: string,
): Promise<
  Result<{ payment: Payment; events: PaymentEvent[]; refund: (PaymentRefund & { paidByReference: string }) | null }, PaymentError>
> {
  const payment = await deps.repos.payments.findById(paymentId);
  if (!payment) return err(domainError("payment.not_found"));
  const events = await deps.repos.payments.listPaymentEvents(payment.id);
  const refund = await deps.repos.payments.findRefund(payment.id);
  const paidBy = refund?.paidByPaymentId ? await deps.repos.payments.findById(refund.paidByPaymentId) : null;
  return ok({ payment, events, refund: refund ? { ...refund, paidByReference: paidBy?.reference ?? "" } : null });
}
