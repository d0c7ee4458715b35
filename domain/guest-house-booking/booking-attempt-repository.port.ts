import type { BookingAttempt, BookingAttemptSummary } from "./booking-attempt.entity";

export interface BookingAttemptRepository {
  insert(attempt: BookingAttempt): Promise<void>;
  /** The user's own attempt, or null (another user's attempt is null too). */
  findOwn(userId: string, attemptId: string): Promise<BookingAttempt | null>;
  /** Sets whatsappMessageSent on the user's own attempt; false when there is none. */
  markWhatsappSent(userId: string, attemptId: string): Promise<boolean>;
  /** The user's attempts, newest first. */
  listForUser(userId: string, limit: number): Promise<BookingAttemptSummary[]>;
}
