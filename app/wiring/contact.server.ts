// Wiring of the public contact form (domain/contact), forwarded to support. Composed into Services
// (as `contact`).
import type { ContactDeps } from "#domain/contact/submit-contact-message.use-case";
import type { Mailer } from "#domain/shared/mailer.port";
import type { Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyContactMessageStore } from "#infrastructure/repositories/kysely-contact-message-store";

/** For submitContactMessage. */
export type ContactModule = ContactDeps;

export function createContactModule(
  config: Config,
  database: DatabaseHandle,
  { clock, ids, mailer }: { clock: Clock; ids: IdGenerator; mailer: Mailer },
): ContactModule {
  const store = new KyselyContactMessageStore(database.db);
  return { messages: store, rateLimit: store, mailer, clock, ids, supportEmail: config.support.email };
}
