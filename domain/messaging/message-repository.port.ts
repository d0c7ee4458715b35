import type { Message, Participant, Thread } from "./message.entity";

/** A thread as an inbox lists it, names of both sides included. */
export interface ThreadSummary extends Thread {
  propertyTitle: string | null;
  studentName: string;
  agentName: string;
  lastMessage: { body: string; senderId: string; createdAt: Date } | null;
  /** Messages from the other side that `viewerId` has not read. */
  unreadCount: number;
}

export interface MessageRepository {
  /** The listing a student writes about, when it exists and is visible. */
  findContactableProperty(propertyId: string): Promise<{ id: string; agentId: string; title: string } | null>;
  /**
   * The thread for (studentId, agentId, propertyId): the existing one, or `candidate` stored as new.
   * Safe under concurrency: two first messages at once end in the same thread.
   */
  findOrCreateThread(candidate: Thread): Promise<Thread>;
  findThread(threadId: string): Promise<Thread | null>;
  /** Stores the message and moves the thread's last_message_at. */
  addMessage(message: Message): Promise<void>;
  /** Threads where the user is a side, most recent activity first. */
  listThreadsFor(viewerId: string): Promise<ThreadSummary[]>;
  findThreadSummary(threadId: string, viewerId: string): Promise<ThreadSummary | null>;
  /** Oldest first. */
  listMessages(threadId: string): Promise<Message[]>;
  /** Marks read every unread message in the thread that `readerId` did not send. */
  markRead(threadId: string, readerId: string, at: Date): Promise<void>;
  /** Unread messages addressed to the user across all threads (the inbox badge). */
  unreadCount(userId: string): Promise<number>;
  /** Name, e-mail and language of a user, for a notice; null when there is no such user. */
  findParticipant(userId: string): Promise<Participant | null>;
  /**
   * Takes the right to e-mail one side of the thread now: true, and the side's last notice time set
   * to `at`, when that side's last notice is none or not after `notBefore`; false otherwise. Atomic
   * (one conditional update), so two messages at once cannot both send a notice.
   */
  claimNotice(threadId: string, side: "student" | "agent", at: Date, notBefore: Date): Promise<boolean>;
}

export type MessagingRepos = { messages: MessageRepository };
