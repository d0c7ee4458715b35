// The weekly payout run by itself (issue 34, decision 0223). The job wakes up often; each time it
// works out the payout period it is in (payout-schedule.ts) and claims that period's key. Only the
// claim that wins runs, on whichever instance, once per period: another instance, or this one after
// a restart in the same week, finds the period taken and does nothing. The run's cut-off is the
// period's start, so what is paid does not depend on when the job woke up, and a run that was
// missed (the site was down at the instant) is made as soon as it is up again in that period.
// The very first time the job starts on a database (a new site, or the schedule just deployed),
// the period under way counts as done: nothing is paid at the moment of a deploy, the first run is
// the next scheduled instant (the admin's button pays before that if need be).
//
// What happened is written to the audit log (`payout.scheduled_run`), which /admin/payouts shows:
// a run stopped for a low balance or an unreachable provider is not retried within the period
// (the admin's button is there for that), so the admin must be able to see it.
import { auditData } from "../accounts/audit-log.port";
import type { Result } from "../shared/result";
import type { PayoutError } from "./payout.errors";
import { payoutPeriodStart, type PayoutSchedule } from "./payout-schedule";
import { runPayouts, type PayoutDeps, type RunPayoutsOutput } from "./run-payouts.use-case";

/** The lease key of the weekly run, shared by every instance. */
export const SCHEDULED_PAYOUT_JOB = "payouts-weekly-run";

export const SCHEDULED_RUN_ACTION = "payout.scheduled_run";

/** Takes a period for one runner: true only for the first claim of a period later than every claimed one. */
export interface PeriodClaims {
  claimPeriod(job: string, periodStart: Date): Promise<boolean>;
  /** Counts `periodStart` as claimed if the job was never claimed at all; otherwise does nothing. */
  armPeriod(job: string, periodStart: Date): Promise<void>;
}

export interface ScheduledPayoutDeps extends PayoutDeps {
  periods: PeriodClaims;
  schedule: PayoutSchedule;
}

export type ScheduledRunOutcome =
  { kind: "already_run"; period: Date } | { kind: "ran"; period: Date; result: Result<RunPayoutsOutput, PayoutError> };

/** At the job's start: on a database where it never ran, its first run is the next scheduled instant. */
export async function armScheduledPayouts(deps: Pick<ScheduledPayoutDeps, "periods" | "schedule" | "clock">): Promise<void> {
  await deps.periods.armPeriod(SCHEDULED_PAYOUT_JOB, payoutPeriodStart(deps.clock.now(), deps.schedule));
}

export async function runScheduledPayouts(deps: ScheduledPayoutDeps): Promise<ScheduledRunOutcome> {
  const period = payoutPeriodStart(deps.clock.now(), deps.schedule);
  if (!(await deps.periods.claimPeriod(SCHEDULED_PAYOUT_JOB, period))) return { kind: "already_run", period };
  let result: Result<RunPayoutsOutput, PayoutError>;
  try {
    result = await runPayouts(deps, { actorId: null, cutOff: period });
  } catch (error) {
    await record(deps, period, { outcome: "error" });
    throw error;
  }
  await record(
    deps,
    period,
    result.ok
      ? { outcome: "ran", payouts: result.value.payouts.length, amount: result.value.payouts.reduce((s, p) => s + p.amount, 0) }
      : { outcome: result.error.code, ...(result.error.params ?? {}) },
  );
  return { kind: "ran", period, result };
}

function record(deps: ScheduledPayoutDeps, period: Date, after: Record<string, unknown>): Promise<void> {
  return deps.uow.run(({ audit }) =>
    audit.record({
      id: deps.ids.id(),
      actorId: null,
      action: SCHEDULED_RUN_ACTION,
      data: auditData(`payout-period:${period.toISOString()}`, null, { cutOff: period.toISOString(), ...after }),
      at: deps.clock.now(),
    }),
  );
}
