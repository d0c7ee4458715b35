import { describe, expect, it } from "vitest";
import { changePassword } from "#domain/accounts/change-password.use-case";
import { logIn } from "#domain/accounts/log-in.use-case";
import { createSession, getSessionUser } from "#domain/accounts/manage-sessions.use-case";
import { requestPasswordReset, resetPassword } from "#domain/accounts/password-reset.use-case";
import { signUp } from "#domain/accounts/sign-up.use-case";
import { HOUR_MS } from "#domain/shared/clock";
import { confirmedAccount, createTestAccounts, tokenFromMail, validSignUp } from "./support";

const loginAs = (password: string) => ({ email: "ngozi@example.cm", password, ip: "10.0.0.1" });

describe("password reset", () => {
  it("answers the same whether or not the address has an account, and mails a link only to a real one", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    const sentBefore = t.mailer.sent.length;
    const unknown = await requestPasswordReset(t.deps, { email: "nobody@example.cm" });
    const known = await requestPasswordReset(t.deps, { email: " Ngozi@example.cm " });
    expect(unknown).toEqual(known);
    expect(known).toEqual({ ok: true, value: undefined });
    // One e-mail each, so the time taken is the same; only the owner's holds a link.
    expect(t.mailer.sent.length).toBe(sentBefore + 2);
    expect(t.mailer.lastTo("ngozi@example.cm")?.text).toContain("https://kamernest.test/auth/reset-password?token=");
    const note = t.mailer.lastTo("nobody@example.cm");
    expect(note?.text).toContain("there is no account with it");
    expect(note?.text).not.toContain("token=");
  });

  it("caps the no-account note like a real reset: 3 per address in 15 minutes", async () => {
    const t = createTestAccounts();
    for (let i = 0; i < 5; i++) expect((await requestPasswordReset(t.deps, { email: "nobody@example.cm" })).ok).toBe(true);
    expect(t.mailer.sent.filter((m) => m.to === "nobody@example.cm")).toHaveLength(3);
  });

  it("sets the new password, signs out everywhere and works once", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const session = await createSession(t.deps, { userId });
    await requestPasswordReset(t.deps, { email: "ngozi@example.cm" });
    const token = tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/reset-password");
    expect(await resetPassword(t.deps, { token, newPassword: "12345" })).toEqual({ ok: false, error: { code: "auth.password_too_short" } });
    expect(await resetPassword(t.deps, { token, newPassword: "new-secret" })).toEqual({ ok: true, value: { userId } });
    expect(await getSessionUser(t.deps, session.sessionId)).toBeNull();
    expect(await logIn(t.deps, loginAs("secret1"))).toEqual({ ok: false, error: { code: "auth.invalid_credentials" } });
    expect((await logIn(t.deps, loginAs("new-secret"))).ok).toBe(true);
    expect(await resetPassword(t.deps, { token, newPassword: "third-secret" })).toEqual({
      ok: false,
      error: { code: "auth.token_invalid" },
    });
  });

  it("expires the link after 1 hour", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    await requestPasswordReset(t.deps, { email: "ngozi@example.cm" });
    const token = tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/reset-password");
    t.clock.advance(HOUR_MS);
    expect(await resetPassword(t.deps, { token, newPassword: "new-secret" })).toEqual({ ok: false, error: { code: "auth.token_expired" } });
  });

  it("confirms the e-mail of an account that resets before confirming", async () => {
    const t = createTestAccounts();
    await signUp(t.deps, validSignUp());
    await requestPasswordReset(t.deps, { email: "ngozi@example.cm" });
    const token = tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/reset-password");
    await resetPassword(t.deps, { token, newPassword: "new-secret" });
    expect((await logIn(t.deps, loginAs("new-secret"))).ok).toBe(true);
  });

  it("mails at most 3 reset links per address in 15 minutes", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    const before = t.mailer.sent.length;
    for (let i = 0; i < 5; i++) expect((await requestPasswordReset(t.deps, { email: "ngozi@example.cm" })).ok).toBe(true);
    expect(t.mailer.sent.length).toBe(before + 3);
  });
});

describe("changePassword", () => {
  it("needs the current password and at least 6 characters", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    expect(await changePassword(t.deps, { userId, currentPassword: "wrong-one", newPassword: "new-secret" })).toEqual({
      ok: false,
      error: { code: "auth.wrong_password" },
    });
    expect(await changePassword(t.deps, { userId, currentPassword: "secret1", newPassword: "short" })).toEqual({
      ok: false,
      error: { code: "auth.password_too_short" },
    });
    expect(await changePassword(t.deps, { userId, currentPassword: "secret1", newPassword: "new-secret" })).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await logIn(t.deps, loginAs("new-secret"))).ok).toBe(true);
  });

  it("keeps the current browser signed in and signs the others out", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const here = await createSession(t.deps, { userId });
    const elsewhere = await createSession(t.deps, { userId });
    await changePassword(t.deps, { userId, currentPassword: "secret1", newPassword: "new-secret", keepSessionId: here.sessionId });
    expect(await getSessionUser(t.deps, here.sessionId)).not.toBeNull();
    expect(await getSessionUser(t.deps, elsewhere.sessionId)).toBeNull();
  });
});
