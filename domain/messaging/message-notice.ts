import type { Mailer } from "../shared/mailer.port";
import { MESSAGE_NOTICE_INTERVAL_MS, sideOf, type Participant, type Thread } from "./message.entity";
import type { MessageNoticeEmails } from "./message-notice.port";
import type { MessageRepository } from "./message-repository.port";

export interface NoticeDeps {
  mailer: Mailer;
  noticeEmails: MessageNoticeEmails;
  /** No trailing slash, e.g. https://kamernest.cm */
  appUrl: string;
}

/** What became of the e-mail notice of a new message. */
export type NoticeOutcome = "sent" | "throttled" | "failed";

export interface PendingNotice {
  recipient: Participant;
  senderName: string;
  propertyTitle: string | null;
  link: string;
}

/** Where a side reads the thread: agents in their portal, students (and anyone else) on /messages. */
export function inboxPath(side: "student" | "agent", threadId: string): string {
  const base = side === "agent" ? "/agents/messages" : "/messages";
  return `${base}?${new URLSearchParams({ thread: threadId })}`;
}

/**
 * Inside the message's transaction: takes the notice slot of the other side (at most one notice per
 * thread and recipient per hour) and gathers what the e-mail needs. Null when no notice is due.
 */
export async function claimNotice(
  messages: MessageRepository,
  input: { thread: Thread; senderId: string; propertyTitle: string | null; now: Date; appUrl: string },
): Promise<PendingNotice | null> {
  const senderSide = sideOf(input.thread, input.senderId);
  if (!senderSide) return null;
  const recipientSide = senderSide === "student" ? "agent" : "student";
  const recipientId = recipientSide === "agent" ? input.thread.agentId : input.thread.studentId;
  const notBefore = new Date(input.now.getTime() - MESSAGE_NOTICE_INTERVAL_MS);
  if (!(await messages.claimNotice(input.thread.id, recipientSide, input.now, notBefore))) return null;
  const [recipient, sender] = await Promise.all([messages.findParticipant(recipientId), messages.findParticipant(input.senderId)]);
  if (!recipient) return null;
  return {
    recipient,
    senderName: sender?.name ?? "",
    propertyTitle: input.propertyTitle,
    link: `${input.appUrl}${inboxPath(recipientSide, input.thread.id)}`,
  };
}

/**
 * After the commit: sends the notice. The message is already stored, so a mail failure does not
 * undo it; it is reported as "failed" for the caller to log.
 */
export async function deliverNotice(deps: NoticeDeps, pending: PendingNotice | null): Promise<NoticeOutcome> {
  if (!pending) return "throttled";
  const text = deps.noticeEmails.newMessage({
    language: pending.recipient.language,
    recipientName: pending.recipient.name,
    senderName: pending.senderName,
    propertyTitle: pending.propertyTitle,
    link: pending.link,
  });
  try {
    await deps.mailer.send({ to: pending.recipient.email, ...text });
    return "sent";
  } catch {
    return "failed";
  }
}
