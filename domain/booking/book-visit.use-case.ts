import type { Clock } from "../shared/clock";
import type { IdGenerator, ReferenceGenerator } from "../shared/ids";
import { err, ok, domainError, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { SubscriptionRepository } from "../subscription/subscription-repository.port";
import type { BookingNoticeOutbox } from "../notifications/booking-notice-outbox.port";
import { enqueueBookingConfirmed } from "../notifications/booking-notices";
import { isBookable, type BookingPropertyReader, type BookableProperty } from "./booking-property-reader.port";
import type { BookingRepository } from "./booking-repository.port";
import { BOOKING_FEE_XAF, BOOKING_REFERENCE_PREFIX, DEFAULT_MAX_LIVE_BOOKINGS, HOLD_MS, type Booking } from "./booking.entity";
import type { BookingError } from "./booking.errors";
import { checkVisitDate, doualaDate, weekdayOf } from "./visit-date";
import { slotsFor } from "./visiting-hours";

export interface BookVisitDeps {
  uow: UnitOfWork<{ bookings: BookingRepository; subscriptions: SubscriptionRepository; notices: BookingNoticeOutbox }>;
  properties: BookingPropertyReader;
  clock: Clock;
  ids: IdGenerator;
  references: ReferenceGenerator;
  /** Live bookings a student may hold at once (MAX_LIVE_VISIT_BOOKINGS); DEFAULT_MAX_LIVE_BOOKINGS when absent. */
  maxLiveBookings?: number;
}

export interface BookVisitInput {
  propertyId: string;
  studentId: string;
  visitDate: string;
  visitTime: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  message?: string;
}

export interface BookVisitOutput {
  booking: Booking;
  /** True when the student must pay: the app sends them to /payment/{booking.reference}. */
  needsPayment: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_MESSAGE_LENGTH = 1000;

/** Why a property cannot take visits, or null when it can. */
export function propertyBookingError(property: BookableProperty): BookingError | null {
  if (property.status === "rented_out") return domainError("booking.property_rented_out");
  if (!isBookable(property)) return domainError("booking.property_unavailable");
  return null;
}

export async function bookVisit(deps: BookVisitDeps, input: BookVisitInput): Promise<Result<BookVisitOutput, BookingError>> {
  const now = deps.clock.now();
  const visitor = checkVisitor(input);
  if (!visitor.ok) return visitor;

  const property = await deps.properties.findPropertyForBooking(input.propertyId);
  if (!property) return err(domainError("booking.property_not_found"));
  // Self-dealing: an agent visiting their own listing would earn themselves a commission.
  if (property.agentId === input.studentId) return err(domainError("booking.own_listing_forbidden"));
  const unavailable = propertyBookingError(property);
  if (unavailable) return err(unavailable);

  const date = checkVisitDate(input.visitDate, now);
  if (!date.ok) return date;
  if (!slotsFor(property.visitingHours, input.visitDate, weekdayOf(input.visitDate)).includes(input.visitTime)) {
    return err(domainError("booking.invalid_slot"));
  }

  const maxLive = deps.maxLiveBookings ?? DEFAULT_MAX_LIVE_BOOKINGS;
  return deps.uow.run(async ({ bookings, subscriptions, notices }) => {
    // Slot hoarding: the student's live bookings are counted under a lock on the student, so two
    // simultaneous requests cannot both pass the limit.
    await bookings.lockStudent(input.studentId);
    const live = await bookings.listLiveBookingsOfStudent(input.studentId, now, doualaDate(now));
    if (live.some((b) => b.propertyId === property.id)) return err(domainError("booking.property_already_booked"));
    if (live.length >= maxLive) return err(domainError("booking.too_many_live_bookings", { max: maxLive }));
    const subscribed = (await subscriptions.findActiveSubscription(input.studentId, now)) !== null;
    const slot = { propertyId: property.id, visitDate: input.visitDate, visitTime: input.visitTime };
    // A lapsed hold must not block the slot; expiring it in this transaction means the insert
    // below and the expiry land together or not at all.
    await bookings.expireLapsedHoldsForSlot(slot, now);
    const booking: Booking = {
      id: deps.ids.id(),
      ...slot,
      studentId: input.studentId,
      ...visitor.value,
      paymentAmount: subscribed ? 0 : BOOKING_FEE_XAF,
      feeType: "student_rental",
      paymentStatus: subscribed ? "confirmed" : "pending",
      bookingStatus: subscribed ? "confirmed" : "pending",
      reference: deps.references.reference(BOOKING_REFERENCE_PREFIX),
      holdExpiresAt: subscribed ? null : new Date(now.getTime() + HOLD_MS),
      paymentId: null,
      viewingOutcome: null,
      viewingRecordedAt: null,
      agentResponse: "awaiting",
      proposedSlot: null,
      cancellation: null,
      createdAt: now,
      updatedAt: now,
    };
    if ((await bookings.insertBooking(booking)) === "slot_taken") return err(domainError("booking.slot_taken"));
    // Covered by the subscription, the visit is confirmed now: both sides hear of it by e-mail.
    if (subscribed) await enqueueBookingConfirmed(notices, booking.id, now);
    return ok({ booking, needsPayment: !subscribed });
  });
}

function checkVisitor(
  input: BookVisitInput,
): Result<Pick<Booking, "visitorName" | "visitorEmail" | "visitorPhone" | "message">, BookingError> {
  const visitorName = input.visitorName.trim();
  const visitorEmail = input.visitorEmail.trim().toLowerCase();
  const visitorPhone = input.visitorPhone.trim();
  const message = (input.message ?? "").trim();
  if (visitorName.length === 0 || visitorName.length > 100) return err(domainError("booking.invalid_visitor_name"));
  if (!EMAIL.test(visitorEmail) || visitorEmail.length > 254) return err(domainError("booking.invalid_visitor_email"));
  const digits = visitorPhone.replace(/\D/g, "");
  if (digits.length < 9 || digits.length > 14 || !/^\+?[\d\s().-]+$/.test(visitorPhone))
    return err(domainError("booking.invalid_visitor_phone"));
  if (message.length > MAX_MESSAGE_LENGTH) return err(domainError("booking.message_too_long", { max: MAX_MESSAGE_LENGTH }));
  return ok({ visitorName, visitorEmail, visitorPhone, message });
}
