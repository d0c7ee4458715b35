// The weekly payout run (issue 11): after reviewing the pending earnings (and voiding any that
// should not be paid), an admin marks one agent's rest paid with the date of the Mobile Money
// transfer made to that agent and its reference: each agent gets a transfer of their own. Every
// earning changes with its audit row, all in one transaction.
// docs/decisions/0125-admin-dashboard-reports-payout.md, 0129 (per agent).
import type { AuditLog } from "../accounts/audit-log.port";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, domainError, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { CommissionRepository } from "./commission-repository.port";
import { commissionAuditState, PAYOUT_REFERENCE_MAX } from "./commission.entity";
import type { CommissionError } from "./commission.errors";
import { doualaDayStart, doualaToday } from "./weekly-payout";

export interface PayOutCommissionsDeps {
  uow: UnitOfWork<{ commissions: CommissionRepository; audit: AuditLog }>;
  clock: Clock;
  ids: IdGenerator;
}

export interface PayOutCommissionsInput {
  /** The admin (the route's admin guard has checked the role). */
  adminId: string;
  /** The agent being paid: only their pending earnings are marked paid. */
  agentId: string;
  /** The moment the admin reviewed the list: earnings recorded later are not in this run. Clamped to now. */
  asOf: Date;
  /** The day the transfer was made, YYYY-MM-DD in Buea: today or earlier. */
  paidOn: string;
  reference: string;
}

export interface PayoutSummary {
  agentId: string;
  count: number;
  amount: number;
  reference: string;
}

export const PAYOUT_MARKED_PAID_ACTION = "admin.payout_marked_paid";

export async function payOutCommissions(
  deps: PayOutCommissionsDeps,
  input: PayOutCommissionsInput,
): Promise<Result<PayoutSummary, CommissionError>> {
  const reference = input.reference.trim();
  if (reference === "") return err(domainError("commission.payout_reference_required"));
  if (reference.length > PAYOUT_REFERENCE_MAX)
    return err(domainError("commission.payout_reference_too_long", { max: PAYOUT_REFERENCE_MAX }));
  const now = deps.clock.now();
  const paidDate = doualaDayStart(input.paidOn);
  if (!paidDate || input.paidOn > doualaToday(now)) return err(domainError("commission.payout_date_invalid"));
  const asOf = Number.isNaN(input.asOf.getTime()) || input.asOf > now ? now : input.asOf;

  return deps.uow.run(async ({ commissions, audit }) => {
    const due = await commissions.pendingUpTo(input.agentId, asOf);
    let count = 0;
    let amount = 0;
    for (const before of due) {
      // Conditional write: an earning voided meanwhile (or paid by another run) is skipped.
      if (!(await commissions.markPaid(before.id, { paidDate, reference }))) continue;
      const after = await commissions.findById(before.id);
      if (!after) throw new Error(`Commission ${before.id} vanished while being paid`);
      await audit.record({
        id: deps.ids.id(),
        actorId: input.adminId,
        action: PAYOUT_MARKED_PAID_ACTION,
        data: { target: `commission:${before.id}`, before: commissionAuditState(before), after: commissionAuditState(after), reason: null },
        at: now,
      });
      count += 1;
      amount += before.amount;
    }
    if (count === 0) return err(domainError("commission.payout_nothing_pending"));
    return ok({ agentId: input.agentId, count, amount, reference });
  });
}
