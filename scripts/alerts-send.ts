// `npm run alerts:send`: one run of the saved-search alerts against the configured database
// (DATABASE_URL): every saved search gets the listings created since it was last notified, one
// digest e-mail per user (SMTP when SMTP_URL is set, else the outbox_emails table).
// Exits 1 when a digest could not be sent; those searches are retried on the next run.
import { sendSavedSearchAlerts, type AlertRunSummary } from "#domain/alerts/send-saved-search-alerts.use-case";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { Mailer } from "#domain/shared/mailer.port";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { createMailer } from "#infrastructure/mail/create-mailer";
import { KyselyNewListingFinder } from "#infrastructure/repositories/kysely-saved-search-listing-finder";
import { KyselySavedSearchRepository } from "#infrastructure/repositories/kysely-saved-search-repository";
import { runScript } from "./run-script";

/** One alert run on an open database; also what a scheduled job calls. */
export function sendAlertsOnce(
  database: DatabaseHandle,
  config: Pick<Config, "appUrl" | "mail">,
  options: { clock?: Clock; mailer?: Mailer } = {},
): Promise<AlertRunSummary> {
  const clock = options.clock ?? systemClock;
  const mailer = options.mailer ?? createMailer(config, database.db, uuidIds, clock);
  return sendSavedSearchAlerts(
    {
      savedSearches: new KyselySavedSearchRepository(database.db),
      finder: new KyselyNewListingFinder(database.db),
      mailer,
      appUrl: config.appUrl,
    },
    clock.now(),
  );
}

runScript(import.meta.url, async (config, database) => {
  const summary = await sendAlertsOnce(database, config);
  console.info(
    `Saved-search alerts: ${summary.searchesChecked} searches checked, ${summary.emailsSent} e-mails, ${summary.listingsSent} listings.`,
  );
  for (const f of summary.failures) console.error(`  not sent to user ${f.userId}: ${f.error}`);
  return summary.failures.length > 0 ? 1 : 0;
});
