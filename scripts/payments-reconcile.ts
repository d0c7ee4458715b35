// `npm run payments:reconcile`: one reconciliation sweep against the configured database
// (DATABASE_URL) and payment provider (PAYMENT_PROVIDER). Every payment that may still change is
// asked about again; one whose link has lived 24 hours without success is expired there and here.
// The server runs the same sweep every PAYMENTS_RECONCILE_INTERVAL_MS. Exits 1 when the provider
// could not be asked about some payments (they are tried again on the next run).
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "../infrastructure/config/config";
import { connect } from "../infrastructure/db/connection";
import { migrateToLatest } from "../infrastructure/db/migrate";
import { createMoneyModule } from "../app/wiring/money.server";

async function main(): Promise<number> {
  const config = loadConfig();
  const database = connect({ url: config.databaseUrl });
  try {
    await migrateToLatest(database.db, database.schema);
    const money = createMoneyModule(config, database);
    const report = await money.reconcile();
    console.info(
      `Payments reconciled (${money.gatewayName}): ${report.checked} checked, ${report.succeeded} succeeded, ${report.failed} failed, ` +
        `${report.expired} expired, ${report.unchanged} unchanged, ${report.errors} could not be checked.`,
    );
    return report.errors > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof ConfigError) console.error(error.message);
      else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
