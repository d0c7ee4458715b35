// Visit dates are calendar dates in Buea (Africa/Douala: UTC+1 all year, no daylight saving).
import { HOUR_MS, DAY_MS } from "../shared/clock";
import { err, ok, domainError, type Result, type DomainError } from "../shared/result";
import { WEEKDAYS, type Weekday } from "./visiting-hours";

const DOUALA_OFFSET_MS = HOUR_MS;
/** The furthest a visit can be booked ahead, in days. */
export const MAX_DAYS_AHEAD = 60;

/** Today's date in Buea. */
export function doualaDate(at: Date): string {
  return new Date(at.getTime() + DOUALA_OFFSET_MS).toISOString().slice(0, 10);
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
}

export type VisitDateError = DomainError<"booking.invalid_date" | "booking.date_out_of_range">;

/** A visit can be booked from tomorrow up to MAX_DAYS_AHEAD days ahead, Buea time. */
export function checkVisitDate(date: string, now: Date): Result<string, VisitDateError> {
  if (!isCalendarDate(date)) return err(domainError("booking.invalid_date"));
  const today = doualaDate(now);
  const first = addDays(today, 1);
  const last = addDays(today, MAX_DAYS_AHEAD);
  // Fixed-width YYYY-MM-DD strings compare like dates.
  if (date < first || date > last) return err(domainError("booking.date_out_of_range", { first, last }));
  return ok(date);
}
