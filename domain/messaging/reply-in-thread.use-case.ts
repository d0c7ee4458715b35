import { err, ok, type Result } from "../shared/result";
import { isParticipant, isPlausibleThreadId } from "./message.entity";
import { messagingError, validBody, type MessagingError } from "./messaging.errors";
import type { MessagingDeps } from "./contact-agent.use-case";
import { claimNotice, deliverNotice, type NoticeOutcome } from "./message-notice";

/**
 * Either side answers in an existing thread. Outsiders are told the thread does not exist (and
 * nothing is stored). The other side gets an e-mail notice, at most one per thread per hour.
 */
export async function replyInThread(
  deps: MessagingDeps,
  input: { userId: string; threadId: string; body: string },
): Promise<Result<{ messageId: string; notice: NoticeOutcome }, MessagingError>> {
  if (!isPlausibleThreadId(input.threadId)) return err(messagingError("messages.thread_not_found"));
  const body = validBody(input.body);
  if (!body.ok) return body;
  const now = deps.clock.now();

  const stored = await deps.uow.run(async ({ messages }) => {
    const thread = await messages.findThreadSummary(input.threadId, input.userId);
    if (!thread || !isParticipant(thread, input.userId)) return err(messagingError("messages.thread_not_found"));
    const messageId = deps.ids.id();
    await messages.addMessage({
      id: messageId,
      threadId: thread.id,
      senderId: input.userId,
      body: body.value,
      readAt: null,
      createdAt: now,
    });
    const notice = await claimNotice(messages, {
      thread,
      senderId: input.userId,
      propertyTitle: thread.propertyTitle,
      now,
      appUrl: deps.appUrl,
    });
    return ok({ messageId, notice });
  });
  if (!stored.ok) return stored;
  return ok({ messageId: stored.value.messageId, notice: await deliverNotice(deps, stored.value.notice) });
}
