// Wiring of messaging (domain/messaging): students write to agents about a listing, and both reply
// in the thread. Composed into Services (as `messaging`).
import type { MessagingDeps } from "#domain/messaging/contact-agent.use-case";
import type { MessageRepository } from "#domain/messaging/message-repository.port";
import type { Mailer } from "#domain/shared/mailer.port";
import type { Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyMessageRepository, kyselyMessagingUnitOfWork } from "#infrastructure/repositories/kysely-message-repository";
import { defaultMessageEmails } from "#infrastructure/mail/default-message-emails";

/**
 * For contactAgent and replyInThread (with their e-mail notice), and, through `messages`, the
 * inbox queries (listThreadsFor, threadWithMessages, unreadMessageCount).
 */
export type MessagingModule = MessagingDeps & { messages: MessageRepository };

export function createMessagingModule(
  config: Config,
  database: DatabaseHandle,
  { clock, ids, mailer }: { clock: Clock; ids: IdGenerator; mailer: Mailer },
): MessagingModule {
  const db = database.db;
  return {
    uow: kyselyMessagingUnitOfWork(db),
    messages: new KyselyMessageRepository(db),
    clock,
    ids,
    mailer,
    noticeEmails: defaultMessageEmails,
    appUrl: config.appUrl,
  };
}
