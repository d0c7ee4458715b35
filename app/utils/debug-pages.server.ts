// The debug pages (/test-payment, /test-payment-debug, /test-booking) exist only when
// ENABLE_DEBUG_PAGES (or demo mode) turns them on, and only for signed-in users: anyone else gets
// the plain not-found page, so they are not even discoverable.
import type { AppLoadContext } from "@remix-run/node";
import { availableSlots } from "#domain/booking/available-slots.query";
import { bookVisit, type BookVisitOutput } from "#domain/booking/book-visit.use-case";
import { addDays, doualaDate, MAX_DAYS_AHEAD } from "#domain/booking/visit-date";
import type { Result } from "#domain/shared/result";
import type { BookingError } from "#domain/booking/booking.errors";
import { getOptionalUser, type SessionUser } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

export async function requireDebugUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  if (!context.services.publicConfig.debugPages) throw notFound();
  const user = await getOptionalUser(context, request);
  if (!user) throw notFound();
  return user;
}

/** SPEC §9: the test booking is a visit at 10:00 AM, tomorrow or the next day that slot is free. */
export const TEST_BOOKING_TIME = "10:00 AM";

/**
 * Books the first visible, verified, available listing at 10:00 AM on the first day from tomorrow
 * where that slot is offered and free (a race for a slot just moves on to the next day).
 */
export async function createTestBooking(
  context: AppLoadContext,
  user: SessionUser,
  visitorPhone: string,
): Promise<Result<BookVisitOutput, BookingError> | null> {
  const { money } = context.services;
  const ref = await money.views.firstBookableProperty();
  const property = ref ? await money.properties.findPropertyForBooking(ref.id) : null;
  if (!property) return null;
  const today = doualaDate(money.clock.now());
  let last: Result<BookVisitOutput, BookingError> | null = null;
  for (let day = 1; day <= MAX_DAYS_AHEAD; day += 1) {
    const date = addDays(today, day);
    const slots = await availableSlots({ bookings: money.booking.bookings, clock: money.clock }, property, date);
    if (!slots.some((s) => s.time === TEST_BOOKING_TIME && s.available)) continue;
    last = await bookVisit(money.booking, {
      propertyId: property.id,
      studentId: user.id,
      visitDate: date,
      visitTime: TEST_BOOKING_TIME,
      visitorName: user.name,
      visitorEmail: user.email,
      visitorPhone,
      message: "Test booking",
    });
    if (last.ok || last.error.code !== "booking.slot_taken") return last;
  }
  return last;
}
