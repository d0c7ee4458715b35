import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { messagingError, validBody, type MessagingError } from "./messaging.errors";
import type { MessagingRepos } from "./message-repository.port";
import { claimNotice, deliverNotice, type NoticeDeps, type NoticeOutcome } from "./message-notice";

export interface MessagingDeps extends NoticeDeps {
  uow: UnitOfWork<MessagingRepos>;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * A student writes to the agent of a listing. The conversation about that listing is reused if it
 * exists, so the student and the agent keep one thread per property. The agent gets an e-mail
 * notice (at most one per thread per hour).
 */
export async function contactAgent(
  deps: MessagingDeps,
  input: { studentId: string; propertyId: string; body: string },
): Promise<Result<{ threadId: string; messageId: string; notice: NoticeOutcome }, MessagingError>> {
  const body = validBody(input.body);
  if (!body.ok) return body;
  const now = deps.clock.now();

  const stored = await deps.uow.run(async ({ messages }) => {
    const property = await messages.findContactableProperty(input.propertyId);
    if (!property) return err(messagingError("messages.property_not_found"));
    if (property.agentId === input.studentId) return err(messagingError("messages.own_listing"));

    const thread = await messages.findOrCreateThread({
      id: deps.ids.id(),
      propertyId: property.id,
      studentId: input.studentId,
      agentId: property.agentId,
      createdAt: now,
      lastMessageAt: now,
    });
    const messageId = deps.ids.id();
    await messages.addMessage({
      id: messageId,
      threadId: thread.id,
      senderId: input.studentId,
      body: body.value,
      readAt: null,
      createdAt: now,
    });
    const notice = await claimNotice(messages, {
      thread,
      senderId: input.studentId,
      propertyTitle: property.title,
      now,
      appUrl: deps.appUrl,
    });
    return ok({ threadId: thread.id, messageId, notice });
  });
  if (!stored.ok) return stored;
  const notice = await deliverNotice(deps, stored.value.notice);
  return ok({ threadId: stored.value.threadId, messageId: stored.value.messageId, notice });
}
