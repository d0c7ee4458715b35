// Wiring of money out to agents (issue 34, decision 0212): the agent's payout number, the payout
// run and its reconciliation through the configured disbursement provider (PAYOUT_PROVIDER), and
// the lists the agent's earnings page and the admin's payouts page read.
// Composed into Services (as `payouts`) by app/services.server.ts.
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import type { Disbursements } from "#domain/payout/disbursement-gateway.port";
import type { PayoutStore } from "#domain/payout/payout-store.port";
import { reconcilePayouts, type PayoutDeps } from "#domain/payout/run-payouts.use-case";
import type { SetPayoutNumberDeps } from "#domain/payout/set-payout-number.use-case";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { logger } from "#infrastructure/logging/logger";
import { defaultPayoutEmails } from "#infrastructure/mail/default-payout-emails";
import { cryptoIds } from "#infrastructure/payments/crypto-reference-generator";
import { createDisbursements } from "#infrastructure/payments/disbursements-factory";
import { KyselyPayoutStore, kyselyPayoutUnitOfWork } from "#infrastructure/repositories/kysely-payout-store";
import { formatXaf } from "~/utils/format";
import { startIntervalJob } from "./interval-job.server";

export interface PayoutsModule {
  /** For runPayouts and reconcilePayouts; null when PAYOUT_PROVIDER=off (the manual "mark paid" stays). */
  run: PayoutDeps | null;
  /** For setPayoutNumber. */
  number: SetPayoutNumberDeps;
  /** The lists and the timeline, read outside any transaction. */
  reader: Pick<PayoutStore, "findNumber" | "findById" | "listByAgent" | "listRecent" | "events" | "dueUpTo" | "listOpen">;
  /** The provider, for the admin page's balance; null when off. */
  gateway: Disbursements | null;
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
