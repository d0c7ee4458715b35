// When pending commissions are paid out: every Monday at 00:00 in Buea (Africa/Douala, UTC+1 all
// year, no daylight saving), i.e. Sunday 23:00 UTC. The next payout is the first such instant
// strictly after now: at the payout instant itself that week's payout is under way, so the page
// announces the following one. docs/decisions/0116-weekly-payout-date.md.
import { DAY_MS, HOUR_MS } from "../shared/clock";

/** Africa/Douala is UTC+1 and has no daylight saving time. */
const DOUALA_OFFSET_MS = HOUR_MS;
const MONDAY = 1;

export function nextWeeklyPayout(now: Date): Date {
  const local = now.getTime() + DOUALA_OFFSET_MS;
  const localMidnight = Math.floor(local / DAY_MS) * DAY_MS;
  const weekday = new Date(localMidnight).getUTCDay();
  let payout = localMidnight + ((MONDAY - weekday + 7) % 7) * DAY_MS;
  if (payout <= local) payout += 7 * DAY_MS;
  return new Date(payout - DOUALA_OFFSET_MS);
}

/** Today's date in Buea, YYYY-MM-DD. */
export function doualaToday(now: Date): string {
  return new Date(now.getTime() + DOUALA_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 in Buea on a YYYY-MM-DD day, or null when it is not a real date. */
export function doualaDayStart(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== day) return null;
  return new Date(utcMidnight - DOUALA_OFFSET_MS);
}

/** The start of the payout week holding `at`: the Monday 00:00 in Buea at or before it. */
export function payoutWeekStart(at: Date): Date {
  return new Date(nextWeeklyPayout(at).getTime() - 7 * DAY_MS);
}

/** The start of the calendar month (Buea) holding `at`. */
export function payoutMonthStart(at: Date): Date {
  const local = new Date(at.getTime() + DOUALA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - DOUALA_OFFSET_MS);
}
