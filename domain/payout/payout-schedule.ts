// When the weekly payout runs by itself (issue 34, decision 0223): one instant a week in Buea
// (Africa/Douala, UTC+1 all year, no daylight saving), Monday 00:00 unless PAYOUT_SCHEDULE says
// another day and time, or "off". The weeks between two such instants are the payout periods: the
// run of a period pays the commissions recorded up to its start (the cut-off is the boundary, not
// the moment the job happened to wake up), and the period's start is its key, so the run happens
// once per period whichever instance or restart gets there first.
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../shared/clock";

const DOUALA_OFFSET_MS = HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

export interface PayoutSchedule {
  /** 0 Sunday … 6 Saturday, in Buea. */
  weekday: number;
  /** Minutes after midnight in Buea, 0–1439. */
  minute: number;
}

/** Monday 00:00 in Buea: the date agents were promised (decision 0116). */
export const DEFAULT_PAYOUT_SCHEDULE: PayoutSchedule = { weekday: 1, minute: 0 };

/**
 * "mon 00:00", "fri 14:30" (a day's first three letters, then HH:MM in Buea), or "off".
 * Answers null for anything else.
 */
export function parsePayoutSchedule(text: string): PayoutSchedule | "off" | null {
  const value = text.trim().toLowerCase();
  if (value === "off") return "off";
  const match = /^([a-z]{3})\s+([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const weekday = (WEEKDAYS as readonly string[]).indexOf(match[1]);
  if (weekday < 0) return null;
  return { weekday, minute: Number(match[2]) * 60 + Number(match[3]) };
}

/** The schedule as PAYOUT_SCHEDULE writes it. */
export function formatPayoutSchedule(schedule: PayoutSchedule): string {
  const hh = String(Math.floor(schedule.minute / 60)).padStart(2, "0");
  const mm = String(schedule.minute % 60).padStart(2, "0");
  return `${WEEKDAYS[schedule.weekday]} ${hh}:${mm}`;
}

/** The start of the payout period holding `now`: the last scheduled instant at or before it. */
export function payoutPeriodStart(now: Date, schedule: PayoutSchedule): Date {
  const local = now.getTime() + DOUALA_OFFSET_MS;
  const localMidnight = Math.floor(local / DAY_MS) * DAY_MS;
  const weekday = new Date(localMidnight).getUTCDay();
  let start = localMidnight - ((weekday - schedule.weekday + 7) % 7) * DAY_MS + schedule.minute * MINUTE_MS;
  if (start > local) start -= WEEK_MS;
  return new Date(start - DOUALA_OFFSET_MS);
}

/** The next scheduled run: the first scheduled instant strictly after `now`. */
export function nextScheduledPayout(now: Date, schedule: PayoutSchedule): Date {
  return new Date(payoutPeriodStart(now, schedule).getTime() + WEEK_MS);
}
