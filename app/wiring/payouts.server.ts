// Wiring of money out to agents (issue 34, decision 0212): the agent's payout number, the payout
// run and its reconciliation through the configured disbursement provider (PAYOUT_PROVIDER), and
// the lists the agent's earnings page and the admin's payouts page read.
// Composed into Services (as `payouts`) by app/services.server.ts.
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import type { Disbursements } from "#domain/payout/disbursement-gateway.port";
import type { PayoutStore } from "#domain/payout/payout-store.port";
import { nextScheduledPayout, payoutPeriodStart, type PayoutSchedule } from "#domain/payout/payout-schedule";
import { reconcilePayouts, type PayoutDeps } from "#domain/payout/run-payouts.use-case";
import {
  armScheduledPayouts,
  runScheduledPayouts,
  SCHEDULED_RUN_ACTION,
  type PeriodClaims,
} from "#domain/payout/run-scheduled-payouts.use-case";
import type { SetPayoutNumberDeps } from "#domain/payout/set-payout-number.use-case";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { logger } from "#infrastructure/logging/logger";
import { defaultPayoutEmails } from "#infrastructure/mail/default-payout-emails";
import { cryptoIds } from "#infrastructure/payments/crypto-reference-generator";
import { createDisbursements } from "#infrastructure/payments/disbursements-factory";
import { webhookSecretMatches } from "#infrastructure/payments/webhook-secret";
import { KyselyPayoutStore, kyselyPayoutUnitOfWork } from "#infrastructure/repositories/kysely-payout-store";
import { formatXaf } from "~/utils/format";
import { startIntervalJob } from "./interval-job.server";

/** What a scheduled run left in the audit log: its outcome ("ran" or an error code) and its values. */
export interface ScheduledRunRecord {
  at: Date;
  cutOff: string;
  outcome: string;
  values: Record<string, number>;
}

export interface PayoutsModule {
  /** For runPayouts and reconcilePayouts; null when PAYOUT_PROVIDER=off (the manual "mark paid" stays). */
  run: PayoutDeps | null;
  /** For setPayoutNumber. */
  number: SetPayoutNumberDeps;
  /** The lists and the timeline, read outside any transaction. */
  reader: Pick<PayoutStore, "findNumber" | "findById" | "listByAgent" | "listRecent" | "listPayees" | "events" | "dueUpTo" | "listOpen">;
  /** The provider, for the admin page's balance; null when off. */
  gateway: Disbursements | null;
  /** When the weekly run starts by itself (PAYOUT_SCHEDULE); null when off or when payouts are off. */
  schedule: PayoutSchedule | null;
  /** The next scheduled run after `now`, or null when there is none. */
  nextRunAt(now: Date): Date | null;
  /** The last scheduled run as the audit log keeps it (decision 0223), or null when none ran yet. */
  lastScheduledRun(): Promise<ScheduledRunRecord | null>;
  /** The x-wh-secret header of a payout webhook against FAPSHI_PAYOUT_WEBHOOK_SECRET (constant time); any, when none is set. */
  webhookAuthorized(received: string | null): boolean;
}

export function createPayoutsModule(
  config: Config,
  database: DatabaseHandle,
  accounts: AccountsDeps,
  options: { clock?: Clock } = {},
): PayoutsModule {
  const clock = options.clock ?? systemClock;
  const uow = kyselyPayoutUnitOfWork(database.db);
  const gateway = createDisbursements(config, { db: database.db, clock });
  const schedule = gateway ? config.payouts.schedule : null;
  const secret = config.payouts.fapshi.webhookSecret;
  return {
    run: gateway
      ? {
          uow,
          gateway,
          clock,
          ids: cryptoIds,
          notify: { mailer: accounts.mailer, emails: defaultPayoutEmails, appUrl: config.appUrl, formatAmount: formatXaf },
        }
      : null,
    number: { uow, accounts, mailer: accounts.mailer, emails: defaultPayoutEmails, clock, ids: cryptoIds, appUrl: config.appUrl },
    reader: new KyselyPayoutStore(database.db),
    gateway,
    schedule,
    nextRunAt: (now) => (schedule ? nextScheduledPayout(now, schedule) : null),
    lastScheduledRun: async () => {
      const [entry] = await accounts.repos.auditLog.list({ action: SCHEDULED_RUN_ACTION, limit: 1 });
      if (!entry) return null;
      const after = JSON.parse(String(entry.data.after ?? "{}")) as Record<string, unknown>;
      const values: Record<string, number> = {};
      for (const [key, value] of Object.entries(after)) if (typeof value === "number") values[key] = value;
      return { at: entry.at, cutOff: String(after.cutOff ?? ""), outcome: String(after.outcome ?? "error"), values };
    },
    webhookAuthorized: (received) => (secret ? webhookSecretMatches(received, secret) : true),
  };
}

/** Settles pending payouts with the provider every `intervalMs` (once per period across instances). */
export function startPayoutReconciliationJob(payouts: PayoutsModule, intervalMs: number, leases?: JobLeases): () => Promise<void> {
  const deps = payouts.run;
  if (!deps) return () => Promise.resolve();
  return startIntervalJob({
    name: "payouts-reconciliation",
    intervalMs,
    leases,
    run: async () => {
      const report = await reconcilePayouts(deps, null);
      if (report.checked > 0) logger.info({ payouts: report }, "[payouts] reconciled");
    },
    onError: (error: unknown) => logger.error({ job: "payouts-reconciliation", err: error }, "[payouts] reconciliation failed"),
  });
}

/**
 * The weekly payout run by itself (decision 0223): every `tickMs` the job works out the payout
 * period it is in and, once per period across every instance and restart (the period's start is
 * the lease key), runs it with the period's start as the cut-off. Nothing when payouts or the
 * schedule are off.
 */
export function startScheduledPayoutJob(payouts: PayoutsModule, periods: PeriodClaims, tickMs = 60_000): () => Promise<void> {
  const deps = payouts.run;
  const schedule = payouts.schedule;
  if (!deps || !schedule) return () => Promise.resolve();
  // The period this process has seen claimed (by it or another), so a tick costs no query until the next one.
  let settled: number | null = null;
  let armed = false;
  return startIntervalJob({
    name: "payouts-weekly-run",
    intervalMs: tickMs,
    run: async () => {
      if (!armed) {
        await armScheduledPayouts({ periods, schedule, clock: deps.clock });
        armed = true;
      }
      if (settled === payoutPeriodStart(deps.clock.now(), schedule).getTime()) return;
      const outcome = await runScheduledPayouts({ ...deps, periods, schedule });
      settled = outcome.period.getTime();
      if (outcome.kind === "already_run") return;
      const period = outcome.period.toISOString();
      if (outcome.result.ok) logger.info({ period, payouts: outcome.result.value.payouts.length }, "[payouts] weekly run done");
      else if (outcome.result.error.code === "payouts.nothing_due") logger.info({ period }, "[payouts] weekly run: nothing due");
      else logger.error({ period, error: outcome.result.error }, "[payouts] weekly run stopped: run it from /admin/payouts");
    },
    onError: (error: unknown) => logger.error({ job: "payouts-weekly-run", err: error }, "[payouts] weekly run failed"),
  });
}
