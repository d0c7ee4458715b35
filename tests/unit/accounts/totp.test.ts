import { describe, expect, it } from "vitest";
import { loginWithGoogle } from "#domain/accounts/login-with-google.use-case";
import { logIn } from "#domain/accounts/log-in.use-case";
import { getSessionUser } from "#domain/accounts/manage-sessions.use-case";
import { confirmTotp, disableTotp, startTotpEnrolment } from "#domain/accounts/totp-enrolment.use-case";
import { verifyLoginTotp } from "#domain/accounts/verify-login-totp.use-case";
import { MINUTE_MS } from "#domain/shared/clock";
import { confirmedAccount, createTestAccounts, type TestAccounts } from "./support";

async function enrolled(t: TestAccounts) {
  const userId = await confirmedAccount(t);
  const start = await startTotpEnrolment(t.deps, { userId });
  if (!start.ok) throw new Error(start.error.code);
  const confirm = await confirmTotp(t.deps, { userId, code: t.totp.codeAt(start.value.secret) });
  if (!confirm.ok) throw new Error(confirm.error.code);
  return { userId, secret: start.value.secret, recoveryCodes: confirm.value.recoveryCodes };
}

async function pendingLogin(t: TestAccounts, ip = "10.0.0.1") {
  const result = await logIn(t.deps, { email: "ngozi@example.cm", password: "secret1", ip });
  if (!result.ok || result.value.status !== "totp_required") throw new Error("expected a TOTP step");
  return result.value.pendingLoginToken;
}

describe("TOTP enrolment", () => {
  it("gives a secret, an otpauth URL for the KamerNest issuer and a QR code, and keeps the key on the server", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const start = await startTotpEnrolment(t.deps, { userId });
    if (!start.ok) throw new Error(start.error.code);
    expect(start.value.otpauthUrl).toContain("issuer=KamerNest");
    expect(start.value.qrSvg).toContain("<svg");
    // Kept pending on the server: not on yet, and the next visit shows the same key.
    expect(await t.repos.accounts.findById(userId)).toMatchObject({ totpSecret: start.value.secret, totpEnabledAt: null });
    const again = await startTotpEnrolment(t.deps, { userId });
    expect(again.ok && again.value.secret).toBe(start.value.secret);
  });

  it("turns on only with a correct code, and returns 10 distinct recovery codes kept hashed", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    await startTotpEnrolment(t.deps, { userId });
    expect(await confirmTotp(t.deps, { userId, code: "000000" })).toEqual({ ok: false, error: { code: "auth.totp_invalid" } });
    expect((await t.repos.accounts.findById(userId))?.totpEnabledAt).toBeNull();
    const confirm = await confirmTotp(t.deps, { userId, code: t.totp.codeAt("SECRETBASE32") });
    if (!confirm.ok) throw new Error(confirm.error.code);
    expect(new Set(confirm.value.recoveryCodes).size).toBe(10);
    expect(await t.repos.recoveryCodes.countUnused(userId)).toBe(10);
    const user = await t.repos.accounts.findById(userId);
    expect(user?.totpEnabledAt).not.toBeNull();
    expect(await startTotpEnrolment(t.deps, { userId })).toEqual({ ok: false, error: { code: "auth.totp_already_enabled" } });
  });

  it("ignores a key sent by the caller: only the key the server made can be enrolled", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    await startTotpEnrolment(t.deps, { userId });
    // An attacker (or a tampered form) picks the key and sends a valid code for it.
    const chosen = "ATTACKERCHOSENKEY";
    const forged = { userId, secret: chosen, code: t.totp.codeAt(chosen) } as Parameters<typeof confirmTotp>[1];
    expect(await confirmTotp(t.deps, forged)).toEqual({ ok: false, error: { code: "auth.totp_invalid" } });
    expect(await t.repos.accounts.findById(userId)).toMatchObject({ totpSecret: "SECRETBASE32", totpEnabledAt: null });
  });

  it("cannot turn on before an enrolment was started (no key on the server)", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    expect(await confirmTotp(t.deps, { userId, code: t.totp.codeAt("SECRETBASE32") })).toEqual({
      ok: false,
      error: { code: "auth.totp_invalid" },
    });
  });

  it("a pending key is no second factor: sign-in does not ask for a code until enrolment is confirmed", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    await startTotpEnrolment(t.deps, { userId });
    const result = await logIn(t.deps, { email: "ngozi@example.cm", password: "secret1" });
    expect(result.ok && result.value.status).toBe("signed_in");
  });
});

describe("two-step sign-in", () => {
  it("asks for a code after the password, then signs in with it", async () => {
    const t = createTestAccounts();
    const { userId, secret } = await enrolled(t);
    const pendingLoginToken = await pendingLogin(t);
    const result = await verifyLoginTotp(t.deps, { pendingLoginToken, code: t.totp.codeAt(secret), ip: "10.0.0.1" });
    if (!result.ok || result.value.status !== "signed_in") throw new Error("not signed in");
    expect(await getSessionUser(t.deps, result.value.sessionId)).toMatchObject({ id: userId, totpEnabled: true });
    // The pending token is single use.
    expect(await verifyLoginTotp(t.deps, { pendingLoginToken, code: t.totp.codeAt(secret) })).toEqual({
      ok: false,
      error: { code: "auth.login_expired" },
    });
  });

  it("accepts the code of the previous and next 30 s step, not two steps away", async () => {
    const t = createTestAccounts();
    const { secret } = await enrolled(t);
    const now = t.clock.now().getTime();
    const token1 = await pendingLogin(t);
    expect((await verifyLoginTotp(t.deps, { pendingLoginToken: token1, code: t.totp.codeAt(secret, now - 30_000) })).ok).toBe(true);
    const token2 = await pendingLogin(t);
    expect(await verifyLoginTotp(t.deps, { pendingLoginToken: token2, code: t.totp.codeAt(secret, now - 60_000) })).toEqual({
      ok: false,
      error: { code: "auth.totp_invalid" },
    });
  });

  it("accepts each recovery code once, typed loosely", async () => {
    const t = createTestAccounts();
    const { userId, recoveryCodes } = await enrolled(t);
    const code = recoveryCodes[0];
    const first = await verifyLoginTotp(t.deps, { pendingLoginToken: await pendingLogin(t), code: ` ${code.toUpperCase()} ` });
    expect(first.ok).toBe(true);
    expect(await t.repos.recoveryCodes.countUnused(userId)).toBe(9);
    expect(await verifyLoginTotp(t.deps, { pendingLoginToken: await pendingLogin(t), code })).toEqual({
      ok: false,
      error: { code: "auth.totp_invalid" },
    });
  });

  it("expires the pending sign-in after 5 minutes", async () => {
    const t = createTestAccounts();
    const { secret } = await enrolled(t);
    const pendingLoginToken = await pendingLogin(t);
    t.clock.advance(5 * MINUTE_MS);
    expect(await verifyLoginTotp(t.deps, { pendingLoginToken, code: t.totp.codeAt(secret) })).toEqual({
      ok: false,
      error: { code: "auth.login_expired" },
    });
  });

  it("limits wrong codes per account from any IP, and a known password does not reset the count", async () => {
    const t = createTestAccounts();
    const { secret } = await enrolled(t);
    for (let i = 0; i < 5; i++) {
      const token = await pendingLogin(t, `10.0.1.${i}`);
      expect(await verifyLoginTotp(t.deps, { pendingLoginToken: token, code: "999999", ip: `10.0.1.${i}` })).toEqual({
        ok: false,
        error: { code: "auth.totp_invalid" },
      });
    }
    // The password is still accepted elsewhere (only its holder gets this far)...
    const token = await pendingLogin(t, "10.0.2.1");
    // ...but no sixth code is checked, the right one included, for 15 minutes.
    expect(await verifyLoginTotp(t.deps, { pendingLoginToken: token, code: t.totp.codeAt(secret), ip: "10.0.2.1" })).toEqual({
      ok: false,
      error: { code: "auth.too_many_attempts" },
    });
    t.clock.advance(15 * MINUTE_MS + 1);
    const later = await pendingLogin(t, "10.0.2.2");
    expect((await verifyLoginTotp(t.deps, { pendingLoginToken: later, code: t.totp.codeAt(secret), ip: "10.0.2.2" })).ok).toBe(true);
  });

  it("counts wrong codes against the (address, IP) pair like wrong passwords", async () => {
    const t = createTestAccounts();
    const { secret } = await enrolled(t);
    for (let i = 0; i < 3; i++) {
      const token = await pendingLogin(t, "10.0.3.1");
      await verifyLoginTotp(t.deps, { pendingLoginToken: token, code: "999999", ip: "10.0.3.1" });
    }
    for (let i = 0; i < 2; i++) await logIn(t.deps, { email: "ngozi@example.cm", password: "wrong-password", ip: "10.0.3.1" });
    expect(await logIn(t.deps, { email: "ngozi@example.cm", password: "secret1", ip: "10.0.3.1" })).toEqual({
      ok: false,
      error: { code: "auth.too_many_attempts" },
    });
    const elsewhere = await pendingLogin(t, "10.0.3.2");
    expect((await verifyLoginTotp(t.deps, { pendingLoginToken: elsewhere, code: t.totp.codeAt(secret), ip: "10.0.3.2" })).ok).toBe(true);
  });

  it("asks for the code after a Google sign-in too", async () => {
    const t = createTestAccounts();
    await enrolled(t);
    const result = await loginWithGoogle(t.deps, { googleId: "g-1", email: "ngozi@example.cm", emailVerified: true });
    expect(result.ok && result.value.status).toBe("totp_required");
  });
});

describe("disableTotp", () => {
  it("needs a valid code, then removes the secret and the recovery codes", async () => {
    const t = createTestAccounts();
    const { userId, secret } = await enrolled(t);
    expect(await disableTotp(t.deps, { userId, code: "123456" })).toEqual({ ok: false, error: { code: "auth.totp_invalid" } });
    expect(await disableTotp(t.deps, { userId, code: t.totp.codeAt(secret) })).toEqual({ ok: true, value: undefined });
    expect(await t.repos.accounts.findById(userId)).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await t.repos.recoveryCodes.countUnused(userId)).toBe(0);
    const login = await logIn(t.deps, { email: "ngozi@example.cm", password: "secret1" });
    expect(login.ok && login.value.status).toBe("signed_in");
    expect(await disableTotp(t.deps, { userId, code: "123456" })).toEqual({ ok: false, error: { code: "auth.totp_not_enabled" } });
  });

  it("stops guessing after 5 wrong codes", async () => {
    const t = createTestAccounts();
    const { userId, secret } = await enrolled(t);
    for (let i = 0; i < 5; i++) await disableTotp(t.deps, { userId, code: "000001" });
    expect(await disableTotp(t.deps, { userId, code: t.totp.codeAt(secret) })).toEqual({
      ok: false,
      error: { code: "auth.too_many_attempts" },
    });
  });
});
