// `npm run notices:send`: one run of the booking e-mails against the configured database
// (DATABASE_URL): writes the day-before visit reminders that are due, then sends every due notice
// of the outbox (SMTP when SMTP_URL is set, else the outbox_emails table). The server does the same
// every BOOKING_NOTICES_INTERVAL_MS. Exits 1 when some e-mail could not be sent (it is retried later).
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "../infrastructure/config/config";
import { connect } from "../infrastructure/db/connection";
import { migrateToLatest } from "../infrastructure/db/migrate";
import { createNoticesModule } from "../app/wiring/notices.server";

async function main(): Promise<number> {
  const config = loadConfig();
  const database = connect({ url: config.databaseUrl });
  try {
    await migrateToLatest(database.db, database.schema);
    const run = await createNoticesModule(config, database).runOnce();
    console.info(
      `Booking e-mails: ${run.sent} sent, ${run.retrying} to retry, ${run.gaveUp} given up, ${run.skipped} skipped, ${run.remindersWritten} reminders written.`,
    );
    for (const f of run.failures) console.error(`  notice ${f.noticeId} not sent: ${f.error}`);
    return run.failures.length > 0 ? 1 : 0;
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
