import type { Booking } from "../booking/booking.entity";
import type { BookingNotice } from "./booking-notice";
import { reminderDedupeKey } from "./enqueue-visit-reminders.use-case";
import type { VisitReminderFinder, VisitToRemind } from "./visit-reminder-finder.port";

/** Over the in-memory bookings and outbox. */
export class InMemoryVisitReminderFinder implements VisitReminderFinder {
  constructor(private readonly source: { bookings: () => Booking[]; notices: () => BookingNotice[] }) {}

  async findVisitsToRemind(visitDate: string, limit: number): Promise<VisitToRemind[]> {
    const keys = new Set(this.source.notices().map((n) => n.dedupeKey));
    return this.source
      .bookings()
      .filter((b) => b.bookingStatus === "confirmed" && b.viewingOutcome === null && b.visitDate === visitDate)
      .filter((b) => !keys.has(reminderDedupeKey(b.id, b.visitDate, "student")))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((b) => ({ bookingId: b.id, visitDate: b.visitDate }));
  }
}
