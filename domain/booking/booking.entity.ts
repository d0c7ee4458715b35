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
/**
 * The agent's answer to a paid or subscription-covered visit (docs/decisions/0117): awaiting it,
 * the time accepted, another time proposed (the student accepts or declines it), or the visit
 * declined (the booking is then cancelled by the agent).
 */
export type AgentResponse = "awaiting" | "accepted" | "proposed" | "declined";
export const AGENT_RESPONSES: readonly AgentResponse[] = ["awaiting", "accepted", "proposed", "declined"];
export type CancelledBy = "student" | "agent" | "admin";

export interface Cancellation {
  at: Date;
  by: CancelledBy;
  reason: string;
}

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
  agentResponse: AgentResponse;
  /** The other time the agent proposed; it holds nothing until the student accepts it. */
  proposedSlot: { visitDate: string; visitTime: string } | null;
  cancellation: Cancellation | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A booked visit: paid for (or covered by the subscription the student paid) and given its slot,
 * whatever the agent answered or the outcome. Cancelled, expired, unpaid and rebook_required are
 * not. As data so a database adapter can turn it into a WHERE (docs/decisions/0201).
 */
export const BOOKED_VISIT = { paymentStatus: "confirmed", bookingStatus: "confirmed" } as const;

export function isBookedVisit(booking: Pick<Booking, "paymentStatus" | "bookingStatus">): boolean {
  return booking.paymentStatus === BOOKED_VISIT.paymentStatus && booking.bookingStatus === BOOKED_VISIT.bookingStatus;
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

/**
 * Which bookings the listing's agent sees, as data so a database adapter can turn it into a WHERE:
 * the visit is paid for or covered by a subscription (payment confirmed) and was given its slot,
 * whatever happened to it since (accepted, moved, cancelled, visited). A paid booking whose slot
 * was taken before the payment landed (rebook_required) never was a visit with this agent: the
 * student books again. What the agent may still ACT on is narrower: isUpcomingVisit in
 * booking-lifecycle.ts. See docs/decisions/0117 and 0124.
 */
export const VISIBLE_TO_AGENT: { paymentStatus: BookingPaymentStatus; bookingStatuses: readonly BookingStatus[] } = {
  paymentStatus: "confirmed",
  bookingStatuses: ["confirmed", "cancelled"],
};

/** Whether the listing's agent sees the booking (VISIBLE_TO_AGENT). */
export function visibleToAgent(booking: Pick<Booking, "paymentStatus" | "bookingStatus">): boolean {
  return booking.paymentStatus === VISIBLE_TO_AGENT.paymentStatus && VISIBLE_TO_AGENT.bookingStatuses.includes(booking.bookingStatus);
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

/**
 * The updated_at a lifecycle change writes: `at`, or one millisecond after the booking's last
 * change when the clock has not moved on, so a compare-and-set on updated_at always sees a change.
 */
export function nextUpdatedAt(before: Booking, at: Date): Date {
  return new Date(Math.max(at.getTime(), before.updatedAt.getTime() + 1));
}
