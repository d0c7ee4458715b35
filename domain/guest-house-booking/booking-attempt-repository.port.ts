import type { BookingAttempt, BookingAttemptSummary } from "./booking-attempt.entity";
import type { BookingDraftStore } from "./booking-draft";

/** The attempts, and the drafts that wait for the access fee (booking-draft.ts). */
export interface BookingAttemptRepository extends BookingDraftStore {
  /** Records the attempt and forgets its guest's draft for that house, in one transaction. */
  insert(attempt: BookingAttempt): Promise<void>;
  /** The user's own attempt, or null (another user's attempt is null too). */
  findOwn(userId: string, attemptId: string): Promise<BookingAttempt | null>;
  /** Sets whatsappMessageSent on the user's own attempt; false when there is none. */
  markWhatsappSent(userId: string, attemptId: string): Promise<boolean>;
  /** The user's attempts, newest first. */
  listForUser(userId: string, limit: number): Promise<BookingAttemptSummary[]>;
}
