import type { Clock } from "../shared/clock";
import type { BookableProperty } from "./booking-property-reader.port";
import type { BookingRepository } from "./booking-repository.port";
import { addDays, checkVisitDate, doualaDate, MAX_DAYS_AHEAD, weekdayOf } from "./visit-date";
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

/**
 * The first bookable day (tomorrow to MAX_DAYS_AHEAD, Buea time) with at least one free slot, or
 * null when there is none: the booking form opens on it rather than on a day without visits.
 * Days the visiting hours leave out are skipped without asking the database.
 */
export async function firstFreeVisitDate(
  deps: { bookings: BookingRepository; clock: Clock },
  property: BookableProperty,
): Promise<string | null> {
  const now = deps.clock.now();
  const today = doualaDate(now);
  for (let n = 1; n <= MAX_DAYS_AHEAD; n += 1) {
    const date = addDays(today, n);
    const slots = slotsFor(property.visitingHours, date, weekdayOf(date));
    if (slots.length === 0) continue;
    const taken = new Set(await deps.bookings.listTakenTimes(property.id, date, now));
    if (slots.some((time) => !taken.has(time))) return date;
  }
  return null;
}
