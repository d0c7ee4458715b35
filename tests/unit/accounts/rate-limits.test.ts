// Sign-up, resend-confirmation and change-password are limited per address (or account) and per
// IP, counted in the login_attempts store so the limit holds across server instances.
import { describe, expect, it } from "vitest";
import { changePassword } from "#domain/accounts/change-password.use-case";
import { CHANGE_PASSWORD_LIMITS, RESEND_CONFIRMATION_LIMITS, SIGN_UP_LIMITS, THROTTLE_WINDOW_MS } from "#domain/accounts/login-throttle";
import { resendConfirmation, signUp } from "#domain/accounts/sign-up.use-case";
import { confirmedAccount, createTestAccounts, validSignUp } from "./support";

const tooMany = { ok: false, error: { code: "auth.too_many_attempts" } };

describe("sign-up limits", () => {
  it("allows 5 sign-ups per address in 15 minutes, then answers 429 until the window passes", async () => {
    const t = createTestAccounts();
    for (let i = 0; i < SIGN_UP_LIMITS.perEmail; i++) {
      expect((await signUp(t.deps, validSignUp({ ip: `10.0.0.${i}` }))).ok).toBe(true);
    }
    const sent = t.mailer.sent.length;
    expect(await signUp(t.deps, validSignUp({ ip: "10.0.1.1" }))).toEqual(tooMany);
    expect(t.mailer.sent.length).toBe(sent);
    // The window includes its start: one millisecond later the oldest event has left it.
    t.clock.advance(THROTTLE_WINDOW_MS + 1);
    expect((await signUp(t.deps, validSignUp({ ip: "10.0.1.1" }))).ok).toBe(true);
  });

  it("allows 20 sign-ups per IP in 15 minutes, whatever the addresses", async () => {
    const t = createTestAccounts();
    for (let i = 0; i < SIGN_UP_LIMITS.perIp; i++) {
      expect((await signUp(t.deps, validSignUp({ email: `user${i}@example.cm`, ip: "10.9.9.9" }))).ok).toBe(true);
    }
    expect(await signUp(t.deps, validSignUp({ email: "one-more@example.cm", ip: "10.9.9.9" }))).toEqual(tooMany);
    expect((await signUp(t.deps, validSignUp({ email: "one-more@example.cm", ip: "10.9.9.10" }))).ok).toBe(true);
  });

  it("takes the per-IP limit from the settings (SIGN_UPS_PER_IP) when an operator sets one", async () => {
    const t = createTestAccounts();
    t.deps.settings = { ...t.deps.settings, signUpsPerIp: 3 };
    for (let i = 0; i < 3; i++)
      expect((await signUp(t.deps, validSignUp({ email: `campus${i}@example.cm`, ip: "10.7.7.7" }))).ok).toBe(true);
    expect(await signUp(t.deps, validSignUp({ email: "campus3@example.cm", ip: "10.7.7.7" }))).toEqual(tooMany);
  });

  it("counts a confirmed address like any other, so the limit tells nothing either", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    for (let i = 1; i < SIGN_UP_LIMITS.perEmail; i++) expect((await signUp(t.deps, validSignUp())).ok).toBe(true);
    expect(await signUp(t.deps, validSignUp())).toEqual(tooMany);
  });

  it("does not count a form refused for bad input", async () => {
    const t = createTestAccounts();
    for (let i = 0; i < 10; i++) expect((await signUp(t.deps, validSignUp({ password: "123", ip: "10.0.0.1" }))).ok).toBe(false);
    expect((await signUp(t.deps, validSignUp({ ip: "10.0.0.1" }))).ok).toBe(true);
  });
});

describe("resend-confirmation limits", () => {
  it("allows 3 per address and 10 per IP in 15 minutes, known address or not", async () => {
    const t = createTestAccounts();
    await signUp(t.deps, validSignUp());
    for (let i = 0; i < RESEND_CONFIRMATION_LIMITS.perEmail; i++) {
      expect(await resendConfirmation(t.deps, { email: "ngozi@example.cm", ip: `10.0.0.${i}` })).toEqual({ ok: true, value: undefined });
      expect(await resendConfirmation(t.deps, { email: "nobody@example.cm", ip: `10.0.0.${i}` })).toEqual({ ok: true, value: undefined });
    }
    expect(await resendConfirmation(t.deps, { email: "ngozi@example.cm", ip: "10.0.1.1" })).toEqual(tooMany);
    expect(await resendConfirmation(t.deps, { email: "nobody@example.cm", ip: "10.0.1.1" })).toEqual(tooMany);

    for (let i = 0; i < RESEND_CONFIRMATION_LIMITS.perIp; i++) {
      expect((await resendConfirmation(t.deps, { email: `x${i}@example.cm`, ip: "10.5.5.5" })).ok).toBe(true);
    }
    expect(await resendConfirmation(t.deps, { email: "fresh@example.cm", ip: "10.5.5.5" })).toEqual(tooMany);
  });
});

describe("change-password limits", () => {
  it("after 5 wrong current passwords in 15 minutes even the right one is refused with 429", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    for (let i = 0; i < CHANGE_PASSWORD_LIMITS.perAccount; i++) {
      expect(await changePassword(t.deps, { userId, currentPassword: `guess-${i}`, newPassword: "new-secret", ip: `10.0.0.${i}` })).toEqual(
        {
          ok: false,
          error: { code: "auth.wrong_password" },
        },
      );
    }
    expect(await changePassword(t.deps, { userId, currentPassword: "secret1", newPassword: "new-secret", ip: "10.0.1.1" })).toEqual(
      tooMany,
    );
    // The window includes its start: one millisecond later the oldest event has left it.
    t.clock.advance(THROTTLE_WINDOW_MS + 1);
    expect(await changePassword(t.deps, { userId, currentPassword: "secret1", newPassword: "new-secret" })).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it("limits wrong current passwords per IP across accounts", async () => {
    const t = createTestAccounts();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await confirmedAccount(t, { email: `user${i}@example.cm` }));
    let n = 0;
    for (const userId of ids) {
      for (let k = 0; k < 4 && n < CHANGE_PASSWORD_LIMITS.perIp; k++, n++) {
        await changePassword(t.deps, { userId, currentPassword: "wrong", newPassword: "new-secret", ip: "10.7.7.7" });
      }
    }
    expect(await changePassword(t.deps, { userId: ids[0], currentPassword: "secret1", newPassword: "new-secret", ip: "10.7.7.7" })).toEqual(
      tooMany,
    );
    expect(
      (await changePassword(t.deps, { userId: ids[0], currentPassword: "secret1", newPassword: "new-secret", ip: "10.7.7.8" })).ok,
    ).toBe(true);
  });
});
