// Accounts hardening through the routes, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: open
// redirects, account pre-hijacking, enumeration, rate limits (429, translated), the server-kept
// TOTP key and the message shown when login or sign-up fails unexpectedly.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as confirm from "~/routes/auth+/confirm";
import * as forgotPassword from "~/routes/auth+/forgot-password";
import * as login from "~/routes/auth+/login";
import * as signup from "~/routes/auth+/signup";
import * as twoFactor from "~/routes/auth+/two-factor";
import * as profile from "~/routes/profile";
import { languageCookie } from "~/utils/preferences.server";
import { OtplibTotpAuthenticator } from "#infrastructure/auth/otplib-totp-authenticator";
import { databaseKinds } from "../../support/test-database";
import { CookieJar, createPersona, createRouteHarness, lastEmailTo, signedInJar, type RouteHarness } from "../../support/route-harness";

const formError = (result: { data: any }): string[] => result.data?.result?.error?.[""] ?? result.data?.error?.[""] ?? [];
const otp = new OtplibTotpAuthenticator();
const french = async () => ({ Cookie: (await languageCookie.serialize("fr")).split(";")[0] });
const TOO_MANY_EN = "Too many attempts. Please wait 15 minutes and try again.";
const TOO_MANY_FR = "Trop de tentatives. Veuillez patienter 15 minutes avant de réessayer.";

for (const kind of databaseKinds()) {
  describe(`accounts hardening routes (${kind})`, () => {
    let h: RouteHarness;
    let n = 0;
    const fresh = (label: string) => `${label}-${(n += 1)}-${kind}@hardening.test`;
    beforeAll(async () => {
      h = await createRouteHarness({ kind });
    });
    afterAll(async () => {
      await h.close();
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    const signUpAs = (email: string, password: string, name = "Ada Nkeng", headers: Record<string, string> = {}) =>
      h.post(
        signup,
        "/auth/signup",
        { name, email, password, agreeToTerms: "on", agreeToPrivacy: "on", accountKind: "student" },
        { headers },
      );
    const signIn = (email: string, password: string, redirectTo?: string, headers: Record<string, string> = {}) =>
      h.post(
        login,
        "/auth/login",
        { intent: "password", email, password, ...(redirectTo ? { redirectTo } : {}) },
        { jar: new CookieJar(), headers },
      );
    const confirmToken = async (email: string) => {
      const mail = await lastEmailTo(h, email);
      const token = mail?.link ? new URL(mail.link).searchParams.get("token") : null;
      if (!token) throw new Error(`no confirmation link for ${email}`);
      return token;
    };

    it("never redirects off the site after login, whatever the redirectTo trick", async () => {
      const user = await createPersona(h, "student");
      for (const target of ["/\t/evil.example", "/\n/evil.example", "/.//evil.example", "/\\evil.example", "//evil.example"]) {
        const page = await h.get(login, `/auth/login?${new URLSearchParams({ redirectTo: target })}`);
        expect(page.data.redirectTo).toBe("/");
        const signedIn = await signIn(user.email, user.password, target);
        expect(signedIn.status).toBe(302);
        expect(signedIn.location).toBe("/");
      }
    });

    it("a second sign-up with a pending address replaces the first: the squatter's password and link die", async () => {
      const email = fresh("victim");
      expect((await signUpAs(email, "squatter-pw", "Squatter")).status).toBe(302);
      const squatterToken = await confirmToken(email);
      const owner = await signUpAs(email, "owner-password", "Real Owner");
      expect(owner.status).toBe(302);
      expect(owner.location).toBe("/auth/login");
      const ownerToken = await confirmToken(email);

      const stale = await h.get(confirm, `/auth/confirm?token=${encodeURIComponent(squatterToken)}`);
      expect(stale.status).toBe(400);
      expect((await h.get(confirm, `/auth/confirm?token=${encodeURIComponent(ownerToken)}`)).status).toBe(302);

      expect((await signIn(email, "squatter-pw")).status).toBe(400);
      expect((await signIn(email, "owner-password")).status).toBe(302);
      const row = await h.database.db.selectFrom("profiles").select(["full_name"]).where("email", "=", email).executeTakeFirstOrThrow();
      expect(row.full_name).toBe("Real Owner");
    });

    it("answers sign-up for a confirmed address exactly like a new one and e-mails the owner", async () => {
      const owner = await createPersona(h, "student");
      const newcomer = fresh("newcomer");
      const forNew = await signUpAs(newcomer, "secret1");
      const forTaken = await signUpAs(owner.email.toUpperCase(), "attacker-pw");
      expect({ status: forTaken.status, location: forTaken.location, data: forTaken.data }).toEqual({
        status: forNew.status,
        location: forNew.location,
        data: forNew.data,
      });
      expect((await lastEmailTo(h, owner.email))?.subject).toBe("Someone tried to sign up with your KamerNest email");
      expect((await signIn(owner.email, "attacker-pw")).status).toBe(400);
      expect((await signIn(owner.email, owner.password)).status).toBe(302);
    });

    it("answers a reset for an unknown address like a known one", async () => {
      const owner = await createPersona(h, "student");
      const ghost = fresh("ghost");
      const known = await h.post(forgotPassword, "/auth/forgot-password", { email: owner.email });
      const unknown = await h.post(forgotPassword, "/auth/forgot-password", { email: ghost });
      expect({ status: unknown.status, location: unknown.location }).toEqual({ status: known.status, location: known.location });
      expect((await lastEmailTo(h, owner.email))?.text).toContain("/auth/reset-password?token=");
      expect((await lastEmailTo(h, ghost))?.text).not.toContain("token=");
    });

    it("limits sign-ups per address with a 429 and a translated message", async () => {
      const email = fresh("flood");
      for (let i = 0; i < 5; i += 1) expect((await signUpAs(email, "secret1")).status).toBe(302);
      const limited = await signUpAs(email, "secret1");
      expect(limited.status).toBe(429);
      expect(formError(limited)).toEqual([TOO_MANY_EN]);
      const inFrench = await signUpAs(email, "secret1", "Ada", await french());
      expect(inFrench.status).toBe(429);
      expect(formError(inFrench)).toEqual([TOO_MANY_FR]);
    });

    it("limits resending the confirmation per address with a 429", async () => {
      const email = fresh("resend");
      for (let i = 0; i < 3; i += 1) expect((await h.post(confirm, "/auth/confirm", { email })).status).toBe(302);
      const limited = await h.post(confirm, "/auth/confirm", { email });
      expect(limited.status).toBe(429);
      expect(formError(limited)).toEqual([TOO_MANY_EN]);
    });

    it("limits wrong current passwords on the change-password form with a 429", async () => {
      const user = await createPersona(h, "student");
      const jar = await signedInJar(h, user.id);
      const change = (currentPassword: string) =>
        h.post(
          profile,
          "/profile",
          { intent: "password", currentPassword, newPassword: "brand-new-pw", confirmPassword: "brand-new-pw" },
          { jar },
        );
      for (let i = 0; i < 5; i += 1) expect((await change(`guess-${i}`)).status).toBe(400);
      const limited = await change(user.password);
      expect(limited.status).toBe(429);
      expect(formError(limited)).toEqual([TOO_MANY_EN]);
    });

    it("enrols two-step verification only with the key the server made, never one posted back", async () => {
      const user = await createPersona(h, "student");
      const jar = await signedInJar(h, user.id);
      const page = await h.get(twoFactor, "/auth/two-factor", { jar });
      const serverKey: string = page.data.enrolment.secret;
      // The same key on the next visit: a key already scanned keeps working.
      expect((await h.get(twoFactor, "/auth/two-factor", { jar })).data.enrolment.secret).toBe(serverKey);

      const chosen = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
      const forged = await h.post(twoFactor, "/auth/two-factor", { intent: "enable", secret: chosen, code: otp.generate(chosen) }, { jar });
      expect(forged.status).toBe(400);
      expect(forged.data.enrolment.secret).toBe(serverKey);
      const row = await h.database.db
        .selectFrom("profiles")
        .select(["totp_secret", "totp_enabled_at"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ totp_secret: serverKey, totp_enabled_at: null });

      const enabled = await h.post(twoFactor, "/auth/two-factor", { intent: "enable", code: otp.generate(serverKey) }, { jar });
      expect(enabled.status).toBe(200);
      expect(enabled.data.recoveryCodes).toHaveLength(10);
    });

    it("shows 'An error occurred during login/signup' (en and fr) when sign-up or login fails unexpectedly", async () => {
      const user = await createPersona(h, "student");
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(h.services.accounts.hasher, "hash").mockRejectedValue(new Error("hasher exploded"));
      const failed = await signUpAs(fresh("boom"), "secret1");
      expect(failed.status).toBe(500);
      expect(formError(failed)).toEqual(["An error occurred during login/signup"]);
      const enFrancais = await signUpAs(fresh("boom"), "secret1", "Ada", await french());
      expect(formError(enFrancais)).toEqual(["Une erreur est survenue lors de la connexion/de l'inscription"]);

      vi.spyOn(h.services.accounts.hasher, "verify").mockRejectedValue(new Error("database gone"));
      const loginFailed = await signIn(user.email, user.password);
      expect(loginFailed.status).toBe(500);
      expect(formError(loginFailed)).toEqual(["An error occurred during login/signup"]);
      expect(errors).toHaveBeenCalled();
    });
  });
}
