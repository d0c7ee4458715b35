import { DAY_MS, MINUTE_MS } from "../shared/clock";

/** A signed-in browser. `id` is the SHA-256 of the cookie's value, so a database leak is no login. */
export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** The absolute end of the session, whatever the activity. */
  expiresAt: Date;
  userAgent: string | null;
}

export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** last_seen_at is written at most this often, so a busy page does not write on every request. */
export const SESSION_TOUCH_MS = MINUTE_MS;

export function isSessionLive(session: Session, now: Date): boolean {
  return now < session.expiresAt && now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_MS;
}
