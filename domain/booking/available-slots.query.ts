import type { Clock } from "../shared/clock";
import type { BookableProperty } from "./booking-property-reader.port";
import type { BookingRepository } from "./booking-repository.port";
import { checkVisitDate, weekdayOf } from "./visit-date";
import { slotsFor } from "./visiting-hours";

export interface SlotAvailability {
  time: string;
  available: boolean;
}

/**
 * The slots the booking form offers for a property on a date, each marked free or taken. A date
 * outside the bookable range (tomorrow to 60 days ahead, Buea time) offers no slots.
 */
export async function availableSlots(
  deps: { bookings: BookingRepository; clock: Clock },
  property: BookableProperty,
  date: string,
): Promise<SlotAvailability[]> {
  const now = deps.clock.now();
  if (!checkVisitDate(date, now).ok) return [];
  const taken = new Set(await deps.bookings.listTakenTimes(property.id, date, now));
  return slotsFor(property.visitingHours, date, weekdayOf(date)).map((time) => ({ time, available: !taken.has(time) }));
}
