import type { Kysely } from "kysely";
import type { Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { Mailer } from "#domain/shared/mailer.port";
import type { Config } from "../config/config";
import type { Database } from "../db/schema";
import { OutboxMailer } from "./outbox-mailer";
import { SmtpMailer } from "./smtp-mailer";

/**
 * SMTP when SMTP_URL is set; otherwise the database outbox plus a line in the server log, which
 * shows the links (confirmation, reset) only in demo mode.
 */
export function createMailer(
  config: Pick<Config, "mail"> & Partial<Pick<Config, "demoMode">>,
  db: Kysely<Database>,
  ids: IdGenerator,
  clock: Clock,
): Mailer {
  return config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new OutboxMailer(db, ids, clock, { logLinks: config.demoMode === true });
}
