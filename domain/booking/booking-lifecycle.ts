// The rules of the visit lifecycle after booking (issue 9, docs/decisions/0117): which booking the
// agent may answer, which one the student may cancel or move, and what a reason must look like.
// Pure functions; the use cases in booking-lifecycle.use-cases.ts apply them.
import type { AgentResponse, Booking, BookingStatus } from "./booking.entity";

export const MIN_REASON_LENGTH = 3;
export const MAX_REASON_LENGTH = 500;

/**
 * A visit that is paid for or covered by a subscription, confirmed, on `today` (Buea date) or later
 * and with no outcome recorded: the agent may answer it and the student may cancel or move it.
 * Unpaid bookings are not in the lifecycle: their hold simply lapses after 30 minutes.
 */
export function isUpcomingVisit(
  booking: Pick<Booking, "bookingStatus" | "paymentStatus" | "viewingOutcome" | "visitDate">,
  today: string,
): boolean {
  return (
    booking.bookingStatus === "confirmed" &&
    booking.paymentStatus === "confirmed" &&
    booking.viewingOutcome === null &&
    booking.visitDate >= today
  );
}

/** The agent's bookings screen filters (decision 0117). */
export const AGENT_BOOKING_FILTERS = ["awaiting", "proposed", "accepted", "cancelled", "visited"] as const;
export type AgentBookingFilter = (typeof AGENT_BOOKING_FILTERS)[number];

/**
 * What each filter keeps, as data so a database adapter can turn it into a WHERE: the booking
 * status, whether an outcome is recorded, the agent's answer (an absent key does not filter).
 * awaiting/proposed/accepted are visits still ahead of their outcome; cancelled and visited are final.
 */
export interface AgentBookingCriteria {
  bookingStatus?: BookingStatus;
  hasOutcome?: boolean;
  agentResponse?: AgentResponse;
}
export const AGENT_BOOKING_FILTER_CRITERIA: Record<AgentBookingFilter, AgentBookingCriteria> = {
  awaiting: { bookingStatus: "confirmed", hasOutcome: false, agentResponse: "awaiting" },
  proposed: { bookingStatus: "confirmed", hasOutcome: false, agentResponse: "proposed" },
  accepted: { bookingStatus: "confirmed", hasOutcome: false, agentResponse: "accepted" },
  cancelled: { bookingStatus: "cancelled" },
  visited: { hasOutcome: true },
};

/** Whether the booking is kept by the agent's status filter (AGENT_BOOKING_FILTER_CRITERIA). */
export function matchesAgentBookingFilter(
  booking: Pick<Booking, "bookingStatus" | "viewingOutcome" | "agentResponse">,
  filter: AgentBookingFilter,
): boolean {
  const c = AGENT_BOOKING_FILTER_CRITERIA[filter];
  return (
    (c.bookingStatus === undefined || booking.bookingStatus === c.bookingStatus) &&
    (c.hasOutcome === undefined || (booking.viewingOutcome !== null) === c.hasOutcome) &&
    (c.agentResponse === undefined || booking.agentResponse === c.agentResponse)
  );
}

/** NUL and other control characters, except tab and line breaks. */
function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** A trimmed reason within the bounds (`required`: at least MIN_REASON_LENGTH), or null. */
export function cleanReason(raw: string, required: boolean): string | null {
  const reason = raw.trim();
  if (hasControl(reason) || reason.length > MAX_REASON_LENGTH) return null;
  if (required && reason.length < MIN_REASON_LENGTH) return null;
  return reason;
}
