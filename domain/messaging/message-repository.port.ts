import type { Message, Thread } from "./message.entity";

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
}

export type MessagingRepos = { messages: MessageRepository };
