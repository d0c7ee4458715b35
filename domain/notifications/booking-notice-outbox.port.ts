import type { BookingNotice, NewBookingNotice } from "./booking-notice";

/**
 * The outbox of booking e-mails. `enqueue` runs inside the unit of work of the change it reports,
 * so the notice exists exactly when the change does.
 */
export interface BookingNoticeOutbox {
  /** Adds a pending notice due at `at`; answers false when its dedupe key was already used. */
  enqueue(notice: NewBookingNotice, at: Date): Promise<boolean>;
  /** Pending notices due at `at`, oldest first. */
  listDue(at: Date, limit: number): Promise<BookingNotice[]>;
  /**
   * Takes a due notice for one send: answers false when it is no longer pending and due at `at`
   * (another run took it). While held it is not due again before `leaseUntil`.
   */
  claim(id: string, at: Date, leaseUntil: Date): Promise<boolean>;
  markSent(id: string, at: Date): Promise<void>;
  /** The notice no longer applies (a reminder of a visit since cancelled or moved): never sent. */
  markSkipped(id: string, reason: string): Promise<void>;
  /** Records a failed try: pending again at `nextAttemptAt`, or failed for good when that is null. */
  markAttemptFailed(id: string, error: string, nextAttemptAt: Date | null): Promise<void>;
}
