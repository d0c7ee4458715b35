import type { AccountsDeps } from "./accounts.deps";
import { isSuspended, toSessionUser, type SessionUser } from "./account.entity";
import { isSessionLive, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from "./session.entity";

export interface NewSession {
  /** The cookie's value. Only its hash is stored. */
  sessionId: string;
  /** The absolute end; the cookie may carry it as Expires. */
  expiresAt: Date;
}

/** A new random session id at every sign-in, so a session id seen before sign-in is worthless. */
export async function createSession(deps: AccountsDeps, input: { userId: string; userAgent?: string | null }): Promise<NewSession> {
  const sessionId = deps.secrets.token();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await deps.repos.sessions.insert({
    id: deps.secrets.hash(sessionId),
    userId: input.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    // Only for the "your devices" list: bounded so a huge header cannot bloat the table.
    userAgent: input.userAgent ? input.userAgent.slice(0, 256) : null,
  });
  return { sessionId, expiresAt };
}

/**
 * The signed-in user behind a session id, or null when the session is unknown, idle for 7 days
 * or older than 30 days, or when the account is suspended (an ended session is deleted). A read path: returns null, not an error.
 */
export async function getSessionUser(deps: AccountsDeps, sessionId: string | null | undefined): Promise<SessionUser | null> {
  if (!sessionId) return null;
  const id = deps.secrets.hash(sessionId);
  const found = await deps.repos.sessions.findWithHolder(id);
  if (!found) return null;
  const { session, account, agentStatus } = found;
  const now = deps.clock.now();
  if (!isSessionLive(session, now)) {
    await deps.repos.sessions.delete(id);
    return null;
  }
  if (!account) return null;
  // Suspension deletes the sessions in its transaction; this refuses any session that slipped
  // past (one created by a sign-in that raced the suspension), and ends it.
  if (isSuspended(account)) {
    await deps.repos.sessions.delete(id);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) await deps.repos.sessions.touch(id, now);
  return toSessionUser(account, agentStatus);
}

export async function revokeSession(deps: AccountsDeps, sessionId: string | null | undefined): Promise<void> {
  if (sessionId) await deps.repos.sessions.delete(deps.secrets.hash(sessionId));
}

/** "Sign out of all devices"; `exceptSessionId` keeps the current browser signed in. */
export async function revokeAllSessions(deps: AccountsDeps, input: { userId: string; exceptSessionId?: string | null }): Promise<void> {
  const except = input.exceptSessionId ? deps.secrets.hash(input.exceptSessionId) : undefined;
  await deps.repos.sessions.deleteAllForUser(input.userId, except);
}

/** Housekeeping for a periodic job. */
export async function deleteExpiredSessions(deps: AccountsDeps): Promise<number> {
  const now = deps.clock.now();
  return deps.repos.sessions.deleteExpired(now, new Date(now.getTime() - SESSION_IDLE_MS));
}
