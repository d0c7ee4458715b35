import type { Clock } from "../shared/clock";
import { err, ok, type Result } from "../shared/result";
import { messagingError, type MessagingError } from "./messaging.errors";
import type { MessageRepository, ThreadSummary } from "./message-repository.port";
import { isPlausibleThreadId } from "./message.entity";

export interface InboxThread {
  id: string;
  propertyId: string | null;
  propertyTitle: string | null;
  /** The viewer's side in this thread. */
  role: "student" | "agent";
  otherPartyId: string;
  otherPartyName: string;
  lastMessage: { body: string; fromMe: boolean; createdAt: Date } | null;
  lastMessageAt: Date;
  unreadCount: number;
}

export interface ThreadMessage {
  id: string;
  senderId: string;
  fromMe: boolean;
  body: string;
  createdAt: Date;
  readAt: Date | null;
}

function inboxThread(t: ThreadSummary, viewerId: string): InboxThread {
  const asStudent = t.studentId === viewerId;
  return {
    id: t.id,
    propertyId: t.propertyId,
    propertyTitle: t.propertyTitle,
    role: asStudent ? "student" : "agent",
    otherPartyId: asStudent ? t.agentId : t.studentId,
    otherPartyName: asStudent ? t.agentName : t.studentName,
    lastMessage: t.lastMessage && {
      body: t.lastMessage.body,
      fromMe: t.lastMessage.senderId === viewerId,
      createdAt: t.lastMessage.createdAt,
    },
    lastMessageAt: t.lastMessageAt,
    unreadCount: t.unreadCount,
  };
}

/** The user's inbox: each thread with its last message and unread count, most recent first. */
export async function listThreadsFor(deps: { messages: MessageRepository }, userId: string): Promise<InboxThread[]> {
  return (await deps.messages.listThreadsFor(userId)).map((t) => inboxThread(t, userId));
}

/** Opens a thread: its messages oldest first; the other side's messages become read. */
export async function threadWithMessages(
  deps: { messages: MessageRepository; clock: Clock },
  input: { userId: string; threadId: string },
): Promise<Result<{ thread: InboxThread; messages: ThreadMessage[] }, MessagingError>> {
  if (!isPlausibleThreadId(input.threadId)) return err(messagingError("messages.thread_not_found"));
  const summary = await deps.messages.findThreadSummary(input.threadId, input.userId);
  if (!summary || (summary.studentId !== input.userId && summary.agentId !== input.userId)) {
    return err(messagingError("messages.thread_not_found"));
  }
  await deps.messages.markRead(summary.id, input.userId, deps.clock.now());
  const messages = await deps.messages.listMessages(summary.id);
  return ok({
    thread: { ...inboxThread(summary, input.userId), unreadCount: 0 },
    messages: messages.map((m) => ({
      id: m.id,
      senderId: m.senderId,
      fromMe: m.senderId === input.userId,
      body: m.body,
      createdAt: m.createdAt,
      readAt: m.readAt,
    })),
  });
}

/** Unread messages for the navigation badge. */
export function unreadMessageCount(deps: { messages: MessageRepository }, userId: string): Promise<number> {
  return deps.messages.unreadCount(userId);
}
