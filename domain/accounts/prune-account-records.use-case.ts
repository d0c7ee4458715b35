import { DAY_MS } from "../shared/clock";
import type { AccountsDeps } from "./accounts.deps";
import { THROTTLE_WINDOW_MS } from "./login-throttle";
import { SESSION_IDLE_MS } from "./session.entity";

// Spent tokens are kept a week, so an old link still answers "expired" or "already used"
// for a while rather than "invalid"; after that it no longer matters.
export const SPENT_TOKEN_RETENTION_MS = 7 * DAY_MS;
// Every limit counted in login_attempts uses THROTTLE_WINDOW_MS; older rows count for nothing.
// Twice the window leaves room for a clock that differs a little between server instances.
export const ATTEMPT_RETENTION_MS = 2 * THROTTLE_WINDOW_MS;

export interface PruneSummary {
  sessions: number;
  loginAttempts: number;
  emailTokens: number;
}

/**
 * Housekeeping, run periodically by the server: deletes ended sessions (30 days old or 7 days
 * idle), login and rate-limit records that have left their window, and tokens used or expired
 * more than a week ago. Nothing it deletes can sign anyone in or change a limit.
 */
export async function pruneAccountRecords(deps: Pick<AccountsDeps, "repos" | "loginAttempts" | "clock">): Promise<PruneSummary> {
  const now = deps.clock.now();
  const sessions = await deps.repos.sessions.deleteExpired(now, new Date(now.getTime() - SESSION_IDLE_MS));
  const loginAttempts = await deps.loginAttempts.pruneBefore(new Date(now.getTime() - ATTEMPT_RETENTION_MS));
  const emailTokens = await deps.repos.emailTokens.deleteSpentBefore(new Date(now.getTime() - SPENT_TOKEN_RETENTION_MS));
  return { sessions, loginAttempts, emailTokens };
}
