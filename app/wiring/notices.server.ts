// Wiring of the booking e-mails (issue 9): the outbox job that writes the day-before reminders and
// sends every due notice through the configured mailer (SMTP, or the outbox_emails table without
// it). Composed into Services (as `notices`) by app/services.server.ts; `npm run notices:send`
// runs the same thing once.
import { enqueueVisitReminders } from "#domain/notifications/enqueue-visit-reminders.use-case";
import {
  sendDueBookingNotices,
  type NoticeRunSummary,
  type SendBookingNoticesDeps,
} from "#domain/notifications/send-due-booking-notices.use-case";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { Mailer } from "#domain/shared/mailer.port";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { createMailer } from "#infrastructure/mail/create-mailer";
import { defaultBookingEmails } from "#infrastructure/mail/default-booking-emails";
import { KyselyBookingNoticeOutbox } from "#infrastructure/repositories/kysely-booking-notice-outbox";
import { KyselyBookingNoticeReader, KyselyVisitReminderFinder } from "#infrastructure/repositories/kysely-booking-notice-reader";
import { startIntervalJob } from "./interval-job.server";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { logger, type Logger } from "#infrastructure/logging/logger";

export interface NoticesRun extends NoticeRunSummary {
  /** Day-before reminders written by this run. */
  remindersWritten: number;
}

export interface NoticesModule {
  /** One run: write due reminders, then send what is due. */
  runOnce(): Promise<NoticesRun>;
}

export function createNoticesModule(
  config: Pick<Config, "appUrl" | "mail" | "demoMode">,
  database: DatabaseHandle,
  options: { clock?: Clock; mailer?: Mailer } = {},
): NoticesModule {
  const clock = options.clock ?? systemClock;
  const outbox = new KyselyBookingNoticeOutbox(database.db);
  const send: SendBookingNoticesDeps = {
    outbox,
    reader: new KyselyBookingNoticeReader(database.db),
    emails: defaultBookingEmails,
    mailer: options.mailer ?? createMailer(config, database.db, uuidIds, clock),
    clock,
    appUrl: config.appUrl,
  };
  const finder = new KyselyVisitReminderFinder(database.db);
  return {
    async runOnce() {
      const remindersWritten = await enqueueVisitReminders({ finder, outbox, clock });
      return { remindersWritten, ...(await sendDueBookingNotices(send)) };
    },
  };
}

/** The job in the server process: one run every BOOKING_NOTICES_INTERVAL_MS (0 turns it off). */
export function startBookingNoticesJob(notices: NoticesModule, intervalMs: number, leases?: JobLeases): () => Promise<void> {
  return startIntervalJob({
    name: "booking-notices",
    intervalMs,
    leases,
    run: async () => logNoticesRun(await notices.runOnce()),
    onError: (error) => logger.warn({ job: "booking-notices", err: error }, "[notices] booking e-mails run failed"),
  });
}

/** A line when something happened; one per failure. */
export function logNoticesRun(run: NoticesRun, log: Pick<Logger, "info" | "warn"> = logger): void {
  if (run.remindersWritten + run.sent + run.retrying + run.gaveUp + run.skipped > 0) {
    log.info(
      `[notices] ${run.sent} sent, ${run.retrying} to retry, ${run.gaveUp} given up, ${run.skipped} skipped, ${run.remindersWritten} reminders written.`,
    );
  }
  for (const f of run.failures) log.warn(`[notices] notice ${f.noticeId} not sent: ${f.error}`);
}
