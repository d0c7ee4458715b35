export const MESSAGE_BODY_MAX = 2000;
/** A recipient gets at most one e-mail notice per thread in this time (the first message of a burst). */
export const MESSAGE_NOTICE_INTERVAL_MS = 60 * 60 * 1000;

export type NoticeLanguage = "en" | "fr";

/** A side of a thread as a notice needs them: where to write, and in which language. */
export interface Participant {
  id: string;
  /** The agent's business name, else the full name, else the part of the e-mail before @. */
  name: string;
  email: string;
  /** The recipient's own preference (profiles.language), never the sender's request language. */
  language: NoticeLanguage;
}

/** One conversation between a student and an agent about one property. */
export interface Thread {
  id: string;
  propertyId: string | null;
  studentId: string;
  agentId: string;
  createdAt: Date;
  lastMessageAt: Date;
}

export interface Message {
  id: string;
  threadId: string;
  senderId: string;
  body: string;
  readAt: Date | null;
  createdAt: Date;
}

/**
 * Whether a string can be a thread id at all (ids are UUIDs; demo ids are UUID-shaped). Anything
 * else is an unknown thread without asking the database, which may refuse odd bytes such as NUL.
 */
export const isPlausibleThreadId = (id: string): boolean => /^[A-Za-z0-9-]{1,64}$/.test(id);

/** The side a user takes in a thread, or null for an outsider. */
export const sideOf = (thread: Thread, userId: string): "student" | "agent" | null =>
  thread.studentId === userId ? "student" : thread.agentId === userId ? "agent" : null;

export const isParticipant = (thread: Thread, userId: string): boolean => thread.studentId === userId || thread.agentId === userId;
