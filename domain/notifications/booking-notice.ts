// Booking e-mails go through an outbox (issue 9): a use case that changes a booking writes a
// notice row in the same transaction as the change, and a job renders and sends it later in the
// recipient's language, retrying a failed send. The request never waits on, or fails by, SMTP.
import { MINUTE_MS } from "../shared/clock";

export type BookingNoticeKind =
  /** The visit is booked and confirmed (subscription-covered at once, or once paid). */
  | "booking_confirmed"
  /** The payment that bought the subscription: amount, method, provider reference, subscription end. */
  | "payment_receipt"
  /** The day before the visit. */
  | "visit_reminder"
  /** The agent accepted the visit time. */
  | "visit_accepted"
  /** The agent proposed another time; the student accepts or declines it. */
  | "visit_time_proposed"
  /** The student answered the agent's proposal (accepted or declined). */
  | "proposal_answered"
  /** The student moved the visit to another slot. */
  | "visit_rescheduled"
  /** The agent declined the visit, with a reason. */
  | "visit_declined"
  /** Cancelled by the student, the agent or an admin. */
  | "booking_cancelled";

/** Who receives it: the booking's student or the agent of the booked property. */
export type NoticeRecipient = "student" | "agent";

/** Scalar details the e-mail needs beyond the booking itself (a reason, the old slot, ...). */
export type NoticeData = Record<string, string | number | boolean | null>;

export interface NewBookingNotice {
  kind: BookingNoticeKind;
  bookingId: string;
  recipient: NoticeRecipient;
  data?: NoticeData;
  /**
   * When set, a second notice with the same key is silently dropped (for example the reminder of
   * one booking, `reminder:<bookingId>`), so a job that runs twice sends once.
   */
  dedupeKey?: string;
}

/**
 * pending: waiting to be sent (or retried); sent; failed: gave up after MAX_NOTICE_ATTEMPTS;
 * skipped: no longer true when its turn came (a reminder of a visit since cancelled or moved).
 */
export type BookingNoticeStatus = "pending" | "sent" | "failed" | "skipped";

export interface BookingNotice extends Required<Omit<NewBookingNotice, "dedupeKey">> {
  id: string;
  dedupeKey: string | null;
  status: BookingNoticeStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** After this many failed sends a notice is marked failed and left for an operator. */
export const MAX_NOTICE_ATTEMPTS = 8;

/** How long a sender holds a notice it is sending before another run may take it (a crash mid-send). */
export const NOTICE_LEASE_MS = 5 * MINUTE_MS;

/** Wait before the next try: 1, 2, 4, ... minutes, at most 6 hours. */
export function nextNoticeAttemptAt(failedAttempts: number, at: Date): Date {
  const minutes = Math.min(2 ** Math.max(0, failedAttempts - 1), 360);
  return new Date(at.getTime() + minutes * MINUTE_MS);
}
