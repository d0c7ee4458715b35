// The accounts use cases end to end over a real database, the outbox mailer, local file storage
// and the otplib authenticator: what the routes will call, wired as production wires it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import { confirmEmail } from "#domain/accounts/confirm-email.use-case";
import { logIn } from "#domain/accounts/log-in.use-case";
import { getSessionUser, revokeAllSessions } from "#domain/accounts/manage-sessions.use-case";
import { requestPasswordReset, resetPassword } from "#domain/accounts/password-reset.use-case";
import { approveAgent } from "#domain/accounts/review-agent.use-case";
import { signUp } from "#domain/accounts/sign-up.use-case";
import { submitAgentVerification } from "#domain/accounts/submit-agent-verification.use-case";
import { confirmTotp, startTotpEnrolment } from "#domain/accounts/totp-enrolment.use-case";
import { verifyLoginTotp } from "#domain/accounts/verify-login-totp.use-case";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { createAccountsDeps } from "#infrastructure/auth/accounts-deps";
import { OtplibTotpAuthenticator } from "#infrastructure/auth/otplib-totp-authenticator";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { loadConfig } from "#infrastructure/config/config";
import { readOutbox } from "#infrastructure/mail/outbox-mailer";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";

function linkToken(text: string, pathName: string): string {
  const match = new RegExp(`${pathName}\\?token=(\\S+)`).exec(text);
  if (!match) throw new Error(`no ${pathName} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describeEachDatabase(allDatabaseKinds())("accounts over %s", (kind) => {
  let db: TestDatabase;
  let dir: string;
  let clock: FixedClock;
  let totp: OtplibTotpAuthenticator;
  let deps: AccountsDeps;

  beforeEach(async () => {
    db = await createTestDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-accounts-"));
    clock = new FixedClock(new Date("2026-11-22T08:00:00.000Z"));
    totp = new OtplibTotpAuthenticator(() => clock.now().getTime());
    // A public APP_URL with demo defaults is refused by loadConfig (a public site may not run as the
    // demo): the test builds the config on localhost and sets the address it checks in e-mail links.
    const config = {
      ...loadConfig({ NODE_ENV: "test", ADMIN_EMAILS: "Boss@KamerNest.cm", STORAGE_DIR: dir }),
      appUrl: "https://kamernest.test",
    };
    deps = createAccountsDeps(db.db, config, { clock, totp, hasher: new ScryptPasswordHasher({ N: 1024, r: 8, p: 1, keylen: 32 }) });
    vi.spyOn(console, "info").mockImplementation(() => {});
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function signedUpAndConfirmed(email: string, extra: Record<string, unknown> = {}) {
    const result = await signUp(deps, {
      name: "Ngozi Tabe",
      email,
      password: "secret1",
      agreeToTerms: true,
      agreeToPrivacy: true,
      ...extra,
    });
    if (!result.ok) throw new Error(result.error.code);
    const [mail] = await readOutbox(db.db, { to: email, limit: 1 });
    const confirmed = await confirmEmail(deps, { token: linkToken(mail.text, "/auth/confirm") });
    if (!confirmed.ok) throw new Error(confirmed.error.code);
    // The outbox reads newest first by time: later mail must be later on the fixed clock.
    clock.advance(1000);
    return result.value.userId;
  }

  it("signs up, confirms through the mailed link, signs in and out of all devices", async () => {
    const userId = await signedUpAndConfirmed("ngozi@example.cm", { phone: "677 12 34 56", role: "admin" });
    const result = await logIn(deps, { email: "ngozi@example.cm", password: "secret1", ip: "10.0.0.1", userAgent: "Firefox" });
    if (!result.ok || result.value.status !== "signed_in") throw new Error("not signed in");
    expect(await getSessionUser(deps, result.value.sessionId)).toEqual({
      id: userId,
      name: "Ngozi Tabe",
      email: "ngozi@example.cm",
      phone: "+237677123456",
      role: "student",
      isAdmin: false,
      isAgent: false,
      agentStatus: null,
      totpEnabled: false,
      language: "en",
    });
    await revokeAllSessions(deps, { userId });
    expect(await getSessionUser(deps, result.value.sessionId)).toBeNull();
  });

  it("throttles one address and IP after 5 failures, not the owner elsewhere, and lets the pair in 15 minutes later", async () => {
    await signedUpAndConfirmed("ngozi@example.cm");
    for (let i = 0; i < 5; i++) await logIn(deps, { email: "ngozi@example.cm", password: "nope-nope", ip: "10.0.0.1" });
    expect(await logIn(deps, { email: "ngozi@example.cm", password: "secret1", ip: "10.0.0.1" })).toEqual({
      ok: false,
      error: { code: "auth.too_many_attempts" },
    });
    expect((await logIn(deps, { email: "ngozi@example.cm", password: "secret1", ip: "10.0.1.1" })).ok).toBe(true);
    clock.advance(15 * MINUTE_MS + 1);
    expect((await logIn(deps, { email: "ngozi@example.cm", password: "secret1", ip: "10.0.0.1" })).ok).toBe(true);
  });

  it("promotes the allow-listed admin once, with an audit entry", async () => {
    const userId = await signedUpAndConfirmed("boss@kamernest.cm");
    const result = await logIn(deps, { email: "boss@kamernest.cm", password: "secret1" });
    if (!result.ok || result.value.status !== "signed_in") throw new Error("not signed in");
    expect((await getSessionUser(deps, result.value.sessionId))?.isAdmin).toBe(true);
    const rows = await db.db.selectFrom("audit_log").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: userId, action: "auth.role_granted_admin" });
  });

  it("enrols TOTP and signs in in two steps with a real code, then with a recovery code", async () => {
    const userId = await signedUpAndConfirmed("ngozi@example.cm");
    const start = await startTotpEnrolment(deps, { userId });
    if (!start.ok) throw new Error(start.error.code);
    const confirmed = await confirmTotp(deps, { userId, code: totp.generate(start.value.secret) });
    if (!confirmed.ok) throw new Error(confirmed.error.code);
    const codes = await db.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", userId).execute();
    expect(codes).toHaveLength(10);
    for (const c of confirmed.value.recoveryCodes) expect(codes.map((r) => r.code_hash)).not.toContain(c);

    const first = await logIn(deps, { email: "ngozi@example.cm", password: "secret1" });
    if (!first.ok || first.value.status !== "totp_required") throw new Error("expected a TOTP step");
    clock.advance(20_000);
    const second = await verifyLoginTotp(deps, {
      pendingLoginToken: first.value.pendingLoginToken,
      code: totp.generate(start.value.secret),
    });
    expect(second.ok && second.value.status).toBe("signed_in");

    const again = await logIn(deps, { email: "ngozi@example.cm", password: "secret1" });
    if (!again.ok || again.value.status !== "totp_required") throw new Error("expected a TOTP step");
    const recovered = await verifyLoginTotp(deps, {
      pendingLoginToken: again.value.pendingLoginToken,
      code: confirmed.value.recoveryCodes[3],
    });
    expect(recovered.ok && recovered.value.status).toBe("signed_in");
  });

  it("resets a password through the mailed link and ends every session", async () => {
    await signedUpAndConfirmed("ngozi@example.cm");
    const before = await logIn(deps, { email: "ngozi@example.cm", password: "secret1" });
    if (!before.ok || before.value.status !== "signed_in") throw new Error("not signed in");
    clock.advance(1000);
    expect(await requestPasswordReset(deps, { email: "ngozi@example.cm" })).toEqual(
      await requestPasswordReset(deps, { email: "ghost@example.cm" }),
    );
    const [mail] = await readOutbox(db.db, { to: "ngozi@example.cm", limit: 1 });
    expect((await resetPassword(deps, { token: linkToken(mail.text, "/auth/reset-password"), newPassword: "brand-new" })).ok).toBe(true);
    expect(await getSessionUser(deps, before.value.sessionId)).toBeNull();
    expect((await logIn(deps, { email: "ngozi@example.cm", password: "brand-new" })).ok).toBe(true);
  });

  it("makes one account of simultaneous sign-ups with one e-mail, with one password", async () => {
    const input = (password: string) => ({ name: "N", email: "race@example.cm", password, agreeToTerms: true, agreeToPrivacy: true });
    const results = await Promise.all([signUp(deps, input("first-pw")), signUp(deps, input("second-pw")), signUp(deps, input("third-pw"))]);
    // Every one answers like a sign-up; they all land on the same pending account.
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => r.ok && r.value.userId)).size).toBe(1);
    const rows = await db.db.selectFrom("profiles").select("id").where("email", "=", "race@example.cm").execute();
    expect(rows).toHaveLength(1);
    const mails = await readOutbox(db.db, { to: "race@example.cm", limit: 10 });
    expect(mails).toHaveLength(3);
    for (const mail of mails) await confirmEmail(deps, { token: linkToken(mail.text, "/auth/confirm") });
    // One password survives: whichever sign-up wrote last (concurrent replacements on PostgreSQL
    // may leave more than one link usable, but they all went to the same inbox).
    const signedIn = [];
    for (const password of ["first-pw", "second-pw", "third-pw"])
      signedIn.push((await logIn(deps, { email: "race@example.cm", password })).ok);
    expect(signedIn.filter(Boolean)).toHaveLength(1);
  });

  it("submits an agent verification to disk (STORAGE_DIR/private) and the database, and an admin approves it", async () => {
    const agentId = await signedUpAndConfirmed("agent@example.cm", { accountKind: "agent", language: "fr" });
    const adminId = await signedUpAndConfirmed("boss@kamernest.cm");
    await logIn(deps, { email: "boss@kamernest.cm", password: "secret1" });
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
    const submitted = await submitAgentVerification(deps, {
      userId: agentId,
      verification: {
        businessName: "Buea Homes",
        licenseNumber: "LIC-1",
        specializations: ["rooms"],
        businessPhone: "677001122",
        businessEmail: "office@bueahomes.cm",
        businessAddress: "Molyko",
        documents: [{ name: "licence.pdf", bytes: pdf }],
      },
    });
    expect(submitted).toEqual({ ok: true, value: { status: "pending" } });
    const [doc] = await db.db.selectFrom("agent_documents").selectAll().where("agent_id", "=", agentId).execute();
    expect(doc).toMatchObject({ mime_type: "application/pdf", original_name: "licence.pdf", size_bytes: pdf.length });
    expect(new Uint8Array(fs.readFileSync(path.join(dir, "private", doc.storage_key)))).toEqual(pdf);

    clock.advance(1000);
    expect(await approveAgent(deps, { adminId, agentId })).toEqual({ ok: true, value: undefined });
    const agent = await db.db.selectFrom("agents").selectAll().where("user_id", "=", agentId).executeTakeFirstOrThrow();
    expect(agent).toMatchObject({ verification_status: "approved", commission_rate: 5 });
    const [mail] = await readOutbox(db.db, { to: "agent@example.cm", limit: 1 });
    expect(mail.subject).toBe("Votre compte agent KamerNest est vérifié");
  });
});
