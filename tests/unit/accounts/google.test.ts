import { describe, expect, it } from "vitest";
import { loginWithGoogle } from "#domain/accounts/login-with-google.use-case";
import { getSessionUser } from "#domain/accounts/manage-sessions.use-case";
import { signUp } from "#domain/accounts/sign-up.use-case";
import { confirmedAccount, createTestAccounts, validSignUp } from "./support";

const google = (over: Record<string, unknown> = {}) => ({
  googleId: "g-123",
  email: "Ngozi@example.cm",
  name: "Ngozi Tabe",
  emailVerified: true,
  ...over,
});

describe("loginWithGoogle", () => {
  it("creates a confirmed student account on first sign-in", async () => {
    const t = createTestAccounts();
    const result = await loginWithGoogle(t.deps, google());
    if (!result.ok || result.value.status !== "signed_in") throw new Error("not signed in");
    const account = await t.repos.accounts.findById(result.value.userId);
    expect(account).toMatchObject({ role: "student", email: "ngozi@example.cm", googleId: "g-123", passwordHash: null });
    expect(account?.emailConfirmedAt).not.toBeNull();
  });

  it("finds the account already linked to the Google id, even if the e-mail changed at Google", async () => {
    const t = createTestAccounts();
    const first = await loginWithGoogle(t.deps, google());
    const again = await loginWithGoogle(t.deps, google({ email: "new-address@example.cm" }));
    if (!first.ok || !again.ok || first.value.status !== "signed_in" || again.value.status !== "signed_in")
      throw new Error("not signed in");
    expect(again.value.userId).toBe(first.value.userId);
  });

  it("links an existing password account with the same e-mail and confirms its e-mail", async () => {
    const t = createTestAccounts();
    const signed = await signUp(t.deps, validSignUp());
    if (!signed.ok) throw new Error(signed.error.code);
    const result = await loginWithGoogle(t.deps, google());
    if (!result.ok || result.value.status !== "signed_in") throw new Error("not signed in");
    expect(result.value.userId).toBe(signed.value.userId);
    const account = await t.repos.accounts.findById(signed.value.userId);
    expect(account?.googleId).toBe("g-123");
    expect(account?.emailConfirmedAt).not.toBeNull();
  });

  it("refuses to link or create by an e-mail Google has not verified", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t);
    expect(await loginWithGoogle(t.deps, google({ emailVerified: false }))).toEqual({ ok: false, error: { code: "auth.google_failed" } });
    expect(await loginWithGoogle(t.deps, google({ emailVerified: false, email: "fresh@example.cm" }))).toEqual({
      ok: false,
      error: { code: "auth.google_failed" },
    });
    expect(await t.repos.accounts.findByEmail("fresh@example.cm")).toBeNull();
  });

  it("fails without a Google id or a usable e-mail", async () => {
    const t = createTestAccounts();
    expect(await loginWithGoogle(t.deps, google({ googleId: "" }))).toEqual({ ok: false, error: { code: "auth.google_failed" } });
    expect(await loginWithGoogle(t.deps, google({ email: "not-an-email" }))).toEqual({ ok: false, error: { code: "auth.google_failed" } });
  });

  it("applies the admin allow-list", async () => {
    const t = createTestAccounts({ adminEmails: ["ngozi@example.cm"] });
    const result = await loginWithGoogle(t.deps, google());
    if (!result.ok || result.value.status !== "signed_in") throw new Error("not signed in");
    expect(await getSessionUser(t.deps, result.value.sessionId)).toMatchObject({ role: "admin", isAdmin: true });
    expect(await t.repos.auditLog.list({ action: "auth.role_granted_admin", limit: 5 })).toHaveLength(1);
  });
});
