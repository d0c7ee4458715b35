// Wiring of refunds (issue 34, decision 0219): an admin's refund of a payment, sent through the
// same disbursement provider as the agents' payouts (PAYOUT_PROVIDER), and the job that settles
// pending refunds with it. Composed into Services (as `refunds`) by app/services.server.ts.
import { reconcileRefunds, type RefundDeps } from "#domain/payment/refund-payment.use-case";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { Mailer } from "#domain/shared/mailer.port";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { logger } from "#infrastructure/logging/logger";
import { defaultRefundEmails } from "#infrastructure/mail/default-refund-emails";
import { cryptoIds } from "#infrastructure/payments/crypto-reference-generator";
import { KyselyAuditedMoneyUnitOfWork } from "#infrastructure/repositories/kysely-money-unit-of-work";
import { KyselyPayoutStore } from "#infrastructure/repositories/kysely-payout-store";
import { formatXaf } from "~/utils/format";
import { startIntervalJob } from "./interval-job.server";
import type { PayoutsModule } from "./payouts.server";

export type RefundsModule = RefundDeps;

export function createRefundsModule(
  config: Config,
  database: DatabaseHandle,
  payouts: Pick<PayoutsModule, "gateway">,
  mailer: Mailer,
  options: { clock?: Clock } = {},
): RefundsModule {
  return {
    uow: new KyselyAuditedMoneyUnitOfWork(database.db, database.dialect),
    gateway: payouts.gateway,
    clock: options.clock ?? systemClock,
    ids: cryptoIds,
    // Who paid: the payout store reads any profile's name, address and language.
    contacts: new KyselyPayoutStore(database.db),
    notify: { mailer, emails: defaultRefundEmails, appUrl: config.appUrl, formatAmount: formatXaf },
  };
}

/** Settles pending refunds with the provider every `intervalMs` (once per period across instances). */
export function startRefundReconciliationJob(refunds: RefundsModule, intervalMs: number, leases?: JobLeases): () => Promise<void> {
  if (!refunds.gateway) return () => Promise.resolve();
  return startIntervalJob({
    name: "refunds-reconciliation",
    intervalMs,
    leases,
    run: async () => {
      const report = await reconcileRefunds(refunds, null);
      if (report.checked > 0) logger.info({ refunds: report }, "[refunds] reconciled");
    },
    onError: (error: unknown) => logger.error({ job: "refunds-reconciliation", err: error }, "[refunds] reconciliation failed"),
  });
}
