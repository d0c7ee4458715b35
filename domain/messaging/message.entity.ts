export const MESSAGE_BODY_MAX = 2000;

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

export const isParticipant = (thread: Thread, userId: string): boolean =>
  thread.studentId === userId || thread.agentId === userId;
