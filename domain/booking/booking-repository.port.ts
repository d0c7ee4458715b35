import type { AgentResponse, Booking, BookingStatus, Cancellation, ViewingOutcome, VisitSlot } from "./booking.entity";

export type InsertBookingResult = "inserted" | "slot_taken";
export type ConfirmBookingResult = "confirmed" | "slot_taken";

/** What one step of the visit lifecycle changes (docs/decisions/0117); absent fields stay as they are. */
export interface BookingLifecycleChange {
  bookingStatus?: BookingStatus;
  agentResponse?: AgentResponse;
  /** Moves the visit to another time (same property). */
  slot?: { visitDate: string; visitTime: string };
  proposedSlot?: { visitDate: string; visitTime: string } | null;
  cancellation?: Cancellation;
}
/** 'stale': the booking changed since it was read; 'slot_taken': another live booking holds the new slot. */
export type LifecycleChangeResult = "applied" | "stale" | "slot_taken";

/**
 * Bookings as the money path needs them. Conditional writes answer whether they applied, so use
 * cases stay idempotent when two requests race.
 */
export interface BookingRepository {
  findById(id: string): Promise<Booking | null>;
  findByReference(reference: string): Promise<Booking | null>;
  /** Whether the student holds a booked visit (isBookedVisit) on the property, at any date. */
  hasBookedVisit(studentId: string, propertyId: string): Promise<boolean>;
  /** The booking that occupies the slot in the database's sense (pending or confirmed), if any. */
  findLiveBookingForSlot(slot: VisitSlot): Promise<Booking | null>;
  /** Times on that date kept from others at `at`: confirmed, or pending with a hold not yet passed. */
  listTakenTimes(propertyId: string, visitDate: string, at: Date): Promise<string[]>;
  /** Marks 'expired' every pending booking on the slot whose hold has passed; answers how many. */
  expireLapsedHoldsForSlot(slot: VisitSlot, at: Date): Promise<number>;
  /**
   * Holds the student for the rest of the unit of work (PostgreSQL: a row lock on the profile), so
   * two bookings by one student are checked against the live-booking limits one after the other.
   */
  lockStudent(studentId: string): Promise<void>;
  /**
   * The student's live bookings at `at`: pending with a hold not yet passed, or confirmed with the
   * visit on `today` (Buea date) or later and no outcome recorded. See isLiveForLimits.
   */
  listLiveBookingsOfStudent(studentId: string, at: Date, today: string): Promise<Booking[]>;
  /** Inserts; 'slot_taken' when another live booking holds the slot (the database decides). */
  insertBooking(booking: Booking): Promise<InsertBookingResult>;
  /** Moves the booking to confirmed/confirmed, clears its hold; 'slot_taken' if reviving an expired booking collides. */
  confirmBooking(id: string, paymentId: string | null, at: Date): Promise<ConfirmBookingResult>;
  markRebookRequired(id: string, paymentId: string, at: Date): Promise<void>;
  /** Expires the booking if still pending; answers whether it did. */
  expireBooking(id: string, at: Date): Promise<boolean>;
  /**
   * Applies a lifecycle step to the booking if it is still as `before` was read (same updated_at,
   * status and agent response: a compare-and-set, so of two racing answers one applies and the other
   * is 'stale'). A new slot is taken under the partial unique index on live slots, which decides.
   * updated_at becomes nextUpdatedAt(before, at).
   */
  applyLifecycleChange(before: Booking, change: BookingLifecycleChange, at: Date): Promise<LifecycleChangeResult>;
  /** Records the outcome once; answers false when one was already recorded. */
  recordViewingOutcome(id: string, outcome: ViewingOutcome, at: Date): Promise<boolean>;
}
