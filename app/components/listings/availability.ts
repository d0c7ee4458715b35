// How fresh an agent's "still available" is. Shown to students; agents are reminded to re-confirm.
export const AVAILABILITY_STALE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the agent last confirmed availability more than 14 days ago (or never did). */
export function availabilityIsStale(confirmedAt: string | null, now: Date): boolean {
  if (!confirmedAt) return true;
  const at = Date.parse(confirmedAt);
  if (Number.isNaN(at)) return true;
  return now.getTime() - at > AVAILABILITY_STALE_DAYS * DAY_MS;
}
