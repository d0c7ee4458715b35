import { describe, expect, it, vi } from "vitest";
import { logIn } from "../../../domain/accounts/log-in.use-case";
import { getSessionUser } from "../../../domain/accounts/manage-sessions.use-case";
import { signUp } from "../../../domain/accounts/sign-up.use-case";
import { MINUTE_MS } from "../../../domain/shared/clock";
import { confirmedAccount, createTestAccounts, validSignUp } from "./support";

const login = (over: Record<string, string> = {}) => ({ email: "ngozi@example.cm", password: "secret1", ip: "10.0.0.1", userAgent: "Test", ...over });

describe("logIn", () => {
  it("requires the e-mail and the password", async () => {
    const t = createTestAccounts();
    expect(await logIn(t.deps, login({ email: " " }))).toEqual({ ok: false, error: { code: "auth.required_fields_login" } });
    expect(await logIn(t.deps, login({ password: "" }))).toEqual({ ok: false, error: { code: "auth.required_fields_login" } });
  });

  it("signs a confirmed account in with a new session, e-mail trimmed and lower-cased", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const result = await logIn(t.deps, login({ email: "  NGOZI@Example.cm " }));
    if (!result.ok || result.value.status !== "signed_in") throw new Error("not signed in");
    expect(result.value.userId).toBe(userId);
    const user = await getSessionUser(t.deps, result.value.sessionId);
    expect(user).toMatchObject({ id: userId, name: "Ngozi Tabe", role: "student", isAdmin: false, isAgent: false, agentStatus: null, totpEnabled: false });
  });

  it("gives a new session id at every sign-in", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    const a = await logIn(t.deps, login());
    const b = await logIn(t.deps, login());
    if (!a.ok || !b.ok || a.value.status !== "signed_in" || b.value.status !== "signed_in") throw new Error("not signed in");
    expect(a.value.sessionId).not.toBe(b.value.sessionId);
  });

  it("answers a wrong password and an unknown e-mail the same way, after the same hash check", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    const verify = vi.spyOn(t.deps.hasher, "verify");
    const wrong = await logIn(t.deps, login({ password: "wrong-password" }));
    const unknown = await logIn(t.deps, login({ email: "nobody@example.cm" }));
    expect(wrong).toEqual({ ok: false, error: { code: "auth.invalid_credentials" } });
    expect(unknown).toEqual(wrong);
    expect(verify).toHaveBeenCalledTimes(2);
    // The unknown address was checked against a real scrypt hash, so it costs the same.
    expect(verify.mock.calls[1][1]).toMatch(/^scrypt\$1024\$/);
  });

  it("says the e-mail is unconfirmed only once the password matched", async () => {
    const t = createTestAccounts();
    await signUp(t.deps, validSignUp());
    expect(await logIn(t.deps, login({ password: "wrong-password" }))).toEqual({ ok: false, error: { code: "auth.invalid_credentials" } });
    expect(await logIn(t.deps, login())).toEqual({ ok: false, error: { code: "auth.email_not_confirmed" } });
  });

  it("refuses an account made through Google that has no password", async () => {
    const t = createTestAccounts();
    const now = t.clock.now();
    await t.repos.accounts.insert({
      id: "g1", role: "student", fullName: "G", email: "g@example.cm", phone: null, passwordHash: null, emailConfirmedAt: now,
      googleId: "google-1", totpSecret: null, totpEnabledAt: null, suspendedAt: null, suspendedReason: null, language: "en", createdAt: now, updatedAt: now,
    });
    expect(await logIn(t.deps, login({ email: "g@example.cm", password: "anything" }))).toEqual({ ok: false, error: { code: "auth.invalid_credentials" } });
  });
});

describe("the login throttle", () => {
  it("refuses the 6th attempt after 5 failures for one account within 15 minutes, even with the right password", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(MINUTE_MS);
      // Different IPs: the per-account count alone must trigger.
      expect(await logIn(t.deps, login({ password: "wrong-password", ip: `10.0.1.${i}` }))).toEqual({ ok: false, error: { code: "auth.invalid_credentials" } });
    }
    expect(await logIn(t.deps, login({ ip: "10.0.2.1" }))).toEqual({ ok: false, error: { code: "auth.too_many_attempts" } });
  });

  it("lets the account in again once the oldest failure is more than 15 minutes old", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < 5; i++) {
      await logIn(t.deps, login({ password: "wrong-password" }));
      t.clock.advance(MINUTE_MS);
    }
    // Failures at minutes 0..4; now minute 5. At minute 15 the first one still counts.
    t.clock.advance(10 * MINUTE_MS);
    expect(await logIn(t.deps, login())).toEqual({ ok: false, error: { code: "auth.too_many_attempts" } });
    t.clock.advance(1);
    const result = await logIn(t.deps, login());
    expect(result.ok && result.value.status).toBe("signed_in");
  });

  it("refuses one IP after 5 failures across different accounts", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < 5; i++) await logIn(t.deps, login({ email: `guess${i}@example.cm`, ip: "10.9.9.9" }));
    expect(await logIn(t.deps, login({ ip: "10.9.9.9" }))).toEqual({ ok: false, error: { code: "auth.too_many_attempts" } });
    expect((await logIn(t.deps, login({ ip: "10.9.9.10" }))).ok).toBe(true);
  });

  it("throttles addresses without an account exactly like real ones", async () => {
    const t = createTestAccounts();
    for (let i = 0; i < 5; i++) await logIn(t.deps, login({ email: "nobody@example.cm", ip: `10.0.3.${i}` }));
    expect(await logIn(t.deps, login({ email: "nobody@example.cm", ip: "10.0.4.1" }))).toEqual({ ok: false, error: { code: "auth.too_many_attempts" } });
  });

  it("forgets the account's failures after a successful sign-in", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < 4; i++) await logIn(t.deps, login({ password: "wrong-password", ip: `10.0.5.${i}` }));
    expect((await logIn(t.deps, login({ ip: "10.0.6.1" }))).ok).toBe(true);
    for (let i = 0; i < 4; i++) await logIn(t.deps, login({ password: "wrong-password", ip: `10.0.7.${i}` }));
    expect((await logIn(t.deps, login({ ip: "10.0.8.1" }))).ok).toBe(true);
  });
});

describe("the admin allow-list", () => {
  it("makes a confirmed allow-listed account admin at sign-in, with an audit entry", async () => {
    const t = createTestAccounts({ adminEmails: ["boss@kamernest.cm"] });
    const userId = await confirmedAccount(t, { email: "Boss@KamerNest.cm" });
    expect((await t.repos.accounts.findById(userId))?.role).toBe("student");
    const result = await logIn(t.deps, login({ email: "boss@kamernest.cm" }));
    if (!result.ok || result.value.status !== "signed_in") throw new Error("not signed in");
    expect(await getSessionUser(t.deps, result.value.sessionId)).toMatchObject({ role: "admin", isAdmin: true });
    const audit = await t.repos.auditLog.list({ action: "auth.role_granted_admin", limit: 10 });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: userId, data: { userId, previousRole: "student" } });
    // A second sign-in changes nothing and writes no second entry.
    await logIn(t.deps, login({ email: "boss@kamernest.cm" }));
    expect(await t.repos.auditLog.list({ limit: 10 })).toHaveLength(1);
  });

  it("does not promote an account that is not on the list", async () => {
    const t = createTestAccounts({ adminEmails: ["boss@kamernest.cm"] });
    const userId = await confirmedAccount(t);
    await logIn(t.deps, login());
    expect((await t.repos.accounts.findById(userId))?.role).toBe("student");
    expect(await t.repos.auditLog.list({ limit: 10 })).toHaveLength(0);
  });
});
