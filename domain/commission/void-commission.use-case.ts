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

  return deps.uow.run(async (repos) => {
    const before = await repos.commissions.findById(input.commissionId);
    if (!before) return err(domainError("commission.commission_not_found"));
    const voided = await voidPendingEarning(repos, deps.ids, { actorId: input.adminId, earning: before, reason, at: now });
    if (voided.outcome === "voided") return ok(voided.earning);
    return err(
      domainError(voided.outcome === "already_voided" ? "commission.commission_already_voided" : "commission.commission_already_paid"),
    );
  });
}

/**
 * What became of an earning asked to be voided: `voided` now; `already_voided`; `paid` (the money
 * went to the agent) or `in_payout` (a provider payout is sending it, decision 0212): too late.
 */
export type EarningVoidOutcome = "voided" | "already_voided" | "paid" | "in_payout";

/** Why an earning cannot be voided now, or null when it is still pending and unclaimed. */
export function earningVoidBlocker(e: Pick<CommissionEarning, "status" | "payoutId">): Exclude<EarningVoidOutcome, "voided"> | null {
  if (e.status === "voided") return "already_voided";
  if (e.status === "paid") return "paid";
  if (e.payoutId) return "in_payout";
  return null;
}

/**
 * The one place an earning is voided, inside the caller's transaction (the admin's void on
 * /admin/reports, a refund of the visit's payment, decision 0219): only a pending earning no payout
 * claims, by a conditional write (a payout or another void that got there first wins), with its
 * audit row (`admin.commission_voided`, before and after, the reason).
 */
export async function voidPendingEarning(
  repos: { commissions: CommissionRepository; audit: AuditLog },
  ids: IdGenerator,
  input: { actorId: string; earning: CommissionEarning; reason: string; at: Date },
): Promise<{ outcome: EarningVoidOutcome; earning: CommissionEarning }> {
  const before = input.earning;
  const blocker = earningVoidBlocker(before);
  if (blocker) return { outcome: blocker, earning: before };
  const reason = input.reason.slice(0, VOID_REASON_MAX);
  if (!(await repos.commissions.voidEarning(before.id, { reason, by: input.actorId, at: input.at }))) {
    const current = (await repos.commissions.findById(before.id)) ?? before;
    return { outcome: earningVoidBlocker(current) ?? "already_voided", earning: current };
  }
  const after = await repos.commissions.findById(before.id);
  if (!after) throw new Error(`Commission ${before.id} vanished while being voided`);
  await repos.audit.record({
    id: ids.id(),
    actorId: input.actorId,
    action: COMMISSION_VOIDED_ACTION,
    data: { target: `commission:${before.id}`, before: commissionAuditState(before), after: commissionAuditState(after), reason },
    at: input.at,
  });
  return { outcome: "voided", earning: after };
}
