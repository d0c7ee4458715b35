import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseCameroonPhone } from "#domain/accounts/account-rules";
import { confirmEmail } from "#domain/accounts/confirm-email.use-case";
import { resendConfirmation, signUp } from "#domain/accounts/sign-up.use-case";
import { HOUR_MS } from "#domain/shared/clock";
import { createTestAccounts, tokenFromMail, validSignUp } from "./support";

describe("signUp", () => {
  it.each([
    ["name", { name: "   " }],
    ["email", { email: "" }],
    ["password", { password: "" }],
    ["all", { name: undefined, email: undefined, password: undefined }],
  ])("requires name, email and password (%s missing)", async (_, over) => {
    const t = createTestAccounts();
    const result = await signUp(t.deps, validSignUp(over));
    expect(result).toEqual({ ok: false, error: { code: "auth.required_fields" } });
  });

  it("refuses a password shorter than 6 characters and accepts exactly 6", async () => {
    const t = createTestAccounts();
    expect(await signUp(t.deps, validSignUp({ password: "12345" }))).toEqual({ ok: false, error: { code: "auth.password_too_short" } });
    expect((await signUp(t.deps, validSignUp({ password: "123456" }))).ok).toBe(true);
  });

  it.each([[{ agreeToTerms: false }], [{ agreeToPrivacy: false }], [{ agreeToTerms: undefined, agreeToPrivacy: undefined }]])(
    "needs both the terms and the privacy policy accepted (%o)",
    async (over) => {
      const t = createTestAccounts();
      expect(await signUp(t.deps, validSignUp(over))).toEqual({ ok: false, error: { code: "auth.terms_required" } });
      expect(t.mailer.sent).toHaveLength(0);
    },
  );

  it("refuses an address that is not an e-mail", async () => {
    const t = createTestAccounts();
    expect(await signUp(t.deps, validSignUp({ email: "ngozi.example.cm" }))).toEqual({ ok: false, error: { code: "auth.invalid_email" } });
  });

  it("trims the name and phone, trims and lower-cases the e-mail, normalises the phone", async () => {
    const t = createTestAccounts();
    const result = await signUp(t.deps, validSignUp({ name: "  Ngozi Tabe ", email: "  Ngozi@Example.CM ", phone: " 6 77 12 34 56 " }));
    if (!result.ok) throw new Error(result.error.code);
    const account = await t.repos.accounts.findById(result.value.userId);
    expect(account).toMatchObject({
      fullName: "Ngozi Tabe",
      email: "ngozi@example.cm",
      phone: "+237677123456",
      role: "student",
      emailConfirmedAt: null,
    });
  });

  it("refuses a phone that is not a Cameroon mobile number", async () => {
    const t = createTestAccounts();
    expect(await signUp(t.deps, validSignUp({ phone: "0677123456" }))).toEqual({ ok: false, error: { code: "auth.invalid_phone" } });
    expect(await signUp(t.deps, validSignUp({ phone: "+237 277 12 34 56" }))).toEqual({ ok: false, error: { code: "auth.invalid_phone" } });
  });

  it("does not say that a confirmed e-mail already has an account, whatever its case (see account-takeover.test.ts)", async () => {
    const t = createTestAccounts();
    const first = await signUp(t.deps, validSignUp());
    if (!first.ok) throw new Error(first.error.code);
    await confirmEmail(t.deps, { token: tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/confirm") });
    expect(await signUp(t.deps, validSignUp({ email: "NGOZI@example.cm", password: "other-password" }))).toEqual({
      ok: true,
      value: { userId: first.value.userId },
    });
  });

  it("stores a password hash, never the password", async () => {
    const t = createTestAccounts();
    const result = await signUp(t.deps, validSignUp());
    if (!result.ok) throw new Error(result.error.code);
    const account = await t.repos.accounts.findById(result.value.userId);
    expect(account?.passwordHash).toMatch(/^scrypt\$/);
    expect(account?.passwordHash).not.toContain("secret1");
  });

  it("mails a confirmation link that works once and only for 24 hours", async () => {
    const t = createTestAccounts();
    await signUp(t.deps, validSignUp());
    const mail = t.mailer.lastTo("ngozi@example.cm");
    expect(mail?.text).toContain("https://kamernest.test/auth/confirm?token=");
    const token = tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/confirm");
    // Only the hash is stored.
    expect(await t.repos.emailTokens.findByHash(token)).toBeNull();

    t.clock.advance(24 * HOUR_MS - 1);
    const confirmed = await confirmEmail(t.deps, { token });
    expect(confirmed.ok).toBe(true);
    expect(await confirmEmail(t.deps, { token })).toEqual({ ok: false, error: { code: "auth.token_invalid" } });
  });

  it("says a confirmation link has expired after 24 hours", async () => {
    const t = createTestAccounts();
    await signUp(t.deps, validSignUp());
    const token = tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/confirm");
    t.clock.advance(24 * HOUR_MS);
    expect(await confirmEmail(t.deps, { token })).toEqual({ ok: false, error: { code: "auth.token_expired" } });
    expect(await confirmEmail(t.deps, { token: "made-up" })).toEqual({ ok: false, error: { code: "auth.token_invalid" } });
  });

  it("writes the confirmation e-mail in the chosen language", async () => {
    const t = createTestAccounts();
    await signUp(t.deps, validSignUp({ language: "fr" }));
    expect(t.mailer.lastTo("ngozi@example.cm")?.subject).toMatch(/Confirmez/);
  });

  it("resends a confirmation link to an unconfirmed account, and answers the same for unknown addresses", async () => {
    const t = createTestAccounts();
    await signUp(t.deps, validSignUp());
    const first = tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/confirm");
    expect(await resendConfirmation(t.deps, { email: "Ngozi@example.cm" })).toEqual({ ok: true, value: undefined });
    expect(await resendConfirmation(t.deps, { email: "nobody@example.cm" })).toEqual({ ok: true, value: undefined });
    expect(t.mailer.sent).toHaveLength(2);
    const second = tokenFromMail(t.mailer, "ngozi@example.cm", "/auth/confirm");
    expect(second).not.toBe(first);
    expect(await confirmEmail(t.deps, { token: first })).toEqual({ ok: false, error: { code: "auth.token_invalid" } });
    expect((await confirmEmail(t.deps, { token: second })).ok).toBe(true);
  });

  it("makes an agent account with an unsubmitted verification when the agent kind is chosen", async () => {
    const t = createTestAccounts();
    const result = await signUp(t.deps, validSignUp({ accountKind: "agent" }));
    if (!result.ok) throw new Error(result.error.code);
    expect((await t.repos.accounts.findById(result.value.userId))?.role).toBe("agent");
    expect((await t.repos.agents.findByUserId(result.value.userId))?.status).toBe("unsubmitted");
  });

  it("never lets an input field choose the role", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom("role", "isAdmin", "is_admin", "admin", "accountKind", "verification_status"),
          fc.constantFrom("admin", true, "owner", 1),
        ),
        async (extra) => {
          const t = createTestAccounts();
          const result = await signUp(t.deps, { ...validSignUp(), ...(extra as object) });
          if (!result.ok) return;
          const role = (await t.repos.accounts.findById(result.value.userId))?.role;
          expect(role).toBe("student");
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("normaliseCameroonPhone", () => {
  it.each([
    ["677123456", "+237677123456"],
    ["+237677123456", "+237677123456"],
    ["237 677 12 34 56", "+237677123456"],
    ["+237 6 77 12 34 56", "+237677123456"],
    ["677-12-34-56", "+237677123456"],
  ])("%s → %s", (raw, expected) => {
    expect(normaliseCameroonPhone(raw)).toBe(expected);
  });

  it.each(["577123456", "67712345", "6771234567", "+1677123456", "00237677123456", "abc", ""])("refuses %s", (raw) => {
    expect(normaliseCameroonPhone(raw)).toBeNull();
  });

  it("accepts any 9 digits starting with 6, with or without the country code", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{8}$/), fc.constantFrom("", "237", "+237", "+237 "), (rest, prefix) => {
        expect(normaliseCameroonPhone(`${prefix}6${rest}`)).toBe(`+2376${rest}`);
      }),
    );
  });
});
