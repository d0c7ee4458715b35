// The stay a guest asks a host for (SPEC §2 /guest-house-booking): calendar dates in Buea time,
// a check-in that is not in the past, a check-out after it, at most 30 nights, none of them a night
// the host has blocked, and 1 to the house's capacity of guests.
import { addDays, doualaDate, isCalendarDate } from "../booking/visit-date";
import { DAY_MS } from "../shared/clock";
import { err, ok, domainError, type DomainError, type Result } from "../shared/result";

export const MAX_STAY_NIGHTS = 30;
/** How far ahead a stay may start: hosts plan their calendars a year ahead at most. */
export const MAX_CHECK_IN_DAYS_AHEAD = 365;
export const BOOKING_MESSAGE_MAX = 1000;
/** The most blocked nights named in an error message. */
const BLOCKED_NAMED = 5;

export interface StayRequest {
  checkIn: string;
  checkOut: string;
  guests: number;
}

export interface Stay extends StayRequest {
  nights: number;
}

export type StayErrorCode =
  | "guest-houses.invalid_date"
  | "guest-houses.check_in_past"
  | "guest-houses.check_in_too_far"
  | "guest-houses.check_out_not_after_check_in"
  | "guest-houses.too_many_nights"
  | "guest-houses.dates_blocked"
  | "guest-houses.invalid_guests"
  | "guest-houses.guests_over_capacity";
export type StayError = DomainError<StayErrorCode>;

/** The nights of a stay: every date from check-in up to, not including, check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = checkIn; d < checkOut && nights.length <= MAX_STAY_NIGHTS; d = addDays(d, 1)) nights.push(d);
  return nights;
}

export function checkStay(
  request: StayRequest,
  house: { maxGuests: number; blockedDates: ReadonlySet<string> | readonly string[] },
  now: Date,
): Result<Stay, StayError> {
  const { checkIn, checkOut, guests } = request;
  if (!isCalendarDate(checkIn) || !isCalendarDate(checkOut)) return err(domainError("guest-houses.invalid_date"));
  const today = doualaDate(now);
  // Fixed-width YYYY-MM-DD strings compare like dates.
  if (checkIn < today) return err(domainError("guest-houses.check_in_past", { today }));
  const last = addDays(today, MAX_CHECK_IN_DAYS_AHEAD);
  if (checkIn > last) return err(domainError("guest-houses.check_in_too_far", { last }));
  if (checkOut <= checkIn) return err(domainError("guest-houses.check_out_not_after_check_in"));
  const nights = Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);
  if (nights > MAX_STAY_NIGHTS) return err(domainError("guest-houses.too_many_nights", { max: MAX_STAY_NIGHTS }));
  if (!Number.isInteger(guests) || guests < 1) return err(domainError("guest-houses.invalid_guests"));
  if (guests > house.maxGuests) return err(domainError("guest-houses.guests_over_capacity", { max: house.maxGuests }));
  const blocked = house.blockedDates instanceof Set ? house.blockedDates : new Set(house.blockedDates as readonly string[]);
  const taken = nightsOf(checkIn, checkOut).filter((d) => blocked.has(d));
  if (taken.length > 0) {
    return err(domainError("guest-houses.dates_blocked", { dates: taken.slice(0, BLOCKED_NAMED).join(", "), count: taken.length }));
  }
  return ok({ checkIn, checkOut, guests, nights });
}
