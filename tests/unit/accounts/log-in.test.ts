import { describe, expect, it, vi } from "vitest";
import { logIn } from "#domain/accounts/log-in.use-case";
import { getSessionUser } from "#domain/accounts/manage-sessions.use-case";
import { signUp } from "#domain/accounts/sign-up.use-case";
import { LOGIN_DELAY_MAX_MS, LOGIN_FAILURES_PER_IP, LOGIN_FAILURES_PER_PAIR, THROTTLE_WINDOW_MS } from "#domain/accounts/login-throttle";
import { requestPasswordReset, resetPassword } from "#domain/accounts/password-reset.use-case";
import { MINUTE_MS } from "#domain/shared/clock";
import { confirmedAccount, createTestAccounts, tokenFromMail, validSignUp } from "./support";

const login = (over: Record<string, string> = {}) => ({
  email: "ngozi@example.cm",
  password: "secret1",
  ip: "10.0.0.1",
  userAgent: "Test",
  ...over,
});

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
    expect(user).toMatchObject({
      id: userId,
      name: "Ngozi Tabe",
      role: "student",
      isAdmin: false,
      isAgent: false,
      agentStatus: null,
      totpEnabled: false,
    });
  });

  it("says which sign-in is the account's first, and names them for the greeting (decision 0237)", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    const first = await logIn(t.deps, login());
    const again = await logIn(t.deps, login());
    if (!first.ok || !again.ok || first.value.status !== "signed_in" || again.value.status !== "signed_in")
      throw new Error("not signed in");
    expect(first.value).toMatchObject({ firstSignIn: true, name: "Ngozi Tabe" });
    expect(again.value).toMatchObject({ firstSignIn: false, name: "Ngozi Tabe" });
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
      id: "g1",
      role: "student",
      fullName: "G",
      email: "g@example.cm",
      phone: null,
      passwordHash: null,
      emailConfirmedAt: now,
      googleId: "google-1",
      totpSecret: null,
      totpEnabledAt: null,
      suspendedAt: null,
      suspendedReason: null,
      language: "en",
      createdAt: now,
      updatedAt: now,
    });
    expect(await logIn(t.deps, login({ email: "g@example.cm", password: "anything" }))).toEqual({
      ok: false,
      error: { code: "auth.invalid_credentials" },
    });
  });
});

const tooMany = { ok: false, error: { code: "auth.too_many_attempts" } };
const invalid = { ok: false, error: { code: "auth.invalid_credentials" } };
const signedIn = (result: Awaited<ReturnType<typeof logIn>>) => result.ok && result.value.status === "signed_in";

describe("the login throttle", () => {
  it("refuses one (address, IP) pair after 5 failures within 15 minutes, even with the right password", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < LOGIN_FAILURES_PER_PAIR; i++) {
      t.clock.advance(MINUTE_MS);
      expect(await logIn(t.deps, login({ password: "wrong-password", ip: "10.0.1.1" }))).toEqual(invalid);
    }
    expect(await logIn(t.deps, login({ ip: "10.0.1.1" }))).toEqual(tooMany);
  });

  it("lets the owner in from another IP while their address is being guessed elsewhere", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    // Six wrong passwords from one IP: that pair is refused from the sixth on.
    for (let i = 0; i < 5; i++) expect(await logIn(t.deps, login({ password: "wrong-password", ip: "10.0.1.2" }))).toEqual(invalid);
    expect(await logIn(t.deps, login({ password: "wrong-password", ip: "10.0.1.2" }))).toEqual(tooMany);
    expect(signedIn(await logIn(t.deps, login({ ip: "10.0.1.3" })))).toBe(true);
    // The guesser's pair is still refused: the owner's sign-in elsewhere forgives nobody else.
    expect(await logIn(t.deps, login({ ip: "10.0.1.2" }))).toEqual(tooMany);
  });

  it("lets the pair in again once the oldest failure is more than 15 minutes old", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < 5; i++) {
      await logIn(t.deps, login({ password: "wrong-password" }));
      t.clock.advance(MINUTE_MS);
    }
    // Failures at minutes 0..4; now minute 5. At minute 15 the first one still counts.
    t.clock.advance(10 * MINUTE_MS);
    expect(await logIn(t.deps, login())).toEqual(tooMany);
    t.clock.advance(1);
    expect(signedIn(await logIn(t.deps, login()))).toBe(true);
  });

  it("behind one NAT address, one user's failures do not refuse another user", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    await confirmedAccount(t, { email: "tabi@example.cm" });
    for (let i = 0; i < 6; i++) await logIn(t.deps, login({ password: "wrong-password", ip: "10.9.9.9" }));
    expect(await logIn(t.deps, login({ ip: "10.9.9.9" }))).toEqual(tooMany);
    expect(signedIn(await logIn(t.deps, login({ email: "tabi@example.cm", ip: "10.9.9.9" })))).toBe(true);
  });

  it(`refuses one IP after ${LOGIN_FAILURES_PER_IP} failures across addresses (spraying), and only that IP`, async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < LOGIN_FAILURES_PER_IP; i++) {
      expect(await logIn(t.deps, login({ email: `guess${i}@example.cm`, password: "123456", ip: "10.9.9.9" }))).toEqual(invalid);
    }
    expect(await logIn(t.deps, login({ email: "one-more@example.cm", password: "123456", ip: "10.9.9.9" }))).toEqual(tooMany);
    expect(await logIn(t.deps, login({ ip: "10.9.9.9" }))).toEqual(tooMany);
    expect(signedIn(await logIn(t.deps, login({ ip: "10.9.9.10" })))).toBe(true);
  });

  it("takes the per-IP limit from the settings (LOGIN_FAILURES_PER_IP) when an operator sets one", async () => {
    const t = createTestAccounts({ loginFailuresPerIp: 50 });
    await confirmedAccount(t);
    for (let i = 0; i < 50; i++) await logIn(t.deps, login({ email: `student${i}@example.cm`, password: "typo", ip: "10.7.7.7" }));
    expect(await logIn(t.deps, login({ ip: "10.7.7.7" }))).toEqual(tooMany);

    const strict = createTestAccounts({ loginFailuresPerIp: 3 });
    await confirmedAccount(strict);
    for (let i = 0; i < 3; i++) await logIn(strict.deps, login({ email: `student${i}@example.cm`, password: "typo", ip: "10.7.7.7" }));
    expect(await logIn(strict.deps, login({ ip: "10.7.7.7" }))).toEqual(tooMany);
  });

  it("does not count a successful sign-in against the IP", async () => {
    const t = createTestAccounts({ loginFailuresPerIp: 3 });
    await confirmedAccount(t);
    for (let i = 0; i < 10; i++) expect(signedIn(await logIn(t.deps, login({ ip: "10.6.6.6" })))).toBe(true);
    for (let i = 0; i < 3; i++) expect(await logIn(t.deps, login({ email: `x${i}@example.cm`, ip: "10.6.6.6" }))).toEqual(invalid);
    expect(await logIn(t.deps, login({ ip: "10.6.6.6" }))).toEqual(tooMany);
  });

  it("throttles addresses without an account exactly like real ones", async () => {
    const t = createTestAccounts();
    for (let i = 0; i < 5; i++) await logIn(t.deps, login({ email: "nobody@example.cm", ip: "10.0.3.1" }));
    expect(await logIn(t.deps, login({ email: "nobody@example.cm", ip: "10.0.3.1" }))).toEqual(tooMany);
  });

  it("forgets the pair's failures after a successful sign-in", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < 4; i++) await logIn(t.deps, login({ password: "wrong-password", ip: "10.0.5.1" }));
    expect(signedIn(await logIn(t.deps, login({ ip: "10.0.5.1" })))).toBe(true);
    for (let i = 0; i < 4; i++) await logIn(t.deps, login({ password: "wrong-password", ip: "10.0.5.1" }));
    expect(signedIn(await logIn(t.deps, login({ ip: "10.0.5.1" })))).toBe(true);
  });

  it("lets a burst of parallel guesses from one pair through at most 5 times", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    const verify = vi.spyOn(t.deps.hasher, "verify");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => logIn(t.deps, login({ password: "wrong-password", ip: "10.0.9.1" }))),
    );
    expect(answers.filter((a) => !a.ok && a.error.code === "auth.invalid_credentials").length).toBeLessThanOrEqual(5);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => !a.ok && a.error.code === "auth.too_many_attempts").length).toBeGreaterThanOrEqual(15);
  });
});

describe("an address guessed at from many IPs", () => {
  const guessFromManyIps = async (t: ReturnType<typeof createTestAccounts>, failures: number, from = 0) => {
    // Four per IP: under every pair limit, as a botnet would spread them.
    for (let i = from; i < from + failures; i++) {
      expect(await logIn(t.deps, login({ password: `guess-${i}`, ip: `10.1.${Math.floor(i / 4)}.1` }))).toEqual(invalid);
    }
  };

  it("is never refused: the owner's right password signs in, only a little later", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    await guessFromManyIps(t, 2 * LOGIN_FAILURES_PER_PAIR - 1);
    expect(t.pauses).toEqual([]);
    await guessFromManyIps(t, 100, 2 * LOGIN_FAILURES_PER_PAIR - 1);
    t.pauses.length = 0;
    expect(signedIn(await logIn(t.deps, login({ ip: "10.2.0.1" })))).toBe(true);
    expect(t.pauses).toEqual([LOGIN_DELAY_MAX_MS]);
  });

  it("waits before checking any password on it, right or wrong, and the wait grows with the failures up to a bound", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    const waits: number[] = [];
    for (let i = 0; i < 60; i++) {
      t.pauses.length = 0;
      await logIn(t.deps, login({ password: `guess-${i}`, ip: `10.1.${Math.floor(i / 4)}.1` }));
      waits.push(t.pauses[0] ?? 0);
    }
    // The n-th attempt waits for the n failures before it.
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits[10]).toBe(1_000);
    expect(waits[20]).toBe(2_000);
    expect(waits[40]).toBe(3_000);
    expect(Math.max(...waits)).toBe(LOGIN_DELAY_MAX_MS);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]);
    // Right and wrong wait the same.
    t.pauses.length = 0;
    await logIn(t.deps, login({ password: "wrong", ip: "10.3.0.1" }));
    await logIn(t.deps, login({ ip: "10.3.0.2" }));
    expect(t.pauses).toEqual([LOGIN_DELAY_MAX_MS, LOGIN_DELAY_MAX_MS]);
  });

  it("a refused pair answers at once, without waiting or checking the password", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    await guessFromManyIps(t, 40);
    for (let i = 0; i < 5; i++) await logIn(t.deps, login({ password: "wrong", ip: "10.4.0.1" }));
    t.pauses.length = 0;
    const verify = vi.spyOn(t.deps.hasher, "verify");
    expect(await logIn(t.deps, login({ ip: "10.4.0.1" }))).toEqual(tooMany);
    expect(t.pauses).toEqual([]);
    expect(verify).not.toHaveBeenCalled();
  });

  it("the slowdown ends with the owner's sign-in, and by itself 15 minutes after the failures", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    await guessFromManyIps(t, 30);
    expect(signedIn(await logIn(t.deps, login({ ip: "10.5.0.1" })))).toBe(true);
    t.pauses.length = 0;
    expect(signedIn(await logIn(t.deps, login({ ip: "10.5.0.1" })))).toBe(true);
    expect(t.pauses).toEqual([]);

    await guessFromManyIps(t, 30, 30);
    t.clock.advance(THROTTLE_WINDOW_MS + 1);
    t.pauses.length = 0;
    expect(signedIn(await logIn(t.deps, login({ ip: "10.5.0.2" })))).toBe(true);
    expect(t.pauses).toEqual([]);
  });

  it("treats an address without an account the same, so the wait reveals nothing", async () => {
    const t = createTestAccounts();
    for (let i = 0; i < 40; i++)
      await logIn(t.deps, login({ email: "nobody@example.cm", password: `g${i}`, ip: `10.1.${Math.floor(i / 4)}.1` }));
    t.pauses.length = 0;
    await logIn(t.deps, login({ email: "nobody@example.cm", ip: "10.6.0.1" }));
    expect(t.pauses).toEqual([3_000]);
  });
});

describe("a password reset", () => {
  it("lets the owner sign in at once from where they opened the link; guessers elsewhere stay refused", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 0; i < 5; i++) await logIn(t.deps, login({ password: "forgot-it", ip: "10.8.0.1" }));
    for (let i = 0; i < 5; i++) await logIn(t.deps, login({ password: "guess", ip: "10.8.0.66" }));
    expect(await logIn(t.deps, login({ ip: "10.8.0.1" }))).toEqual(tooMany);
    expect((await requestPasswordReset(t.deps, { email: "ngozi@example.cm" })).ok).toBe(true);
    const token = tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/reset-password");
    expect((await resetPassword(t.deps, { token, newPassword: "new-secret", ip: "10.8.0.1" })).ok).toBe(true);
    expect(signedIn(await logIn(t.deps, login({ password: "new-secret", ip: "10.8.0.1" })))).toBe(true);
    expect(await logIn(t.deps, login({ password: "new-secret", ip: "10.8.0.66" }))).toEqual(tooMany);
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
