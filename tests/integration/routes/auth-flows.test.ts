// The accounts routes end to end through their loaders and actions, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL: sign-up, confirmation, login with the exact messages, the
// throttle, redirectTo, two-step sign-in, logout, password reset, profile and agent verification.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminAgentVerification from "~/routes/admin+/agent-verification";
import * as adminOutbox from "~/routes/admin+/outbox";
import * as agentVerification from "~/routes/auth+/agent-verification";
import * as confirm from "~/routes/auth+/confirm";
import * as forgotPassword from "~/routes/auth+/forgot-password";
import * as login from "~/routes/auth+/login";
import * as logout from "~/routes/auth+/logout";
import * as resetPassword from "~/routes/auth+/reset-password";
import * as signup from "~/routes/auth+/signup";
import * as twoFactor from "~/routes/auth+/two-factor";
import * as home from "~/routes/_index";
import * as profile from "~/routes/profile";
import { languageCookie } from "~/utils/preferences.server";
import { OtplibTotpAuthenticator } from "#infrastructure/auth/otplib-totp-authenticator";
import { allDatabaseKinds, databaseSuites } from "../../support/test-database";
import {
  CookieJar,
  createPersona,
  createRouteHarness,
  lastEmailTo,
  signedInJar,
  tinyPdf,
  type RouteHarness,
} from "../../support/route-harness";

const formError = (result: { data: any }): string[] => result.data?.result?.error?.[""] ?? result.data?.error?.[""] ?? [];
const otp = new OtplibTotpAuthenticator();

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "accounts routes (%s)")) {
  describe.skipIf(skip)(title, () => {
    let h: RouteHarness;
    beforeAll(async () => {
      h = await createRouteHarness({ kind });
    });
    afterAll(async () => {
      await h.close();
    });

    const signIn = (email: string, password: string, jar = new CookieJar(), redirectTo?: string) =>
      h.post(login, "/auth/login", { intent: "password", email, password, ...(redirectTo ? { redirectTo } : {}) }, { jar });

    it("signs up, confirms through the e-mailed link, then signs in and out", async () => {
      const email = `Ada.${kind}@Example.CM`;
      const jar = new CookieJar();
      const created = await h.post(
        signup,
        "/auth/signup",
        {
          name: "  Ada Nkeng ",
          email,
          phone: "677 12 34 56",
          password: "secret1",
          agreeToTerms: "on",
          agreeToPrivacy: "on",
          accountKind: "student",
        },
        { jar },
      );
      expect(created.status).toBe(302);
      expect(created.location).toBe("/auth/login");
      const row = await h.database.db.selectFrom("profiles").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ full_name: "Ada Nkeng", phone: "+237677123456", role: "student", email_confirmed_at: null });

      const early = await signIn(email, "secret1");
      expect(early.status).toBe(400);
      expect(formError(early)).toEqual(["Please check your email and click the confirmation link before signing in."]);

      const mail = await lastEmailTo(h, email.toLowerCase());
      expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?token=/);
      const confirmed = await h.get(confirm, mail!.link!, { jar });
      expect(confirmed.location).toBe("/auth/login");
      const again = await h.get(confirm, mail!.link!);
      expect(again.status).toBe(400);
      expect(again.data.error).toBe("This link is invalid or has already been used.");

      const signedIn = await signIn(email, "secret1", jar);
      expect(signedIn.status).toBe(302);
      expect(signedIn.location).toBe("/");
      const sessionsBefore = await h.database.db.selectFrom("sessions").select("id").where("user_id", "=", row.id).execute();
      expect(sessionsBefore).toHaveLength(1);

      const out = await h.post(logout, "/auth/logout", {}, { jar });
      expect(out.location).toBe("/");
      const sessionsAfter = await h.database.db.selectFrom("sessions").select("id").where("user_id", "=", row.id).execute();
      expect(sessionsAfter).toHaveLength(0);
      expect((await h.get(profile, "/profile", { jar })).location).toBe("/auth/login?redirectTo=%2Fprofile");
    });

    it("gives the exact messages for missing fields, a short password, the terms and a taken e-mail", async () => {
      const missing = await h.post(signup, "/auth/signup", { email: "x@y.cm", agreeToTerms: "on", agreeToPrivacy: "on" });
      expect(missing.status).toBe(400);
      expect(missing.data.error.name).toEqual(["auth:errors.required_fields"]);
      const short = await h.post(signup, "/auth/signup", {
        name: "A",
        email: "x@y.cm",
        password: "12345",
        agreeToTerms: "on",
        agreeToPrivacy: "on",
      });
      expect(short.data.error.password).toEqual(["auth:errors.password_too_short"]);
      const terms = await h.post(signup, "/auth/signup", { name: "A", email: "x@y.cm", password: "123456", agreeToTerms: "on" });
      expect(terms.data.error.agreeToPrivacy).toEqual(["auth:errors.agree_privacy"]);
      // Neither box ticked: each says what it is for, not the same sentence twice (issue 32).
      const neither = await h.post(signup, "/auth/signup", { name: "A", email: "x@y.cm", password: "123456" });
      expect(neither.data.error.agreeToTerms).toEqual(["auth:errors.agree_terms"]);
      expect(neither.data.error.agreeToPrivacy).toEqual(["auth:errors.agree_privacy"]);
      const existing = await createPersona(h, "student");
      // A confirmed address is not reported as taken (no account enumeration): see auth-hardening.test.ts.
      const taken = await h.post(signup, "/auth/signup", {
        name: "A",
        email: existing.email.toUpperCase(),
        password: "123456",
        agreeToTerms: "on",
        agreeToPrivacy: "on",
      });
      expect(taken.status).toBe(302);
      expect(taken.location).toBe("/auth/login");

      const empty = await h.post(login, "/auth/login", { intent: "password" });
      expect(empty.status).toBe(400);
      expect(empty.data.result.error.email).toEqual(["auth:errors.required_fields_login"]);
    });

    it("answers a wrong password and an unknown e-mail the same, then throttles with 429", async () => {
      const user = await createPersona(h, "student");
      const wrong = await signIn(user.email, "not-the-password");
      expect(wrong.status).toBe(400);
      expect(formError(wrong)).toEqual(["Invalid email or password. Please check your credentials and try again."]);
      const unknown = await signIn(`nobody-${kind}@route.test`, "whatever");
      expect(formError(unknown)).toEqual(formError(wrong));
      for (let i = 0; i < 4; i += 1) await signIn(user.email, "still-wrong");
      const locked = await signIn(user.email, user.password);
      expect(locked.status).toBe(429);
      expect(formError(locked)).toEqual(["Too many attempts. Please wait 15 minutes and try again."]);
    });

    it("keeps redirectTo through login, and never leaves the site", async () => {
      const user = await createPersona(h, "student");
      const page = await h.get(login, "/auth/login?redirectTo=%2Fprofile%3Ftab%3D1");
      expect(page.data.redirectTo).toBe("/profile?tab=1");
      const back = await signIn(user.email, user.password, new CookieJar(), "/profile?tab=1");
      expect(back.location).toBe("/profile?tab=1");
      for (const evil of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
        expect((await signIn(user.email, user.password, new CookieJar(), evil)).location).toBe("/");
      }
      // Already signed in: the login page sends on.
      const jar = await signedInJar(h, user.id);
      expect((await h.get(login, "/auth/login?redirectTo=%2Fprofile", { jar })).location).toBe("/profile");
    });

    it("lands an approved agent on the portal and a host on the host area, unless a page was asked for (decision 0208)", async () => {
      const agent = await createPersona(h, "approvedAgent");
      expect((await h.get(login, "/auth/login")).data.redirectTo).toBe("");
      expect((await signIn(agent.email, agent.password)).location).toBe("/agents/properties");
      expect((await signIn(agent.email, agent.password, new CookieJar(), "/listings")).location).toBe("/listings");
      const pending = await createPersona(h, "pendingAgent");
      expect((await signIn(pending.email, pending.password)).location).toBe("/");
      const host = await createPersona(h, "student");
      await h.database.db
        .insertInto("host_verifications")
        .values({
          id: `hv-${host.id}`,
          host_id: host.id,
          submitted_at: new Date().toISOString(),
          reviewed_at: null,
          reviewed_by: null,
          reject_reason: null,
        })
        .execute();
      expect((await signIn(host.email, host.password)).location).toBe("/host");
    });

    it("prompts an agent to be verified from the home page; an agent's profile has no student tools", async () => {
      const pending = await createPersona(h, "unsubmittedAgent");
      const pendingJar = await signedInJar(h, pending.id);
      expect((await h.get(home, "/", { jar: pendingJar })).data.agentVerification).toBe("todo");
      const student = await createPersona(h, "student");
      const studentJar = await signedInJar(h, student.id);
      expect((await h.get(home, "/", { jar: studentJar })).data.agentVerification).toBeNull();
      expect((await h.get(profile, "/profile", { jar: studentJar })).data.user.studentTools).toBe(true);
      const agent = await createPersona(h, "approvedAgent");
      expect((await h.get(profile, "/profile", { jar: await signedInJar(h, agent.id) })).data.user.studentTools).toBe(false);
    });

    it("rotates the session id at login and revokes the old one", async () => {
      const user = await createPersona(h, "student");
      const jar = await signedInJar(h, user.id);
      const before = jar.get("kn_session");
      await signIn(user.email, user.password, jar);
      expect(jar.get("kn_session")).not.toBe(before);
      const sessions = await h.database.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
      expect(sessions).toHaveLength(1);
    });

    it("enrols TOTP, then asks for a code (or a recovery code) at the next login", async () => {
      const user = await createPersona(h, "student");
      const jar = await signedInJar(h, user.id);
      const page = await h.get(twoFactor, "/auth/two-factor", { jar });
      const secret: string = page.data.enrolment.secret;
      expect(page.data.enrolment.qrSvg).toContain("<svg");
      const wrong = await h.post(twoFactor, "/auth/two-factor", { intent: "enable", secret, code: "000000" }, { jar });
      expect(wrong.status).toBe(400);
      expect(wrong.data.enrolment.secret).toBe(secret);
      const enabled = await h.post(twoFactor, "/auth/two-factor", { intent: "enable", secret, code: otp.generate(secret) }, { jar });
      const codes: string[] = enabled.data.recoveryCodes;
      expect(codes).toHaveLength(10);

      const first = await signIn(user.email, user.password);
      expect(first.status).toBe(200);
      const token: string = first.data.totp.pendingLoginToken;
      expect(token).toBeTruthy();
      const bad = await h.post(login, "/auth/login", { intent: "totp", pendingLoginToken: token, code: "123456" });
      expect(bad.status).toBe(400);
      expect(formError(bad)).toEqual(["The code is not valid. Please try again."]);
      expect(bad.data.totp.pendingLoginToken).toBe(token);
      const good = await h.post(login, "/auth/login", {
        intent: "totp",
        pendingLoginToken: token,
        code: otp.generate(secret),
        redirectTo: "/profile",
      });
      expect(good.status).toBe(302);
      expect(good.location).toBe("/profile");
      const reused = await h.post(login, "/auth/login", { intent: "totp", pendingLoginToken: token, code: otp.generate(secret) });
      expect(formError(reused)).toEqual(["Your sign-in has expired. Please sign in again."]);
      expect(reused.data.totp).toBeNull();

      const second = await signIn(user.email, user.password);
      const recovery = await h.post(login, "/auth/login", {
        intent: "totp",
        pendingLoginToken: second.data.totp.pendingLoginToken,
        code: codes[0].toUpperCase(),
      });
      expect(recovery.status).toBe(302);

      const off = await h.post(twoFactor, "/auth/two-factor", { intent: "disable", code: otp.generate(secret) }, { jar });
      expect(off.location).toBe("/auth/two-factor");
      expect((await signIn(user.email, user.password)).status).toBe(302);
    });

    it("resets a forgotten password through the e-mailed link and signs out everywhere", async () => {
      const user = await createPersona(h, "student");
      const jar = await signedInJar(h, user.id);
      const asked = await h.post(forgotPassword, "/auth/forgot-password", { email: user.email });
      expect(asked.location).toBe("/auth/login");
      const unknown = await h.post(forgotPassword, "/auth/forgot-password", { email: `ghost-${kind}@route.test` });
      expect(unknown.location).toBe("/auth/login");
      const mail = await lastEmailTo(h, user.email);
      const token = new URL(mail!.link!).searchParams.get("token")!;
      const mismatch = await h.post(resetPassword, "/auth/reset-password", { token, password: "new-secret", confirmPassword: "other" });
      expect(mismatch.data.error.confirmPassword).toEqual(["auth:errors.passwords_do_not_match"]);
      const done = await h.post(resetPassword, "/auth/reset-password", { token, password: "new-secret", confirmPassword: "new-secret" });
      expect(done.location).toBe("/auth/login");
      expect((await h.get(profile, "/profile", { jar })).status).toBe(302);
      expect((await signIn(user.email, "new-secret")).status).toBe(302);
      const reused = await h.post(resetPassword, "/auth/reset-password", { token, password: "again-1", confirmPassword: "again-1" });
      expect(formError(reused)).toEqual(["This link is invalid or has already been used."]);
    });

    it("edits the profile, changes the password and signs out other devices", async () => {
      const user = await createPersona(h, "student");
      const here = await signedInJar(h, user.id);
      const elsewhere = await signedInJar(h, user.id);
      const saved = await h.post(
        profile,
        "/profile",
        { intent: "profile", fullName: "Brenda A.", phone: "+237 670 11 22 33" },
        { jar: here },
      );
      expect(saved.location).toBe("/profile");
      const page = await h.get(profile, "/profile", { jar: here });
      expect(page.data.user).toMatchObject({ name: "Brenda A.", phone: "+237670112233" });
      const badPhone = await h.post(profile, "/profile", { intent: "profile", fullName: "B", phone: "12" }, { jar: here });
      expect(badPhone.status).toBe(400);

      const wrong = await h.post(
        profile,
        "/profile",
        { intent: "password", currentPassword: "nope", newPassword: "brand-new" },
        { jar: here },
      );
      expect(formError(wrong)).toEqual(["Your current password is not correct."]);
      const changed = await h.post(
        profile,
        "/profile",
        { intent: "password", currentPassword: user.password, newPassword: "brand-new" },
        { jar: here },
      );
      expect(changed.location).toBe("/profile");
      expect((await h.get(profile, "/profile", { jar: elsewhere })).status).toBe(302);
      expect((await h.get(profile, "/profile", { jar: here })).status).toBe(200);

      const other = await signedInJar(h, user.id);
      await h.post(profile, "/profile", { intent: "sign-out-everywhere" }, { jar: here });
      expect((await h.get(profile, "/profile", { jar: other })).status).toBe(302);
      expect((await h.get(profile, "/profile", { jar: here })).status).toBe(200);
    });

    it("takes an agent's verification with documents, and the admin approves it", async () => {
      const agent = await createPersona(h, "unsubmittedAgent");
      const jar = await signedInJar(h, agent.id);
      const fields = {
        businessName: "Mbah Estates",
        licenseNumber: "SW/BU/2024/117",
        specializations: ["studios", "apartments"],
        businessPhone: "6 77 00 11 22",
        businessEmail: "Office@Mbah.cm",
        businessAddress: "Bonduma, Buea",
        websiteUrl: "https://mbah.cm",
      };
      const tooBig = await h.post(
        agentVerification,
        "/auth/agent-verification",
        { ...fields, documents: tinyPdf("big.pdf", 5 * 1024 * 1024) },
        { jar },
      );
      expect(tooBig.status).toBe(400);
      expect(tooBig.data.error.documents).toEqual(["auth:errors.document_too_large"]);
      const notPdf = await h.post(
        agentVerification,
        "/auth/agent-verification",
        { ...fields, documents: new File(["MZ..."], "virus.pdf") },
        { jar },
      );
      expect(notPdf.status).toBe(400);
      expect(formError(notPdf)).toEqual(["Documents must be PDF, JPEG or PNG files."]);

      const sent = await h.post(
        agentVerification,
        "/auth/agent-verification",
        { ...fields, documents: [tinyPdf("licence.pdf"), tinyPdf("id.pdf")] },
        { jar },
      );
      expect(sent.status).toBe(302);
      expect(sent.location).toBe("/auth/agent-verification");
      const row = await h.database.db.selectFrom("agents").selectAll().where("user_id", "=", agent.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ verification_status: "pending", business_phone: "+237677001122", business_email: "office@mbah.cm" });
      const docs = await h.database.db.selectFrom("agent_documents").selectAll().where("agent_id", "=", agent.id).execute();
      expect(docs.map((d) => d.original_name).sort()).toEqual(["id.pdf", "licence.pdf"]);

      const admin = await createPersona(h, "admin");
      const adminJar = await signedInJar(h, admin.id);
      const queue = await h.get(adminAgentVerification, "/admin/agent-verification", { jar: adminJar });
      expect(queue.data.agents.map((a: { id: string }) => a.id)).toContain(agent.id);
      const noReason = await h.post(
        adminAgentVerification,
        "/admin/agent-verification",
        { intent: "reject", agentId: agent.id, reason: " " },
        { jar: adminJar },
      );
      expect(noReason.status).toBe(400);
      // Approving asks for confirmation (a required checkbox, issue 33).
      const unconfirmed = await h.post(
        adminAgentVerification,
        "/admin/agent-verification",
        { intent: "approve", agentId: agent.id },
        { jar: adminJar },
      );
      expect(unconfirmed.status).toBe(400);
      const approved = await h.post(
        adminAgentVerification,
        "/admin/agent-verification",
        { intent: "approve", agentId: agent.id, confirmed: "yes" },
        { jar: adminJar },
      );
      expect(approved.location).toBe("/admin/agent-verification");
      expect((await lastEmailTo(h, agent.email))?.subject).toBe("Your KamerNest agent account is verified");
      const twice = await h.post(
        adminAgentVerification,
        "/admin/agent-verification",
        { intent: "approve", agentId: agent.id, confirmed: "yes" },
        { jar: adminJar },
      );
      expect(twice.status).toBe(400);
      expect(formError(twice)).toEqual(["This verification is not waiting for review."]);

      const outbox = await h.get(adminOutbox, "/admin/outbox", { jar: adminJar });
      expect(outbox.data.emails.length).toBeGreaterThan(0);
    });

    it("shows a translated message in French", async () => {
      const wrong = await h.post(
        login,
        "/auth/login",
        { intent: "password", email: "x@y.cm", password: "nope" },
        {
          headers: { Cookie: (await languageCookie.serialize("fr")).split(";")[0] },
        },
      );
      expect(formError(wrong)).toEqual(["E-mail ou mot de passe incorrect. Veuillez vérifier vos identifiants et réessayer."]);
    });
  });
}
