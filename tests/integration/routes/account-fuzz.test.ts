// Fuzzed account posts (fast-check): the profile (name and phone, password change, sign out
// everywhere), two-factor enrolment and removal, forgot and reset password, resending the
// confirmation e-mail, the admin's agent review, logout. Mostly valid forms with garbage in some
// fields, so each run reaches success and refusal. Never a 500, only the expected statuses, and
// the tables keep the rules afterwards (valid names and phones, hashed passwords, a reset token
// used once, two-factor on only with its secret and recovery codes, mail only to real accounts,
// agent decisions only by an admin).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as profileRoute from "~/routes/profile";
import * as twoFactorRoute from "~/routes/auth+/two-factor";
import * as forgotRoute from "~/routes/auth+/forgot-password";
import * as resetRoute from "~/routes/auth+/reset-password";
import * as confirmRoute from "~/routes/auth+/confirm";
import * as adminVerificationRoute from "~/routes/admin+/agent-verification";
import * as logoutRoute from "~/routes/auth+/logout";
import { NAME_MAX } from "~/components/auth/auth-schemas";
import {
  createPersona,
  createRouteHarness,
  lastEmailTo,
  signedInJar,
  type CookieJar,
  type FormFields,
  type RouteHarness,
} from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { CONTROL, RUNS, expectLocalRedirect, expectStatus, form, maybe, postForm, weird } from "./fuzz-support";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const NEW_PASSWORD = "fuzzed-new-password-1";

describe.each(databaseKinds())("fuzzed account posts (%s)", (kind) => {
  let h: RouteHarness;

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it(`profile: ${RUNS} forms, never a 500, the name, phone, role, e-mail and password hash stay valid`, async () => {
    const user = await createPersona(h, "student");
    const jar = await signedInJar(h, user.id);
    let password = user.password;
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        form({
          intent: maybe(fc.constantFrom("profile", "profile", "password", "sign-out-everywhere")),
          fullName: maybe(fc.constantFrom("Brenda Ayuk", "  Élodie Ngo  ", "x".repeat(NAME_MAX), "x".repeat(NAME_MAX + 1), "   ")),
          phone: maybe(fc.constantFrom("", "677123456", "+237 690 11 22 33", "12345", "+33612345678")),
          currentPassword: maybe(fc.constantFrom("CURRENT", "CURRENT", "wrong-password")),
          newPassword: maybe(fc.constantFrom(NEW_PASSWORD, "short", "x".repeat(200))),
          role: fc.constantFrom("admin", undefined),
          email: fc.constantFrom("admin@kamernest.cm", undefined),
        }),
        async (fields) => {
          const sent: FormFields = { ...fields, currentPassword: fields.currentPassword === "CURRENT" ? password : fields.currentPassword };
          const r = await postForm(h, profileRoute, "/profile", sent, { jar });
          expectStatus(r, [302, 400, 429], "profile");
          expectLocalRedirect(r);
          seen.add(r.status);
          if (r.status === 302 && sent.intent === "password") password = String(sent.newPassword);
        },
      ),
      {
        numRuns: RUNS,
        examples: [[{ intent: "profile", fullName: "Brenda Ayuk", phone: "677123456" }], [{ intent: "profile", fullName: "   " }]],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));
    const row = await h.database.db.selectFrom("profiles").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe("student");
    expect(row.email).toBe(user.email);
    expect(row.full_name).toBe(row.full_name.trim());
    expect(row.full_name.length).toBeGreaterThan(0);
    expect([...row.full_name].length).toBeLessThanOrEqual(NAME_MAX);
    expect(CONTROL.test(row.full_name)).toBe(false);
    if (row.phone !== null) expect(row.phone).toMatch(/^\+2376\d{8}$/);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(await h.services.accounts.hasher.verify(password, row.password_hash!)).toBe(true);
  }, 180_000);

  it(`two-factor: ${RUNS} forms, never a 500, on only with its secret and recovery codes`, async () => {
    const user = await createPersona(h, "student");
    const jar = await signedInJar(h, user.id);
    const seen = new Set<number>();
    // The adapter can also make codes (the port only checks them): the test plays the phone.
    const totp = h.services.accounts.totp as unknown as { generate(secret: string): string };
    // The key is the server's, also while enrolment is pending (decision 0109): a posted `secret` is
    // an attacker's choice and must change nothing, so valid codes come from the stored key only.
    const storedCode = async () => {
      try {
        const row = await h.database.db.selectFrom("profiles").select("totp_secret").where("id", "=", user.id).executeTakeFirstOrThrow();
        // Stored secrets may be kept in another form later (encrypted): then no code is valid here.
        return row.totp_secret ? totp.generate(row.totp_secret) : "000000";
      } catch {
        return "000000";
      }
    };
    await h.get(twoFactorRoute, "/auth/two-factor", { jar });
    await fc.assert(
      fc.asyncProperty(
        form({
          intent: maybe(fc.constantFrom("enable", "enable", "disable")),
          secret: maybe(fc.constantFrom(SECRET, SECRET, "NOTBASE32!", "")),
          code: maybe(fc.constantFrom("VALID", "VALID", "123456", "12345", " VALID ")),
          userId: weird,
        }),
        async (fields) => {
          const valid = await storedCode();
          const code = typeof fields.code === "string" ? fields.code.replace("VALID", valid) : fields.code;
          const r = await postForm(h, twoFactorRoute, "/auth/two-factor", { ...fields, code }, { jar });
          expectStatus(r, [200, 302, 400, 403, 404, 409, 429], "two-factor");
          expectLocalRedirect(r);
          seen.add(r.status);
          const row = await h.database.db
            .selectFrom("profiles")
            .select(["totp_secret", "totp_enabled_at"])
            .where("id", "=", user.id)
            .executeTakeFirstOrThrow();
          // A key may wait on the server while enrolment is pending (decision 0109); two-factor on always has one.
          if (row.totp_enabled_at !== null) expect(row.totp_secret, "two-factor on without a key").not.toBeNull();
          if (row.totp_enabled_at !== null) {
            const codes = await h.database.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", user.id).execute();
            expect(codes.length).toBeGreaterThan(0);
            // Only hashes are kept, never the codes shown once.
            if (r.status === 200 && Array.isArray(r.data?.recoveryCodes))
              for (const c of codes) expect(r.data.recoveryCodes).not.toContain(c.code_hash);
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect([...seen]).toEqual(expect.arrayContaining([400]));
  }, 180_000);

  it(`forgot and reset password: ${RUNS} forms, never a 500, a token works once, no account link mailed to a stranger`, async () => {
    const user = await createPersona(h, "student");
    let token = "no-token-yet";
    let resets = 0;
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        form({
          email: maybe(fc.constantFrom(user.email, ` ${user.email.toUpperCase()} `, "nobody@kamernest.test", "not-an-email")),
        }),
        form({
          token: maybe(fc.constantFrom("TOKEN", "TOKEN", "x".repeat(201), "forged-token")),
          password: maybe(fc.constantFrom(NEW_PASSWORD, "short")),
          confirmPassword: maybe(fc.constantFrom(NEW_PASSWORD, NEW_PASSWORD, "other-password-2")),
        }),
        async (ask, forgot, reset) => {
          if (ask) {
            const r = await postForm(h, forgotRoute, "/auth/forgot-password", forgot);
            expectStatus(r, [302, 400, 429], "forgot password");
            const mail = await lastEmailTo(h, user.email);
            const link = mail?.link ? new URL(mail.link) : null;
            if (link?.searchParams.get("token")) token = link.searchParams.get("token")!;
          }
          const sent = { ...reset, token: reset.token === "TOKEN" ? token : reset.token };
          const r = await postForm(h, resetRoute, "/auth/reset-password", sent);
          expectStatus(r, [302, 400, 404, 409, 410, 429], "reset password");
          expectLocalRedirect(r);
          seen.add(r.status);
          if (r.status === 302) {
            resets += 1;
            const again = await postForm(h, resetRoute, "/auth/reset-password", sent);
            expect(again.status, "a reset token worked twice").not.toBe(302);
          }
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [true, { email: user.email }, { token: "TOKEN", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
          [false, {}, { token: "TOKEN", password: "short", confirmPassword: "short" }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));
    const row = await h.database.db.selectFrom("profiles").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const used = await h.database.db
      .selectFrom("email_tokens")
      .select("id")
      .where("user_id", "=", user.id)
      .where("used_at", "is not", null)
      .execute();
    // Each reset used its token (a new request may also retire older ones, so at least that many).
    expect(used.length).toBeGreaterThanOrEqual(resets);
    await expectMailOnlyToAccounts();
  }, 180_000);

  it(`resend confirmation: ${RUNS} forms, never a 500, no account link mailed to a stranger`, async () => {
    const unconfirmed = await createPersona(h, "student");
    await h.database.db.updateTable("profiles").set({ email_confirmed_at: null }).where("id", "=", unconfirmed.id).execute();
    await fc.assert(
      fc.asyncProperty(
        form({ email: maybe(fc.oneof(fc.constantFrom(unconfirmed.email, "nobody@kamernest.test"), fc.emailAddress())) }),
        async (fields) => {
          const r = await postForm(h, confirmRoute, "/auth/confirm", fields);
          expectStatus(r, [302, 400, 429], "resend confirmation");
          expectLocalRedirect(r);
        },
      ),
      { numRuns: RUNS },
    );
    await expectMailOnlyToAccounts();
  }, 120_000);

  async function expectMailOnlyToAccounts() {
    const emails = new Set((await h.database.db.selectFrom("profiles").select("email").execute()).map((p) => p.email));
    const outbox = await h.database.db.selectFrom("outbox_emails").select(["to_address", "text_body"]).execute();
    // An address without an account may be told that it has none (so the answer on screen is the
    // same for everyone, decision 0109), but never receives a link that acts on an account.
    for (const m of outbox) {
      if (!emails.has(m.to_address)) expect(/[?&]token=/.test(m.text_body), `a token mailed to ${m.to_address}`).toBe(false);
    }
  }

  it(`admin agent review: ${RUNS} forms, never a 500, decisions only by an admin and only on pending agents`, async () => {
    const admin = await createPersona(h, "admin");
    const student = await createPersona(h, "student");
    const agents = [];
    for (let i = 0; i < 5; i++) agents.push(await createPersona(h, "pendingAgent"));
    const approved = await createPersona(h, "approvedAgent");
    const jars: Array<{ jar: CookieJar; admin: boolean }> = [
      { jar: await signedInJar(h, admin.id), admin: true },
      { jar: await signedInJar(h, student.id), admin: false },
    ];
    const ids = [...agents.map((a) => a.id), approved.id, student.id];
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(jars.length - 1),
        form({
          intent: maybe(fc.constantFrom("approve", "reject")),
          agentId: maybe(fc.constantFrom(...ids)),
          reason: maybe(fc.constantFrom("Blurry licence", "   ", "x".repeat(1001))),
          confirmed: maybe(fc.constantFrom("yes", "no")),
          overrideReason: maybe(fc.constantFrom("Met the agent at their office", "   ", "x".repeat(1001))),
          adminId: weird,
        }),
        async (who, fields) => {
          const r = await postForm(h, adminVerificationRoute, "/admin/agent-verification", fields, { jar: jars[who].jar });
          expectStatus(r, jars[who].admin ? [302, 400, 403, 404, 409] : [302, 403], "agent review");
          expectLocalRedirect(r);
          if (!jars[who].admin) expect(r.location).not.toBe("/admin/agent-verification");
          seen.add(r.status);
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [0, { intent: "approve", agentId: agents[0].id, confirmed: "yes", overrideReason: "Met the agent at their office" }],
          [0, { intent: "reject", agentId: agents[1].id, reason: "   " }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));
    const rows = await h.database.db.selectFrom("agents").selectAll().execute();
    for (const a of rows) {
      expect(["unsubmitted", "pending", "approved", "rejected"]).toContain(a.verification_status);
      if (a.verification_status === "rejected" && ids.includes(a.user_id)) {
        expect(a.rejection_reason?.trim()).toBe(a.rejection_reason);
        expect(a.rejection_reason?.length).toBeGreaterThan(0);
        expect(a.rejection_reason!.length).toBeLessThanOrEqual(1000);
      }
    }
    const student_ = await h.database.db.selectFrom("profiles").select("role").where("id", "=", student.id).executeTakeFirstOrThrow();
    expect(student_.role).toBe("student");
    const decisions = await h.database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "in", ["admin.agent_approved", "admin.agent_rejected"])
      .execute();
    for (const d of decisions) expect(d.actor_id).toBe(admin.id);
    // Every decision is on an agent that was pending: at most one per pending agent, none on the approved one.
    const decided = decisions.map((d) => (typeof d.data === "string" ? JSON.parse(d.data) : d.data).target as string);
    expect(new Set(decided).size).toBe(decided.length);
    expect(decided).not.toContain(`agent:${approved.id}`);
  }, 180_000);

  it("logout: whatever the form, a redirect home and the session gone", async () => {
    const user = await createPersona(h, "student");
    await fc.assert(
      fc.asyncProperty(
        form({ redirectTo: fc.option(weird, { nil: undefined }), sessionId: fc.option(weird, { nil: undefined }) }),
        async (fields) => {
          const jar = await signedInJar(h, user.id);
          const r = await postForm(h, logoutRoute, "/auth/logout", fields, { jar });
          expectStatus(r, [302], "logout");
          expect(r.location).toBe("/");
        },
      ),
      { numRuns: Math.ceil(RUNS / 4) },
    );
    const sessions = await h.database.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(sessions).toEqual([]);
  }, 60_000);
});
