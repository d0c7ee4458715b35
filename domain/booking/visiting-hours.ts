// When a property can be visited. properties.visiting_hours holds this as JSON; a missing or
// malformed value falls back to the default (9:00 AM to 5:00 PM every hour, Monday to Saturday)
// so one bad listing never breaks the booking form.
//
// JSON shape (every field optional, defaults shown):
//   { "days": ["mon","tue","wed","thu","fri","sat"], "from": "09:00", "to": "17:00",
//     "stepMinutes": 60, "closedDates": ["2026-12-25"] }
// "from" and "to" are 24-hour local (Africa/Douala) times; "to" is the last slot offered.

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface VisitingHours {
  days: Weekday[];
  from: string;
  to: string;
  stepMinutes: number;
  closedDates: string[];
}

export const DEFAULT_VISITING_HOURS: VisitingHours = Object.freeze({
  days: ["mon", "tue", "wed", "thu", "fri", "sat"],
  from: "09:00",
  to: "17:00",
  stepMinutes: 60,
  closedDates: [],
}) as VisitingHours;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function minutesOf(hhmm: string): number {
  const m = HH_MM.exec(hhmm);
  if (!m) throw new Error(`Not an HH:MM time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Parses the stored value (JSON text or an object). Returns null when it is not a valid shape. */
export function parseVisitingHours(value: unknown): VisitingHours | null {
  let raw: unknown = value;
  if (typeof value === "string") {
    try {
      raw = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  const days = o.days ?? DEFAULT_VISITING_HOURS.days;
  const from = o.from ?? DEFAULT_VISITING_HOURS.from;
  const to = o.to ?? DEFAULT_VISITING_HOURS.to;
  const stepMinutes = o.stepMinutes ?? DEFAULT_VISITING_HOURS.stepMinutes;
  const closedDates = o.closedDates ?? [];
  if (!Array.isArray(days) || days.length === 0 || !days.every((d) => (WEEKDAYS as readonly unknown[]).includes(d))) return null;
  if (typeof from !== "string" || typeof to !== "string" || !HH_MM.test(from) || !HH_MM.test(to)) return null;
  if (minutesOf(from) > minutesOf(to)) return null;
  if (typeof stepMinutes !== "number" || !Number.isInteger(stepMinutes) || stepMinutes < 15 || stepMinutes > 240) return null;
  if (!Array.isArray(closedDates) || !closedDates.every((d) => typeof d === "string" && DATE.test(d))) return null;
  return {
    days: WEEKDAYS.filter((d) => (days as unknown[]).includes(d)),
    from,
    to,
    stepMinutes,
    closedDates: [...(closedDates as string[])],
  };
}

export function visitingHoursOrDefault(value: unknown): VisitingHours {
  if (value === null || value === undefined) return DEFAULT_VISITING_HOURS;
  return parseVisitingHours(value) ?? DEFAULT_VISITING_HOURS;
}

/** 540 → '9:00 AM', 720 → '12:00 PM', 1020 → '5:00 PM'. */
export function slotLabel(minutesAfterMidnight: number): string {
  const h24 = Math.floor(minutesAfterMidnight / 60);
  const mm = String(minutesAfterMidnight % 60).padStart(2, "0");
  const suffix = h24 < 12 ? "AM" : "PM";
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${mm} ${suffix}`;
}

/** The slot labels offered on a calendar date (YYYY-MM-DD), ignoring bookings. */
export function slotsFor(hours: VisitingHours, date: string, weekday: Weekday): string[] {
  if (!hours.days.includes(weekday) || hours.closedDates.includes(date)) return [];
  const slots: string[] = [];
  for (let m = minutesOf(hours.from); m <= minutesOf(hours.to); m += hours.stepMinutes) slots.push(slotLabel(m));
  return slots;
}
