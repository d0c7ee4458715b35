import type {
  BookingLifecycleChange,
  BookingRepository,
  ConfirmBookingResult,
  InsertBookingResult,
  LifecycleChangeResult,
} from "./booking-repository.port";
import {
  isBookedVisit,
  isLiveForLimits,
  keepsSlot,
  nextUpdatedAt,
  type Booking,
  type ViewingOutcome,
  type VisitSlot,
} from "./booking.entity";

const copy = (b: Booking): Booking => ({
  ...b,
  holdExpiresAt: b.holdExpiresAt ? new Date(b.holdExpiresAt) : null,
  viewingRecordedAt: b.viewingRecordedAt ? new Date(b.viewingRecordedAt) : null,
  proposedSlot: b.proposedSlot ? { ...b.proposedSlot } : null,
  cancellation: b.cancellation ? { ...b.cancellation, at: new Date(b.cancellation.at) } : null,
  createdAt: new Date(b.createdAt),
  updatedAt: new Date(b.updatedAt),
});

const sameSlot = (b: VisitSlot, s: VisitSlot) =>
  b.propertyId === s.propertyId && b.visitDate === s.visitDate && b.visitTime === s.visitTime;
/** Mirrors the partial unique index bookings_live_slot_idx. */
const isLive = (b: Booking) => b.bookingStatus === "pending" || b.bookingStatus === "confirmed";

export class InMemoryBookingRepository implements BookingRepository {
  private rows: Booking[] = [];

  async findById(id: string): Promise<Booking | null> {
    const b = this.rows.find((r) => r.id === id);
    return b ? copy(b) : null;
  }

  async findByReference(reference: string): Promise<Booking | null> {
    const b = this.rows.find((r) => r.reference === reference);
    return b ? copy(b) : null;
  }

  async findLiveBookingForSlot(slot: VisitSlot): Promise<Booking | null> {
    const b = this.rows.find((r) => sameSlot(r, slot) && isLive(r));
    return b ? copy(b) : null;
  }

  async listTakenTimes(propertyId: string, visitDate: string, at: Date): Promise<string[]> {
    return this.rows.filter((r) => r.propertyId === propertyId && r.visitDate === visitDate && keepsSlot(r, at)).map((r) => r.visitTime);
  }

  async expireLapsedHoldsForSlot(slot: VisitSlot, at: Date): Promise<number> {
    let n = 0;
    for (const r of this.rows) {
      if (sameSlot(r, slot) && r.bookingStatus === "pending" && r.holdExpiresAt && r.holdExpiresAt.getTime() <= at.getTime()) {
        r.bookingStatus = "expired";
        r.updatedAt = new Date(at);
        n += 1;
      }
    }
    return n;
  }

  async lockStudent(): Promise<void> {
    // The in-memory unit of work already runs one piece of work at a time.
  }

  async hasBookedVisit(studentId: string, propertyId: string): Promise<boolean> {
    return this.rows.some((r) => r.studentId === studentId && r.propertyId === propertyId && isBookedVisit(r));
  }

  async listLiveBookingsOfStudent(studentId: string, at: Date, today: string): Promise<Booking[]> {
    return this.rows.filter((r) => r.studentId === studentId && isLiveForLimits(r, at, today)).map(copy);
  }

  async insertBooking(booking: Booking): Promise<InsertBookingResult> {
    if (this.rows.some((r) => r.id === booking.id || r.reference === booking.reference)) {
      throw new Error(`Duplicate booking id or reference: ${booking.id} ${booking.reference}`);
    }
    if (isLive(booking) && this.rows.some((r) => sameSlot(r, booking) && isLive(r))) return "slot_taken";
    this.rows.push(copy(booking));
    return "inserted";
  }

  async confirmBooking(id: string, paymentId: string | null, at: Date): Promise<ConfirmBookingResult> {
    const b = this.mustFind(id);
    if (!isLive(b) && this.rows.some((r) => r.id !== id && sameSlot(r, b) && isLive(r))) return "slot_taken";
    Object.assign(b, { paymentStatus: "confirmed", bookingStatus: "confirmed", holdExpiresAt: null, updatedAt: new Date(at) });
    if (paymentId !== null) b.paymentId = paymentId;
    return "confirmed";
  }

  async markRebookRequired(id: string, paymentId: string, at: Date): Promise<void> {
    const b = this.mustFind(id);
    Object.assign(b, {
      paymentStatus: "confirmed",
      bookingStatus: "rebook_required",
      holdExpiresAt: null,
      paymentId,
      updatedAt: new Date(at),
    });
  }

  async expireBooking(id: string, at: Date): Promise<boolean> {
    const b = this.rows.find((r) => r.id === id);
    if (!b || b.bookingStatus !== "pending") return false;
    Object.assign(b, { bookingStatus: "expired", updatedAt: new Date(at) });
    return true;
  }

  async applyLifecycleChange(before: Booking, change: BookingLifecycleChange, at: Date): Promise<LifecycleChangeResult> {
    const b = this.rows.find((r) => r.id === before.id);
    if (
      !b ||
      b.updatedAt.getTime() !== before.updatedAt.getTime() ||
      b.bookingStatus !== before.bookingStatus ||
      b.agentResponse !== before.agentResponse
    ) {
      return "stale";
    }
    const next: Booking = copy(b);
    if (change.bookingStatus !== undefined) next.bookingStatus = change.bookingStatus;
    if (change.agentResponse !== undefined) next.agentResponse = change.agentResponse;
    if (change.slot !== undefined) Object.assign(next, change.slot);
    if (change.proposedSlot !== undefined) next.proposedSlot = change.proposedSlot ? { ...change.proposedSlot } : null;
    if (change.cancellation !== undefined) next.cancellation = { ...change.cancellation, at: new Date(change.cancellation.at) };
    next.updatedAt = nextUpdatedAt(before, at);
    if (isLive(next) && this.rows.some((r) => r.id !== next.id && sameSlot(r, next) && isLive(r))) return "slot_taken";
    Object.assign(b, next);
    return "applied";
  }

  async recordViewingOutcome(id: string, outcome: ViewingOutcome, at: Date): Promise<boolean> {
    const b = this.rows.find((r) => r.id === id);
    if (!b || b.viewingOutcome !== null) return false;
    Object.assign(b, { viewingOutcome: outcome, viewingRecordedAt: new Date(at), updatedAt: new Date(at) });
    return true;
  }

  /** For the in-memory commission adapter: the property of every no-show. */
  noShowPropertyIds(): string[] {
    return this.rows.filter((r) => r.viewingOutcome === "no_show").map((r) => r.propertyId);
  }

  /** Test and adapter helpers. */
  all(): Booking[] {
    return this.rows.map(copy);
  }
  snapshot(): Booking[] {
    return this.rows.map(copy);
  }
  restore(rows: Booking[]): void {
    this.rows = rows.map(copy);
  }

  private mustFind(id: string): Booking {
    const b = this.rows.find((r) => r.id === id);
    if (!b) throw new Error(`Booking ${id} not found`);
    return b;
  }
}
