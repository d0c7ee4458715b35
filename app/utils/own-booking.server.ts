// Finding a student's own booking by its reference (KN-7F3K9Q) or its id, for the money pages.
// Another student's booking is reported exactly like a missing one.
import type { Booking } from "#domain/booking/booking.entity";
import type { MoneyModule } from "~/wiring/money.server";
import { cleanKey } from "./clean-key";

export async function findOwnBooking(money: Pick<MoneyModule, "booking">, userId: string, key: unknown): Promise<Booking | null> {
  const clean = cleanKey(key);
  if (!clean) return null;
  const { bookings } = money.booking;
  const booking = (await bookings.findByReference(clean.toUpperCase())) ?? (await bookings.findById(clean));
  return booking && booking.studentId === userId ? booking : null;
}

// One 404 for every page (app/utils/not-found.server.ts), re-exported for this module's routes.
