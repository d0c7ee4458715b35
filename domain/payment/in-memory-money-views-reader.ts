// The money read models over the in-memory store: the booking rules (money-views.ts, isBookable)
// pick the rows, so the Kysely adapter's answers can be checked against these in one contract test.
import { isBookable } from "../booking/booking-property-reader.port";
import { matchesAgentBookingFilter } from "../booking/booking-lifecycle";
import { visibleToAgent, type Booking } from "../booking/booking.entity";
import type { ListedProperty } from "../booking/in-memory-booking-property-reader";
import {
  AGENT_BOOKINGS_PAGE_SIZE,
  agentBookingsPaging,
  isPayable,
  isViewingDue,
  STUDENT_BOOKINGS_LIMIT,
  STUDENT_PAYMENTS_LIMIT,
  VIEWINGS_TO_CONFIRM_LIMIT,
} from "./money-views";
import type {
  AgentBookingsPage,
  AgentBookingsQuery,
  BookablePropertyRef,
  MoneyViewsReader,
  StudentBookingView,
  StudentPaymentView,
} from "./money-views-reader.port";
import type { Payment } from "./payment.entity";

/** What the in-memory reader reads: the stored bookings, payments and listings. */
export interface MoneyViewsSource {
  bookings(): Booking[];
  payments(): Payment[];
  properties(): ListedProperty[];
}

const byIdDesc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const newestFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || byIdDesc(a, b);

export class InMemoryMoneyViewsReader implements MoneyViewsReader {
  constructor(private readonly source: MoneyViewsSource) {}

  async studentBookings(studentId: string, limit = STUDENT_BOOKINGS_LIMIT): Promise<StudentBookingView[]> {
    return this.studentRows(studentId)
      .sort(newestFirst)
      .slice(0, limit)
      .map((r) => r.view);
  }

  async studentPayments(userId: string, limit = STUDENT_PAYMENTS_LIMIT): Promise<StudentPaymentView[]> {
    const bookings = this.source.bookings();
    return this.source
      .payments()
      .filter((p) => p.userId === userId)
      .sort(newestFirst)
      .slice(0, limit)
      .map((p) => ({
        reference: p.reference,
        type: p.type,
        amount: p.amount,
        status: p.status,
        method: p.method,
        bookingReference: bookings.find((b) => b.id === p.bookingId)?.reference ?? null,
        createdAt: p.createdAt.toISOString(),
      }));
  }

  async latestPendingBooking(studentId: string, at: Date): Promise<StudentBookingView | null> {
    return (
      this.studentRows(studentId)
        .sort(newestFirst)
        .find((r) => isPayable(r.view, at))?.view ?? null
    );
  }

  async viewingsToConfirm(studentId: string, at: Date): Promise<StudentBookingView[]> {
    return this.studentRows(studentId)
      .filter((r) => isViewingDue(studentId, r.view, at))
      .sort((a, b) => (a.view.visitDate < b.view.visitDate ? 1 : a.view.visitDate > b.view.visitDate ? -1 : byIdDesc(a, b)))
      .slice(0, VIEWINGS_TO_CONFIRM_LIMIT)
      .map((r) => r.view);
  }

  async studentBooking(studentId: string, bookingId: string): Promise<StudentBookingView | null> {
    return this.studentRows(studentId).find((r) => r.id === bookingId)?.view ?? null;
  }

  async agentBookings(agentId: string, query: AgentBookingsQuery): Promise<AgentBookingsPage> {
    const titles = new Map(
      this.source
        .properties()
        .filter((p) => p.agentId === agentId)
        .map((p) => [p.id, p.title]),
    );
    const seen = this.source.bookings().filter((b) => titles.has(b.propertyId) && visibleToAgent(b));
    const matching = seen
      .filter(
        (b) =>
          (query.propertyId === undefined || b.propertyId === query.propertyId) &&
          (query.visitDate === undefined || b.visitDate === query.visitDate) &&
          (query.status === undefined || matchesAgentBookingFilter(b, query.status)),
      )
      .sort(newestFirst);
    const { page, pageCount, offset } = agentBookingsPaging(matching.length, query.page);
    const propertyIds = new Set(seen.map((b) => b.propertyId));
    const properties = [...titles]
      .filter(([id]) => propertyIds.has(id))
      .map(([id, title]) => ({ id, title }))
      .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return {
      total: matching.length,
      page,
      pageCount,
      properties,
      items: matching.slice(offset, offset + AGENT_BOOKINGS_PAGE_SIZE).map((b) => ({
        id: b.id,
        reference: b.reference,
        propertyId: b.propertyId,
        propertyTitle: titles.get(b.propertyId) ?? "",
        visitorName: b.visitorName,
        visitorEmail: b.visitorEmail,
        visitorPhone: b.visitorPhone,
        visitDate: b.visitDate,
        visitTime: b.visitTime,
        message: b.message,
        bookingStatus: b.bookingStatus,
        paymentStatus: b.paymentStatus,
        viewingOutcome: b.viewingOutcome,
        ...lifecycleOf(b),
        createdAt: b.createdAt.toISOString(),
      })),
    };
  }

  async firstBookableProperty(): Promise<BookablePropertyRef | null> {
    const first = this.source
      .properties()
      .filter((p) => p.verified && isBookable(p))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || -byIdDesc(a, b))[0];
    return first ? { id: first.id, title: first.title } : null;
  }

  /** The student's bookings joined to their listing (a booking whose listing is gone is left out, as the join does). */
  private studentRows(studentId: string): { id: string; createdAt: Date; view: StudentBookingView }[] {
    const properties = new Map(this.source.properties().map((p) => [p.id, p]));
    return this.source.bookings().flatMap((b) => {
      const p = properties.get(b.propertyId);
      if (b.studentId !== studentId || !p) return [];
      const view: StudentBookingView = {
        id: b.id,
        reference: b.reference,
        propertyId: b.propertyId,
        propertyTitle: p.title,
        agentId: p.agentId,
        visitDate: b.visitDate,
        visitTime: b.visitTime,
        bookingStatus: b.bookingStatus,
        paymentStatus: b.paymentStatus,
        paymentAmount: b.paymentAmount,
        viewingOutcome: b.viewingOutcome,
        holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
        ...lifecycleOf(b),
        createdAt: b.createdAt.toISOString(),
      };
      return [{ id: b.id, createdAt: b.createdAt, view }];
    });
  }
}

/** The lifecycle fields of a booking's views. */
function lifecycleOf(b: Booking) {
  return {
    agentResponse: b.agentResponse,
    proposedVisitDate: b.proposedSlot?.visitDate ?? null,
    proposedVisitTime: b.proposedSlot?.visitTime ?? null,
    cancelledBy: b.cancellation?.by ?? null,
    cancelReason: b.cancellation?.reason ?? null,
  };
}
