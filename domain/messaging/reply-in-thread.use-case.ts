import { err, ok, type Result } from "../shared/result";
import { isParticipant } from "./message.entity";
import { messagingError, validBody, type MessagingError } from "./messaging.errors";
import type { MessagingDeps } from "./contact-agent.use-case";

/** Either side answers in an existing thread. Outsiders are told the thread does not exist. */
export async function replyInThread(
  deps: MessagingDeps,
  input: { userId: string; threadId: string; body: string },
): Promise<Result<{ messageId: string }, MessagingError>> {
  const body = validBody(input.body);
  if (!body.ok) return body;
  const now = deps.clock.now();

  return deps.uow.run(async ({ messages }) => {
    const thread = await messages.findThread(input.threadId);
    if (!thread || !isParticipant(thread, input.userId)) return err(messagingError("messages.thread_not_found"));
    const messageId = deps.ids.id();
    await messages.addMessage({ id: messageId, threadId: thread.id, senderId: input.userId, body: body.value, readAt: null, createdAt: now });
    return ok({ messageId });
  });
}
