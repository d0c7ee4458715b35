// `npm run notices:send`: one run of the booking e-mails against the configured database
// (DATABASE_URL): writes the day-before visit reminders that are due, then sends every due notice
// of the outbox (SMTP when SMTP_URL is set, else the outbox_emails table). The server does the same
// every BOOKING_NOTICES_INTERVAL_MS. Exits 1 when some e-mail could not be sent (it is retried later).
import { createNoticesModule } from "~/wiring/notices.server";
import { runScript } from "./run-script";

runScript(import.meta.url, async (config, database) => {
  const run = await createNoticesModule(config, database).runOnce();
  console.info(
    `Booking e-mails: ${run.sent} sent, ${run.retrying} to retry, ${run.gaveUp} given up, ${run.skipped} skipped, ${run.remindersWritten} reminders written.`,
  );
  for (const f of run.failures) console.error(`  notice ${f.noticeId} not sent: ${f.error}`);
  return run.failures.length > 0 ? 1 : 0;
});
