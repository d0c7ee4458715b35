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
