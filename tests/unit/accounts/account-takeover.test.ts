// Account pre-hijacking and account enumeration. An attacker signs up first with someone else's
// address and a password of their choosing, then waits for the owner to confirm the address
// (by signing up themselves, or through Google) and keeps signing in with that password.
import { describe, expect, it } from "vitest";
import { confirmEmail } from "#domain/accounts/confirm-email.use-case";
import { logIn } from "#domain/accounts/log-in.use-case";
import { loginWithGoogle } from "#domain/accounts/login-with-google.use-case";
import { createSession, getSessionUser } from "#domain/accounts/manage-sessions.use-case";
import type { PasswordHasher } from "#domain/accounts/password-hasher.port";
import { requestPasswordReset } from "#domain/accounts/password-reset.use-case";
import { signUp } from "#domain/accounts/sign-up.use-case";
import { confirmedAccount, createTestAccounts, tokenFromMail, validSignUp, type TestAccounts } from "./support";

const VICTIM = "victim@example.cm";
const squatter = validSignUp({ name: "Squatter", email: VICTIM, password: "squatter-pw", phone: "677000111", accountKind: "agent" });
const owner = validSignUp({ name: "Real Owner", email: VICTIM, password: "owner-password" });
const googleOwner = { googleId: "g-owner", email: VICTIM, name: "Real Owner", emailVerified: true };

/** Counts the expensive hashing work, to show both paths of a use case do the same. */
class CountingHasher implements PasswordHasher {
  hashes = 0;
  verifies = 0;
  constructor(private readonly inner: PasswordHasher) {}
  hash(password: string) {
    this.hashes += 1;
    return this.inner.hash(password);
  }
  verify(password: string, stored: string) {
    this.verifies += 1;
    return this.inner.verify(password, stored);
  }
}

async function signedIn(t: TestAccounts, password: string) {
  const result = await logIn(t.deps, { email: VICTIM, password });
  return result.ok && result.value.status === "signed_in";
}

describe("an address nobody has confirmed belongs to nobody yet", () => {
  it("a later sign-up replaces the pending one: the earlier password and link stop working", async () => {
    const t = createTestAccounts();
    const first = await signUp(t.deps, squatter);
    if (!first.ok) throw new Error(first.error.code);
    const squatterLink = tokenFromMail(t.mailer, VICTIM, "/auth/confirm");

    const second = await signUp(t.deps, owner);
    // The same answer as any sign-up, not "this address is taken".
    expect(second).toEqual({ ok: true, value: { userId: first.value.userId } });
    const ownerLink = tokenFromMail(t.mailer, VICTIM, "/auth/confirm");
    expect(ownerLink).not.toBe(squatterLink);

    // Only the latest sign-up's link confirms the address.
    expect(await confirmEmail(t.deps, { token: squatterLink })).toEqual({ ok: false, error: { code: "auth.token_invalid" } });
    expect((await confirmEmail(t.deps, { token: ownerLink })).ok).toBe(true);

    expect(await signedIn(t, "squatter-pw")).toBe(false);
    expect(await signedIn(t, "owner-password")).toBe(true);
    // Nothing the squatter typed is kept: name, phone and the agent kind are the owner's.
    expect(await t.repos.accounts.findById(first.value.userId)).toMatchObject({ fullName: "Real Owner", phone: null, role: "student" });
  });

  it("signing in with Google discards a password set before any confirmation and ends every session", async () => {
    const t = createTestAccounts();
    const first = await signUp(t.deps, squatter);
    if (!first.ok) throw new Error(first.error.code);
    const squatterLink = tokenFromMail(t.mailer, VICTIM, "/auth/confirm");
    // However a session for the pending account came to exist, it must not survive.
    const stray = await createSession(t.deps, { userId: first.value.userId });

    const google = await loginWithGoogle(t.deps, googleOwner);
    if (!google.ok || google.value.status !== "signed_in") throw new Error("not signed in");
    expect(google.value.userId).toBe(first.value.userId);

    expect(await getSessionUser(t.deps, stray.sessionId)).toBeNull();
    expect(await getSessionUser(t.deps, google.value.sessionId)).toMatchObject({ email: VICTIM, name: "Real Owner" });
    expect(await signedIn(t, "squatter-pw")).toBe(false);
    expect(await confirmEmail(t.deps, { token: squatterLink })).toEqual({ ok: false, error: { code: "auth.token_invalid" } });
    expect(await t.repos.accounts.findById(first.value.userId)).toMatchObject({ passwordHash: null, phone: null, googleId: "g-owner" });
  });

  it("an ADMIN_EMAILS address claimed through Google makes an admin the squatter cannot use", async () => {
    const t = createTestAccounts({ adminEmails: [VICTIM] });
    await signUp(t.deps, squatter);
    const google = await loginWithGoogle(t.deps, googleOwner);
    if (!google.ok || google.value.status !== "signed_in") throw new Error("not signed in");
    expect(await getSessionUser(t.deps, google.value.sessionId)).toMatchObject({ isAdmin: true });
    expect(await logIn(t.deps, { email: VICTIM, password: "squatter-pw" })).toEqual({
      ok: false,
      error: { code: "auth.invalid_credentials" },
    });
  });

  it("a confirmed account linked to Google keeps its password", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t, { email: VICTIM, password: "owner-password" });
    const google = await loginWithGoogle(t.deps, googleOwner);
    expect(google.ok).toBe(true);
    expect(await signedIn(t, "owner-password")).toBe(true);
  });
});

describe("sign-up does not tell which addresses have accounts", () => {
  it("answers a confirmed address exactly like a new one, changes nothing and e-mails the owner", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t, { email: VICTIM, password: "owner-password" });
    const sessionBefore = await createSession(t.deps, { userId });
    const sent = t.mailer.sent.length;

    const again = await signUp(t.deps, squatter);
    const fresh = await signUp(t.deps, validSignUp({ email: "new@example.cm" }));
    expect(again.ok && fresh.ok).toBe(true);
    expect(Object.keys(again.ok ? again.value : {})).toEqual(Object.keys(fresh.ok ? fresh.value : {}));

    // One e-mail each: the owner's says someone tried and how to sign in or reset, with no link that signs in.
    expect(t.mailer.sent.length).toBe(sent + 2);
    const warning = t.mailer.lastTo(VICTIM);
    expect(warning?.subject).toBe("Someone tried to sign up with your KamerNest email");
    expect(warning?.text).toContain("https://kamernest.test/auth/login");
    expect(warning?.text).toContain("https://kamernest.test/auth/forgot-password");
    expect(warning?.text).not.toContain("token=");

    expect(await signedIn(t, "owner-password")).toBe(true);
    expect(await signedIn(t, "squatter-pw")).toBe(false);
    expect(await getSessionUser(t.deps, sessionBefore.sessionId)).not.toBeNull();
    expect(await t.repos.accounts.findById(userId)).toMatchObject({ fullName: "Ngozi Tabe", role: "student" });
  });

  it("does the same hashing work and sends one e-mail for a new and for a taken address", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t, { email: VICTIM });
    const hasher = new CountingHasher(t.deps.hasher);
    const deps = { ...t.deps, hasher };

    const sent0 = t.mailer.sent.length;
    await signUp(deps, validSignUp({ email: "brand-new@example.cm" }));
    const fresh = { hashes: hasher.hashes, verifies: hasher.verifies, mails: t.mailer.sent.length - sent0 };
    hasher.hashes = 0;
    hasher.verifies = 0;
    const sent1 = t.mailer.sent.length;
    await signUp(deps, validSignUp({ email: VICTIM }));
    expect({ hashes: hasher.hashes, verifies: hasher.verifies, mails: t.mailer.sent.length - sent1 }).toEqual(fresh);
    expect(fresh).toEqual({ hashes: 1, verifies: 0, mails: 1 });
  });

  it("password reset sends one e-mail for a known and for an unknown address", async () => {
    const t = createTestAccounts();
    await confirmedAccount(t, { email: VICTIM });
    const hasher = new CountingHasher(t.deps.hasher);
    const deps = { ...t.deps, hasher };
    const sent = t.mailer.sent.length;
    await requestPasswordReset(deps, { email: VICTIM });
    await requestPasswordReset(deps, { email: "ghost@example.cm", language: "fr" });
    expect(t.mailer.sent.slice(sent).map((m) => m.to)).toEqual([VICTIM, "ghost@example.cm"]);
    expect(t.mailer.lastTo("ghost@example.cm")?.subject).toBe("Réinitialisez votre mot de passe KamerNest");
    expect(hasher.hashes + hasher.verifies).toBe(0);
  });
});
