// A visit booking. A student with an active subscription is confirmed at once; otherwise the booking
// is pending and holds its slot for HOLD_MS while the student pays.
import { MINUTE_MS } from "../shared/clock";
import { doualaDate } from "./visit-date";

export type BookingStatus =
  | "pending"
  | "confirmed"
  | "expired"
  | "cancelled"
  // Paid, but the hold had lapsed and someone else took the slot: the student rebooks (free, they
  // now hold a subscription). See docs/decisions/0101-money-model.md.
  | "rebook_required";
export type BookingPaymentStatus = "pending" | "confirmed";
export type ViewingOutcome = "confirmed" | "no_show";

/** What a visit booking costs without a subscription (it buys the subscription). */
export const BOOKING_FEE_XAF = 8000;
/** How long a pending booking holds its slot while the student pays. */
export const HOLD_MS = 30 * MINUTE_MS;
export const BOOKING_REFERENCE_PREFIX = "KN";
/**
 * How many live visit bookings (pending, or confirmed and still ahead) a student may hold at once,
 * unless configured otherwise (MAX_LIVE_VISIT_BOOKINGS). See docs/decisions/0108.
 */
export const DEFAULT_MAX_LIVE_BOOKINGS = 3;

export interface VisitSlot {
  propertyId: string;
  visitDate: string; // YYYY-MM-DD
  visitTime: string; // '10:00 AM'
}

export interface Booking extends VisitSlot {
  id: string;
  studentId: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  message: string;
  paymentAmount: number;
  feeType: "student_rental";
  paymentStatus: BookingPaymentStatus;
  bookingStatus: BookingStatus;
  reference: string;
  holdExpiresAt: Date | null;
  paymentId: string | null;
  viewingOutcome: ViewingOutcome | null;
  viewingRecordedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A pending booking whose hold has passed no longer keeps its slot from others. */
export function holdHasLapsed(booking: Pick<Booking, "bookingStatus" | "holdExpiresAt">, at: Date): boolean {
  return booking.bookingStatus === "pending" && booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() <= at.getTime();
}

/**
 * Whether the booking is waiting for its payment at `at` and can still be paid: pending, its hold
 * not lapsed (a hold ending exactly at `at` has lapsed; a pending booking without an end still holds).
 */
export function holdIsRunning(booking: Pick<Booking, "bookingStatus" | "holdExpiresAt">, at: Date): boolean {
  return booking.bookingStatus === "pending" && !holdHasLapsed(booking, at);
}

/** Whether the listing's agent acts on the booking: the visit is paid for or covered by a subscription. */
export function agentActsOn(booking: Pick<Booking, "bookingStatus" | "paymentStatus">): boolean {
  return booking.bookingStatus === "confirmed" && booking.paymentStatus === "confirmed";
}

export type ViewingOutcomeRefusal = "own_listing" | "not_confirmed" | "not_yet_due" | "already_recorded";

/**
 * Why the student cannot (yet) say whether the visit took place, or null when they can: the
 * booking is not of the listing agent's own listing, it is confirmed, its visit day (Buea time) is
 * today or earlier at `at`, and no outcome is recorded. The first reason that applies, in that order.
 */
export function viewingOutcomeRefusal(
  booking: Pick<Booking, "studentId" | "bookingStatus" | "visitDate" | "viewingOutcome">,
  listingAgentId: string,
  at: Date,
): ViewingOutcomeRefusal | null {
  if (listingAgentId === booking.studentId) return "own_listing";
  if (booking.bookingStatus !== "confirmed") return "not_confirmed";
  if (booking.visitDate > doualaDate(at)) return "not_yet_due";
  if (booking.viewingOutcome !== null) return "already_recorded";
  return null;
}

/** Whether the booking keeps its slot from other students at `at`. */
export function keepsSlot(booking: Booking, at: Date): boolean {
  if (booking.bookingStatus === "confirmed") return true;
  return booking.bookingStatus === "pending" && !holdHasLapsed(booking, at);
}

/**
 * Whether the booking counts against the student's live-booking limits at `at` (`today` is the
 * Buea date of `at`): pending with its hold running, or confirmed, visit today or later, no
 * outcome recorded yet. Expired, cancelled, rebook_required and past visits do not count.
 */
export function isLiveForLimits(booking: Booking, at: Date, today: string): boolean {
  if (booking.bookingStatus === "pending") return !holdHasLapsed(booking, at);
  return booking.bookingStatus === "confirmed" && booking.viewingOutcome === null && booking.visitDate >= today;
}
