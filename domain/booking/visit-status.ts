// Where a visit booking stands, for the student, in one word (docs/decisions/0200): the booking,
// its payment, the agent's answer and the recorded outcome read together. The payment result
// page, /profile and the booking e-mails all show this, so a visit is never "confirmed" on one
// and "waiting" on another.
import {
  holdHasLapsed,
  type AgentResponse,
  type BookingPaymentStatus,
  type BookingStatus,
  type CancelledBy,
  type ViewingOutcome,
} from "./booking.entity";
import { doualaDate } from "./visit-date";

export type VisitStatus =
  /** Held for 30 minutes while the student pays. */
  | "awaiting_payment"
  /** Not paid in time: the hold lapsed. */
  | "payment_expired"
  /** Paid, but the slot was taken meanwhile: book another time, free. */
  | "rebook_required"
  /** Paid (or covered by the subscription): the agent has not answered yet. */
  | "awaiting_agent"
  /** The agent proposed another time: the student accepts or declines it. */
  | "time_proposed"
  /** The agent accepted the time: the visit is confirmed. */
  | "confirmed"
  /** The visit day has passed and nobody has said yet whether it took place. */
  | "outcome_due"
  /** Done: the visit took place. */
  | "visited"
  /** Done: the student reported the visit did not take place. */
  | "not_visited"
  /** The agent declined the visit. */
  | "declined"
  /** Cancelled by the student or by KamerNest. */
  | "cancelled";

export const VISIT_STATUSES: readonly VisitStatus[] = [
  "awaiting_payment",
  "payment_expired",
  "rebook_required",
  "awaiting_agent",
  "time_proposed",
  "confirmed",
  "outcome_due",
  "visited",
  "not_visited",
  "declined",
  "cancelled",
];

/** How the status reads at a glance: waiting on someone, good news, over without a visit, or done. */
export type VisitStatusTone = "waiting" | "good" | "ended" | "done";

export const VISIT_STATUS_TONE: Record<VisitStatus, VisitStatusTone> = {
  awaiting_payment: "waiting",
  payment_expired: "ended",
  rebook_required: "waiting",
  awaiting_agent: "waiting",
  time_proposed: "waiting",
  confirmed: "good",
  outcome_due: "waiting",
  visited: "done",
  not_visited: "done",
  declined: "ended",
  cancelled: "ended",
};

export interface VisitStatusFacts {
  bookingStatus: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  agentResponse: AgentResponse;
  viewingOutcome: ViewingOutcome | null;
  visitDate: string;
  holdExpiresAt: Date | null;
  cancelledBy: CancelledBy | null;
}

/** The visit's status at `at` (the visit day is compared in Buea time). */
export function visitStatus(booking: VisitStatusFacts, at: Date): VisitStatus {
  // A recorded outcome is final, whatever the agent had answered.
  if (booking.viewingOutcome === "confirmed") return "visited";
  if (booking.viewingOutcome === "no_show") return "not_visited";
  switch (booking.bookingStatus) {
    case "pending":
      return holdHasLapsed(booking, at) ? "payment_expired" : "awaiting_payment";
    case "expired":
      return "payment_expired";
    case "rebook_required":
      return "rebook_required";
    case "cancelled":
      return booking.cancelledBy === "agent" || booking.agentResponse === "declined" ? "declined" : "cancelled";
    case "confirmed":
      break;
  }
  if (booking.paymentStatus !== "confirmed") return "awaiting_payment";
  if (booking.visitDate < doualaDate(at)) return "outcome_due";
  if (booking.agentResponse === "accepted") return "confirmed";
  if (booking.agentResponse === "proposed") return "time_proposed";
  if (booking.agentResponse === "declined") return "declined";
  return "awaiting_agent";
}
