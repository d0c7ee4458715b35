import { describe, expect, it } from "vitest";
import { createSession, getSessionUser } from "#domain/accounts/manage-sessions.use-case";
import { logIn } from "#domain/accounts/log-in.use-case";
import { pruneAccountRecords } from "#domain/accounts/prune-account-records.use-case";
import { requestPasswordReset } from "#domain/accounts/password-reset.use-case";
import { SESSION_IDLE_MS } from "#domain/accounts/session.entity";
import { DAY_MS, MINUTE_MS } from "#domain/shared/clock";
import { confirmedAccount, createTestAccounts } from "./support";

describe("pruneAccountRecords", () => {
  it("deletes ended sessions, login attempts past their window and tokens spent a week ago, and nothing live", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    // The confirmation token is used now; a wrong password leaves attempts.
    await logIn(t.deps, { email: "ngozi@example.cm", password: "wrong-one", ip: "10.0.0.1" });
    const idle = await createSession(t.deps, { userId });
    t.clock.advance(SESSION_IDLE_MS + MINUTE_MS);
    const live = await createSession(t.deps, { userId });
    await requestPasswordReset(t.deps, { email: "ngozi@example.cm" });
    await logIn(t.deps, { email: "ngozi@example.cm", password: "wrong-two", ip: "10.0.0.2" });

    const pruned = await pruneAccountRecords(t.deps);
    // The idle session goes; so do the sign-up count and the first failure (its pair, IP and
    // address keys), which are older than the window, and the confirmation token used more than a
    // week ago.
    expect(pruned).toEqual({ sessions: 1, loginAttempts: 4, emailTokens: 1 });
    expect(await t.repos.sessions.findById(t.deps.secrets.hash(idle.sessionId))).toBeNull();
    expect(await getSessionUser(t.deps, live.sessionId)).not.toBeNull();
    // The recent failure still counts.
    expect(await t.loginAttempts.countSince("email:ngozi@example.cm", new Date(0))).toBe(1);

    // The reset link (unused) is kept until a week after it expired.
    t.clock.advance(7 * DAY_MS);
    expect(await pruneAccountRecords(t.deps)).toEqual({ sessions: 0, loginAttempts: 4, emailTokens: 0 });
    // A little later it goes, and the other session has been idle too long.
    t.clock.advance(2 * 60 * MINUTE_MS);
    expect(await pruneAccountRecords(t.deps)).toEqual({ sessions: 1, loginAttempts: 0, emailTokens: 1 });
    expect(await pruneAccountRecords(t.deps)).toEqual({ sessions: 0, loginAttempts: 0, emailTokens: 0 });
  });
});
