// The admin's read of every visit booking (issue 11, docs/decisions/0126): one page, newest first,
// kept by status, visit-date range and property, with the names the screen and the CSV show. The
// database filters and counts (one query for the page, one for the total).
import type { AgentResponse, BookingPaymentStatus, BookingStatus, CancelledBy, ViewingOutcome } from "./booking.entity";

export interface AdminBookingFilter {
  bookingStatus?: BookingStatus;
  /** Visit day (YYYY-MM-DD, Buea) at or after. */
  visitFrom?: string;
  /** Visit day at or before (both ends included). */
  visitTo?: string;
  /** The property's exact id, or text its title contains (case-insensitive; % and _ are letters). */
  property?: string;
}

export interface AdminBookingsQuery extends AdminBookingFilter {
  limit: number;
  offset: number;
  /** Count the matches only up to this many (domain/shared/paging.ts countLimitFor); 0 skips the count. */
  countLimit: number;
}

export interface AdminBookingView {
  id: string;
  reference: string;
  propertyId: string;
  propertyTitle: string;
  studentId: string;
  studentName: string;
  studentEmail: string;
  agentId: string;
  agentName: string;
  visitDate: string;
  visitTime: string;
  bookingStatus: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  paymentAmount: number;
  /** The payment that paid for it (null when a subscription covered it or none was made). */
  paymentReference: string | null;
  agentResponse: AgentResponse;
  viewingOutcome: ViewingOutcome | null;
  cancelledBy: CancelledBy | null;
  cancelReason: string | null;
  createdAt: Date;
}

export interface AdminBookingsReader {
  /** Newest first (created, then id); `total` counts the matches up to `countLimit`. */
  list(query: AdminBookingsQuery): Promise<{ items: AdminBookingView[]; total: number }>;
}
