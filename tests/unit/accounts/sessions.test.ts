import { describe, expect, it } from "vitest";
import {
  createSession,
  deleteExpiredSessions,
  getSessionUser,
  revokeAllSessions,
  revokeSession,
} from "#domain/accounts/manage-sessions.use-case";
import { DAY_MS, MINUTE_MS } from "#domain/shared/clock";
import { confirmedAccount, createTestAccounts } from "./support";

describe("sessions", () => {
  it("stores only the hash of the session id", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const { sessionId } = await createSession(t.deps, { userId, userAgent: "Firefox" });
    expect(await t.repos.sessions.findById(sessionId)).toBeNull();
    expect(await t.repos.sessions.findById(t.deps.secrets.hash(sessionId))).toMatchObject({ userId, userAgent: "Firefox" });
  });

  it("names the user by the part of the e-mail before @ when the full name is empty", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    await t.repos.accounts.update(userId, { fullName: "", updatedAt: t.clock.now() });
    const { sessionId } = await createSession(t.deps, { userId });
    expect((await getSessionUser(t.deps, sessionId))?.name).toBe("ngozi");
  });

  it("ends a session idle for 7 days", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const { sessionId } = await createSession(t.deps, { userId });
    t.clock.advance(7 * DAY_MS - 1);
    expect(await getSessionUser(t.deps, sessionId)).not.toBeNull();
    t.clock.advance(7 * DAY_MS);
    expect(await getSessionUser(t.deps, sessionId)).toBeNull();
    // The ended session is gone, not just refused.
    expect(await t.repos.sessions.findById(t.deps.secrets.hash(sessionId))).toBeNull();
  });

  it("ends a session after 30 days however active it is", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const { sessionId, expiresAt } = await createSession(t.deps, { userId });
    expect(expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * DAY_MS);
    for (let day = 1; day < 30; day++) {
      t.clock.advance(DAY_MS);
      expect(await getSessionUser(t.deps, sessionId)).not.toBeNull();
    }
    t.clock.advance(DAY_MS);
    expect(await getSessionUser(t.deps, sessionId)).toBeNull();
  });

  it("renews last_seen_at at most once a minute", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const { sessionId } = await createSession(t.deps, { userId });
    const hashed = t.deps.secrets.hash(sessionId);
    const created = t.clock.now();
    t.clock.advance(MINUTE_MS - 1);
    await getSessionUser(t.deps, sessionId);
    expect((await t.repos.sessions.findById(hashed))?.lastSeenAt).toEqual(created);
    t.clock.advance(1);
    await getSessionUser(t.deps, sessionId);
    expect((await t.repos.sessions.findById(hashed))?.lastSeenAt).toEqual(t.clock.now());
  });

  it("answers null for a missing, unknown or revoked session", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const { sessionId } = await createSession(t.deps, { userId });
    expect(await getSessionUser(t.deps, undefined)).toBeNull();
    expect(await getSessionUser(t.deps, "made-up")).toBeNull();
    await revokeSession(t.deps, sessionId);
    expect(await getSessionUser(t.deps, sessionId)).toBeNull();
  });

  it("signs out of all devices, optionally keeping the current one", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const other = await confirmedAccount(t, { email: "other@example.cm" });
    const a = await createSession(t.deps, { userId });
    const b = await createSession(t.deps, { userId });
    const c = await createSession(t.deps, { userId });
    const o = await createSession(t.deps, { userId: other });
    await revokeAllSessions(t.deps, { userId, exceptSessionId: a.sessionId });
    expect(await getSessionUser(t.deps, a.sessionId)).not.toBeNull();
    expect(await getSessionUser(t.deps, b.sessionId)).toBeNull();
    expect(await getSessionUser(t.deps, c.sessionId)).toBeNull();
    expect(await getSessionUser(t.deps, o.sessionId)).not.toBeNull();
    await revokeAllSessions(t.deps, { userId });
    expect(await getSessionUser(t.deps, a.sessionId)).toBeNull();
  });

  it("deletes expired sessions in housekeeping", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    await createSession(t.deps, { userId });
    t.clock.advance(6 * DAY_MS);
    const recent = await createSession(t.deps, { userId });
    t.clock.advance(DAY_MS + 1);
    expect(await deleteExpiredSessions(t.deps)).toBe(1);
    expect(await getSessionUser(t.deps, recent.sessionId)).not.toBeNull();
  });
});
