// Wiring of saved-search alerts (domain/alerts): students save a search and get e-mails of the new
// listings that match it. Composed into Services (as `alerts`); the job runs in the server process.
import type { SavedSearchDeps } from "#domain/alerts/save-search.use-case";
import { sendSavedSearchAlerts, type AlertDeps } from "#domain/alerts/send-saved-search-alerts.use-case";
import type { Mailer } from "#domain/shared/mailer.port";
import type { Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselySavedSearchRepository } from "#infrastructure/repositories/kysely-saved-search-repository";
import { KyselyNewListingFinder } from "#infrastructure/repositories/kysely-saved-search-listing-finder";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { logger } from "#infrastructure/logging/logger";
import { startIntervalJob } from "./interval-job.server";

/** For saveSearch, deleteSavedSearch, listSavedSearches and sendSavedSearchAlerts. */
export type AlertsModule = SavedSearchDeps & AlertDeps;

export function createAlertsModule(
  config: Config,
  database: DatabaseHandle,
  { clock, ids, mailer }: { clock: Clock; ids: IdGenerator; mailer: Mailer },
): AlertsModule {
  const db = database.db;
  return {
    savedSearches: new KyselySavedSearchRepository(db),
    finder: new KyselyNewListingFinder(db),
    mailer,
    appUrl: config.appUrl,
    clock,
    ids,
  };
}

/**
 * The saved-search alerts job in the server process: one run every `intervalMs` (ALERTS_INTERVAL_MS,
 * 0 turns it off). Runs never overlap; the returned stop() clears the timer and waits for a run in
 * progress. `npm run alerts:send` does one run from the command line.
 */
export function startAlertsJob(alerts: AlertsModule, intervalMs: number, leases?: JobLeases): () => Promise<void> {
  return startIntervalJob({
    name: "saved-search-alerts",
    intervalMs,
    leases,
    run: async () => {
      const summary = await sendSavedSearchAlerts(alerts, alerts.clock.now());
      if (summary.emailsSent > 0)
        logger.info(
          { job: "saved-search-alerts" },
          `Saved-search alerts: ${summary.emailsSent} e-mails, ${summary.listingsSent} listings.`,
        );
      for (const f of summary.failures)
        logger.warn({ job: "saved-search-alerts", userId: f.userId }, `Saved-search alert not sent to user ${f.userId}: ${f.error}`);
    },
    onError: (error) => logger.warn({ job: "saved-search-alerts", err: error }, "Saved-search alerts failed"),
  });
}
