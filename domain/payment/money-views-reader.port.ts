// The read models of the money pages (a student's bookings and payments, the booking waiting for
// payment, the viewings to confirm, an agent's bookings, the first bookable listing). Writes go
// through the use cases; which rows qualify is decided by the booking rules (money-views.ts), the
// same in every adapter. See docs/decisions/0124-money-read-models.md.
import type { AgentBookingFilter } from "../booking/booking-lifecycle";
import type { AgentResponse, BookingPaymentStatus, BookingStatus, CancelledBy, ViewingOutcome } from "../booking/booking.entity";
import type { PaymentStatus, PaymentType } from "./payment.entity";

export interface StudentBookingView {
  id: string;
  reference: string;
  propertyId: string;
  propertyTitle: string;
  agentId: string;
  visitDate: string;
  visitTime: string;
  bookingStatus: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  paymentAmount: number;
  viewingOutcome: ViewingOutcome | null;
  /** ISO time the pending hold ends, or null. */
  holdExpiresAt: string | null;
  /** The visit lifecycle (decision 0117): the agent's answer, the time they proposed, who cancelled and why. */
  agentResponse: AgentResponse;
  proposedVisitDate: string | null;
  proposedVisitTime: string | null;
  cancelledBy: CancelledBy | null;
  cancelReason: string | null;
  createdAt: string;
}

export interface StudentPaymentView {
  reference: string;
  type: PaymentType;
  amount: number;
  status: PaymentStatus;
  method: string | null;
  bookingReference: string | null;
  createdAt: string;
}

export interface AgentBookingView {
  id: string;
  reference: string;
  propertyId: string;
  propertyTitle: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  visitDate: string;
  visitTime: string;
  message: string;
  bookingStatus: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  viewingOutcome: ViewingOutcome | null;
  /** The visit lifecycle (decision 0117): the agent's answer, the time they proposed, who cancelled and why. */
  agentResponse: AgentResponse;
  proposedVisitDate: string | null;
  proposedVisitTime: string | null;
  cancelledBy: CancelledBy | null;
  cancelReason: string | null;
  createdAt: string;
}

/** The agent's bookings screen: filters (each optional) and the page wanted (clamped to the last). */
export interface AgentBookingsQuery {
  propertyId?: string;
  visitDate?: string;
  status?: AgentBookingFilter;
  page: number;
}

export interface AgentBookingsPage {
  items: AgentBookingView[];
  /** How many bookings match the filters, over all pages. */
  total: number;
  page: number;
  /** At least 1. */
  pageCount: number;
  /** The agent's listings with a booking they see, by title, for the property filter. */
  properties: BookablePropertyRef[];
}

export interface BookablePropertyRef {
  id: string;
  title: string;
}

export interface MoneyViewsReader {
  /** The student's bookings, newest first (created, then id). */
  studentBookings(studentId: string, limit?: number): Promise<StudentBookingView[]>;
  /** The user's payments, newest first, with the reference of the booking each one paid for. */
  studentPayments(userId: string, limit?: number): Promise<StudentPaymentView[]>;
  /** The student's newest booking whose hold still runs at `at` (holdIsRunning), or null. */
  latestPendingBooking(studentId: string, at: Date): Promise<StudentBookingView | null>;
  /**
   * The student's bookings whose outcome they can record at `at` (viewingOutcomeRefusal is null:
   * confirmed, visit day in Buea today or earlier, no outcome, not their own listing), latest visit first, at most 50.
   */
  viewingsToConfirm(studentId: string, at: Date): Promise<StudentBookingView[]>;
  /** One of the student's bookings by id (null when it is not theirs). */
  studentBooking(studentId: string, bookingId: string): Promise<StudentBookingView | null>;
  /**
   * The bookings on the agent's listings that the agent sees (visibleToAgent), kept by the filters
   * (matchesAgentBookingFilter for the status), newest first (created, then id), AGENT_BOOKINGS_PAGE_SIZE a page.
   */
  agentBookings(agentId: string, query: AgentBookingsQuery): Promise<AgentBookingsPage>;
  /** The oldest verified listing that takes visits (isBookable), for the /test-booking debug page. */
  firstBookableProperty(): Promise<BookablePropertyRef | null>;
}
