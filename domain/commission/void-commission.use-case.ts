import type { AuditLog } from "../accounts/audit-log.port";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, domainError, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { CommissionRepository } from "./commission-repository.port";
import { commissionAuditState, VOID_REASON_MAX, type CommissionEarning } from "./commission.entity";
import type { CommissionError } from "./commission.errors";

export interface VoidCommissionDeps {
  uow: UnitOfWork<{ commissions: CommissionRepository; audit: AuditLog }>;
  clock: Clock;
  ids: IdGenerator;
}

export interface VoidCommissionInput {
  /** The admin (the route's admin guard has checked the role). */
  adminId: string;
  commissionId: string;
  reason: string;
}

/** The admin audit convention: `admin.<what happened>`, data { target, before, after, reason? }. */
export const COMMISSION_VOIDED_ACTION = "admin.commission_voided";

/**
 * An admin voids a commission that is still pending (before the weekly payout), with a reason.
 * The change and its audit row (who, what, when, before and after) land together or not at all.
 * A voided commission still counts as the period's one commission for that student and agent.
 */
export async function voidCommission(
  deps: VoidCommissionDeps,
  input: VoidCommissionInput,
): Promise<Result<CommissionEarning, CommissionError>> {
  const reason = input.reason.trim();
  if (reason === "") return err(domainError("commission.void_reason_required"));
  if (reason.length > VOID_REASON_MAX) return err(domainError("commission.void_reason_too_long", { max: VOID_REASON_MAX }));
  const now = deps.clock.now();

  return deps.uow.run(async ({ commissions, audit }) => {
    const before = await commissions.findById(input.commissionId);
    if (!before) return err(domainError("commission.commission_not_found"));
    if (before.status === "voided") return err(domainError("commission.commission_already_voided"));
    if (before.status === "paid") return err(domainError("commission.commission_already_paid"));
    // A provider payout is sending it (decision 0212): too late to void, as if paid.
    if (before.payoutId) return err(domainError("commission.commission_already_paid"));
    // Conditional write: a payout or another admin's void that got there first wins.
    if (!(await commissions.voidEarning(before.id, { reason, by: input.adminId, at: now }))) {
      const current = await commissions.findById(before.id);
      return err(domainError(current?.status === "paid" ? "commission.commission_already_paid" : "commission.commission_already_voided"));
    }
    const after = await commissions.findById(before.id);
    if (!after) throw new Error(`Commission ${before.id} vanished while being voided`);
    await audit.record({
      id: deps.ids.id(),
      actorId: input.adminId,
      action: COMMISSION_VOIDED_ACTION,
      data: { target: `commission:${before.id}`, before: commissionAuditState(before), after: commissionAuditState(after), reason },
      at: now,
    });
    return ok(after);
  });
}
