// `npm run payments:reconcile`: one reconciliation sweep against the configured database
// (DATABASE_URL) and payment provider (PAYMENT_PROVIDER). Every payment that may still change is
// asked about again; one whose link has lived 24 hours without success is expired there and here.
// The server runs the same sweep every PAYMENTS_RECONCILE_INTERVAL_MS. Exits 1 when the provider
// could not be asked about some payments (they are tried again on the next run).
import { createMoneyModule } from "~/wiring/money.server";
import { runScript } from "./run-script";

runScript(import.meta.url, async (config, database) => {
  const money = createMoneyModule(config, database);
  const report = await money.reconcile();
  console.info(
    `Payments reconciled (${money.gatewayName}): ${report.checked} checked, ${report.succeeded} succeeded, ${report.failed} failed, ` +
      `${report.expired} expired, ${report.unchanged} unchanged, ${report.errors} could not be checked.`,
  );
  return report.errors > 0 ? 1 : 0;
});
