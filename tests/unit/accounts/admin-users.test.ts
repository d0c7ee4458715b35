// The admin's rules on user accounts (issue 11): role changes, suspension and reactivation, each
// audited in its transaction; a suspended account cannot sign in by any route and its sessions end.
import { describe, expect, it } from "vitest";
import { changeUserRole, reactivateUser, suspendUser } from "#domain/accounts/admin-users.use-case";
import { confirmTotp, startTotpEnrolment } from "#domain/accounts/totp-enrolment.use-case";
import { createSession, getSessionUser } from "#domain/accounts/manage-sessions.use-case";
import { logIn } from "#domain/accounts/log-in.use-case";
import { loginWithGoogle } from "#domain/accounts/login-with-google.use-case";
import { verifyLoginTotp } from "#domain/accounts/verify-login-totp.use-case";
import { confirmedAccount, createTestAccounts, type TestAccounts } from "./support";

async function admin(t: TestAccounts, email = "admin@kamernest.cm") {
  const id = await confirmedAccount(t, { email });
  await t.repos.accounts.update(id, { role: "admin", updatedAt: t.clock.now() });
  return id;
}

const refused = (code: string) => ({ ok: false, error: { code } });
const done = { ok: true, value: undefined };

describe("changeUserRole", () => {
  it("changes the role and writes the audit row with before and after", async () => {
    const t = createTestAccounts();
    const adminId = await admin(t);
    const userId = await confirmedAccount(t);
    await t.repos.agents.createUnsubmitted(userId, t.clock.now());
    await t.repos.accounts.update(userId, { role: "agent", updatedAt: t.clock.now() });
    expect(await changeUserRole(t.deps, { adminId, userId, role: "student" })).toEqual(done);
    expect((await t.repos.accounts.findById(userId))?.role).toBe("student");
    expect(await t.repos.auditLog.list({ action: "admin.user_role_changed", limit: 5 })).toEqual([
      expect.objectContaining({
        actorId: adminId,
        data: { target: `user:${userId}`, before: JSON.stringify({ role: "agent" }), after: JSON.stringify({ role: "student" }) },
        at: t.clock.now(),
      }),
    ]);
  });

  it("never makes an admin: only ADMIN_EMAILS does, even for an address on the list", async () => {
    const t = createTestAccounts({ adminEmails: ["listed@kamernest.cm"] });
    const adminId = await admin(t);
    const student = await confirmedAccount(t);
    const listed = await confirmedAccount(t, { email: "listed@kamernest.cm" });
    for (const userId of [student, listed]) {
      expect(await changeUserRole(t.deps, { adminId, userId, role: "admin" })).toEqual(refused("auth.admin_grant_forbidden"));
      expect((await t.repos.accounts.findById(userId))?.role).toBe("student");
    }
    expect(await t.repos.auditLog.count({})).toBe(0);
  });

  it("does not change the role of an admin still in ADMIN_EMAILS; one taken off the list may be demoted", async () => {
    const t = createTestAccounts({ adminEmails: ["boss@kamernest.cm", "listed@kamernest.cm"] });
    const adminId = await admin(t, "boss@kamernest.cm");
    const listed = await admin(t, "Listed@KamerNest.cm");
    const former = await admin(t, "former@kamernest.cm");
    expect(await changeUserRole(t.deps, { adminId, userId: listed, role: "student" })).toEqual(refused("auth.admin_removal_forbidden"));
    expect(await changeUserRole(t.deps, { adminId, userId: listed, role: "agent" })).toEqual(refused("auth.admin_removal_forbidden"));
    expect((await t.repos.accounts.findById(listed))?.role).toBe("admin");
    expect(await t.repos.auditLog.count({})).toBe(0);
    expect(await changeUserRole(t.deps, { adminId, userId: former, role: "student" })).toEqual(done);
    expect((await t.repos.accounts.findById(former))?.role).toBe("student");
    const [row] = await t.repos.auditLog.list({ action: "admin.user_role_changed", limit: 1 });
    expect(row).toMatchObject({ actorId: adminId, data: { target: `user:${former}`, before: JSON.stringify({ role: "admin" }) } });
  });

  it("refuses a non-admin, oneself, an unknown user and a role the user already has, changing nothing", async () => {
    const t = createTestAccounts();
    const adminId = await admin(t);
    const student = await confirmedAccount(t);
    const other = await confirmedAccount(t, { email: "other@example.cm" });
    expect(await changeUserRole(t.deps, { adminId: student, userId: other, role: "admin" })).toEqual(refused("auth.forbidden"));
    expect(await changeUserRole(t.deps, { adminId, userId: adminId, role: "student" })).toEqual(refused("auth.cannot_change_self"));
    expect(await changeUserRole(t.deps, { adminId, userId: "nobody", role: "agent" })).toEqual(refused("auth.account_not_found"));
    expect(await changeUserRole(t.deps, { adminId, userId: student, role: "student" })).toEqual(refused("auth.role_unchanged"));
    expect((await t.repos.accounts.findById(other))?.role).toBe("student");
    expect((await t.repos.accounts.findById(adminId))?.role).toBe("admin");
    expect(await t.repos.auditLog.count({})).toBe(0);
  });

  it("a suspended admin can do nothing", async () => {
    const t = createTestAccounts();
    const adminId = await admin(t);
    const student = await confirmedAccount(t);
    await t.repos.accounts.update(adminId, { suspendedAt: t.clock.now(), suspendedReason: "x", updatedAt: t.clock.now() });
    expect(await changeUserRole(t.deps, { adminId, userId: student, role: "agent" })).toEqual(refused("auth.forbidden"));
    expect(await suspendUser(t.deps, { adminId, userId: student, reason: "spam" })).toEqual(refused("auth.forbidden"));
  });

  it("refuses to demote the last admin: the count is taken under the lock, inside the transaction", async () => {
    // The actor is an admin and cannot target themself, so only a race (two admins demoting each
    // other at once) reaches the rule; the repository's locked count is what decides, stubbed here.
    const t = createTestAccounts();
    const first = await admin(t);
    const second = await admin(t, "second@kamernest.cm");
    const lockAdmins = t.repos.accounts.lockAdmins.bind(t.repos.accounts);
    t.repos.accounts.lockAdmins = async () => 1;
    expect(await changeUserRole(t.deps, { adminId: first, userId: second, role: "student" })).toEqual(refused("auth.last_admin"));
    expect((await t.repos.accounts.findById(second))?.role).toBe("admin");
    expect(await t.repos.auditLog.count({})).toBe(0);
    t.repos.accounts.lockAdmins = lockAdmins;
    expect(await changeUserRole(t.deps, { adminId: first, userId: second, role: "student" })).toEqual(done);
    // Demoted, `second` can no longer act as an admin.
    expect(await changeUserRole(t.deps, { adminId: second, userId: first, role: "student" })).toEqual(refused("auth.forbidden"));
  });

  it("a user made an agent gets an unsubmitted agent record (verification next); an existing record is kept", async () => {
    const t = createTestAccounts();
    const adminId = await admin(t);
    const userId = await confirmedAccount(t);
    expect(await changeUserRole(t.deps, { adminId, userId, role: "agent" })).toEqual(done);
    expect(await t.repos.agents.findByUserId(userId)).toMatchObject({ status: "unsubmitted" });
    const { sessionId } = await createSession(t.deps, { userId });
    expect(await getSessionUser(t.deps, sessionId)).toMatchObject({ isAgent: true, agentStatus: "unsubmitted" });
    const [row] = await t.repos.auditLog.list({ action: "admin.user_role_changed", limit: 1 });
    expect(row.data.after).toBe(JSON.stringify({ role: "agent", agentStatus: "unsubmitted" }));

    expect(await changeUserRole(t.deps, { adminId, userId, role: "student" })).toEqual(done);
    expect(await changeUserRole(t.deps, { adminId, userId, role: "agent" })).toEqual(done);
    expect(await t.repos.agents.findByUserId(userId)).toMatchObject({ status: "unsubmitted" });
  });
});

describe("suspendUser and reactivateUser", () => {
  it("suspends: sessions end at once, every sign-in route refuses, the audit row says why", async () => {
    const t = createTestAccounts();
    const adminId = await admin(t);
    const userId = await confirmedAccount(t);
    const a = await createSession(t.deps, { userId });
    const b = await createSession(t.deps, { userId });
    const adminSession = await createSession(t.deps, { userId: adminId });

    expect(await suspendUser(t.deps, { adminId, userId, reason: "  Fake listings  " })).toEqual(done);
    expect(await t.repos.accounts.findById(userId)).toMatchObject({ suspendedAt: t.clock.now(), suspendedReason: "Fake listings" });
    expect(await t.repos.sessions.findById(t.deps.secrets.hash(a.sessionId))).toBeNull();
    expect(await t.repos.sessions.findById(t.deps.secrets.hash(b.sessionId))).toBeNull();
    expect(await getSessionUser(t.deps, adminSession.sessionId)).toMatchObject({ id: adminId });
    expect(await logIn(t.deps, { email: "ngozi@example.cm", password: "secret1" })).toEqual(refused("auth.account_suspended"));
    // A wrong password still gets the usual answer: the suspension is told only to the password's owner.
    expect(await logIn(t.deps, { email: "ngozi@example.cm", password: "wrong-one" })).toEqual(refused("auth.invalid_credentials"));
    expect(await loginWithGoogle(t.deps, { googleId: "g-1", email: "ngozi@example.cm", emailVerified: true })).toEqual(
      refused("auth.account_suspended"),
    );
    expect((await t.repos.accounts.findById(userId))?.googleId).toBeNull();

    const [row] = await t.repos.auditLog.list({ action: "admin.user_suspended", limit: 1 });
    expect(row).toMatchObject({ actorId: adminId, data: { target: `user:${userId}`, reason: "Fake listings" } });
    expect(JSON.parse(String(row.data.before))).toEqual({ suspended: false });
    expect(JSON.parse(String(row.data.after))).toMatchObject({ suspended: true });

    expect(await suspendUser(t.deps, { adminId, userId, reason: "again" })).toEqual(refused("auth.already_suspended"));
    expect(await reactivateUser(t.deps, { adminId, userId })).toEqual(done);
    expect(await t.repos.accounts.findById(userId)).toMatchObject({ suspendedAt: null, suspendedReason: null });
    expect((await logIn(t.deps, { email: "ngozi@example.cm", password: "secret1" })).ok).toBe(true);
    expect(await reactivateUser(t.deps, { adminId, userId })).toEqual(refused("auth.not_suspended"));
    expect((await t.repos.auditLog.list({ action: "admin.user_reactivated", limit: 1 }))[0].data.target).toBe(`user:${userId}`);
  });

  it("a session that outlived the suspension is refused and deleted on its next read", async () => {
    const t = createTestAccounts();
    const userId = await confirmedAccount(t);
    const { sessionId } = await createSession(t.deps, { userId });
    await t.repos.accounts.update(userId, { suspendedAt: t.clock.now(), suspendedReason: "x", updatedAt: t.clock.now() });
    expect(await getSessionUser(t.deps, sessionId)).toBeNull();
    expect(await t.repos.sessions.findById(t.deps.secrets.hash(sessionId))).toBeNull();
  });

  it("a user suspended between the password and the code cannot finish the sign-in", async () => {
    const t = createTestAccounts();
    const adminId = await admin(t);
    const userId = await confirmedAccount(t);
    const start = await startTotpEnrolment(t.deps, { userId });
    if (!start.ok) throw new Error(start.error.code);
    await confirmTotp(t.deps, { userId, code: t.totp.codeAt(start.value.secret) });
    const first = await logIn(t.deps, { email: "ngozi@example.cm", password: "secret1" });
    if (!first.ok || first.value.status !== "totp_required") throw new Error("expected a TOTP step");
    expect(await suspendUser(t.deps, { adminId, userId, reason: "Chargebacks" })).toEqual(done);
    expect(
      await verifyLoginTotp(t.deps, { pendingLoginToken: first.value.pendingLoginToken, code: t.totp.codeAt(start.value.secret) }),
    ).toEqual(refused("auth.account_suspended"));
  });

  it("needs a reason, refuses oneself and admins", async () => {
    const t = createTestAccounts();
    const adminId = await admin(t);
    const other = await admin(t, "other@kamernest.cm");
    const userId = await confirmedAccount(t);
    expect(await suspendUser(t.deps, { adminId, userId, reason: "   " })).toEqual(refused("auth.suspension_reason_required"));
    expect(await suspendUser(t.deps, { adminId, userId, reason: "x".repeat(501) })).toEqual({
      ok: false,
      error: { code: "auth.suspension_reason_too_long", params: { max: 500 } },
    });
    expect(await suspendUser(t.deps, { adminId, userId: adminId, reason: "me" })).toEqual(refused("auth.cannot_change_self"));
    expect(await suspendUser(t.deps, { adminId, userId: other, reason: "rogue" })).toEqual(refused("auth.cannot_suspend_admin"));
    expect(await reactivateUser(t.deps, { adminId, userId: adminId })).toEqual(refused("auth.cannot_change_self"));
    expect((await t.repos.accounts.findById(userId))?.suspendedAt).toBeNull();
    expect(await t.repos.auditLog.count({})).toBe(0);
  });
});
