// "Continue with Google" through remix-auth-google against the fake provider: the whole OAuth2
// round trip (state cookie, code, token, user info), then the loginWithGoogle use case.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as google from "~/routes/auth+/google";
import * as googleCallback from "~/routes/auth+/google_.callback";
import * as login from "~/routes/auth+/login";
import * as signup from "~/routes/auth+/signup";
import { OtplibTotpAuthenticator } from "#infrastructure/auth/otplib-totp-authenticator";
import { startFakeGoogleProvider, type FakeGoogleProvider } from "../../support/fake-google-provider";
import { CookieJar, createPersona, createRouteHarness, type RouteHarness } from "../../support/route-harness";

describe("Google sign-in", () => {
  let provider: FakeGoogleProvider;
  let h: RouteHarness;

  beforeAll(async () => {
    provider = await startFakeGoogleProvider();
    h = await createRouteHarness({ env: provider.env });
  });
  afterAll(async () => {
    await h.close();
    await provider.close();
  });

  /** Posts to /auth/google, follows the provider's consent redirect and calls the callback. */
  async function roundTrip(jar: CookieJar, redirectTo = "/") {
    const start = await h.post(google, "/auth/google", { redirectTo }, { jar });
    expect(start.status).toBe(302);
    expect(start.location).toMatch(new RegExp(`^${provider.origin}/authorize\\?`));
    const consent = await fetch(start.location!, { redirect: "manual" });
    const callback = consent.headers.get("Location")!;
    expect(callback).toMatch(/^http:\/\/localhost:3000\/auth\/google\/callback\?/);
    return h.get(googleCallback, callback, { jar });
  }

  it("shows the button only when Google is configured", async () => {
    expect((await h.get(login, "/auth/login")).data.googleEnabled).toBe(true);
    expect((await h.get(signup, "/auth/signup")).data.googleEnabled).toBe(true);
    const plain = await createRouteHarness();
    try {
      expect((await plain.get(login, "/auth/login")).data.googleEnabled).toBe(false);
      expect((await plain.post(google, "/auth/google", {})).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("creates a confirmed student on the first sign-in and returns to redirectTo", async () => {
    provider.setProfile({ sub: "g-new", email: "New.Person@Gmail.test", email_verified: true, name: "New Person" });
    const jar = new CookieJar();
    const done = await roundTrip(jar, "/profile");
    expect(done.status).toBe(302);
    expect(done.location).toBe("/profile");
    expect(jar.get("kn_session")).toBeTruthy();
    const row = await h.database.db
      .selectFrom("profiles")
      .selectAll()
      .where("email", "=", "new.person@gmail.test")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: "student", google_id: "g-new", full_name: "New Person", password_hash: null });
    expect(row.email_confirmed_at).not.toBeNull();
    // The provider got the client secret, our callback URL and a state.
    const authorize = provider.requests.find((r) => r.url.startsWith("/authorize"))!;
    expect(new URL(authorize.url, provider.origin).searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/google/callback");
  });

  it("lands an approved agent on the portal and a host on the host area, as a password sign-in does, unless a page was asked for", async () => {
    const agent = await createPersona(h, "approvedAgent", { email: "agent.google@gmail.test" });
    provider.setProfile({ sub: "g-agent", email: "agent.google@gmail.test", email_verified: true, name: "Agent" });
    // The login page's Google button sends an empty redirectTo when no page was asked for.
    expect((await roundTrip(new CookieJar(), "")).location).toBe("/agents/properties");
    expect((await roundTrip(new CookieJar(), "/listings")).location).toBe("/listings");
    expect(agent.id).toBeTruthy();

    const host = await createPersona(h, "student", { email: "host.google@gmail.test" });
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
    provider.setProfile({ sub: "g-host", email: "host.google@gmail.test", email_verified: true, name: "Host" });
    expect((await roundTrip(new CookieJar(), "")).location).toBe("/host");

    provider.setProfile({ sub: "g-student", email: "student.google@gmail.test", email_verified: true, name: "Student" });
    expect((await roundTrip(new CookieJar(), "")).location).toBe("/");
  });

  it("links an existing account by its verified e-mail, and asks for the TOTP code when enabled", async () => {
    const user = await createPersona(h, "student", { email: "linked@gmail.test" });
    const otp = new OtplibTotpAuthenticator();
    const secret = otp.generateSecret();
    await h.services.accounts.repos.accounts.update(user.id, { totpSecret: secret, totpEnabledAt: new Date(), updatedAt: new Date() });
    provider.setProfile({ sub: "g-linked", email: "linked@gmail.test", email_verified: true, name: "Linked" });
    const jar = new CookieJar();
    const step = await roundTrip(jar);
    expect(step.status).toBe(200);
    const token: string = step.data.totp.pendingLoginToken;
    const done = await h.post(
      login,
      "/auth/login",
      { intent: "totp", pendingLoginToken: token, code: otp.generate(secret), redirectTo: step.data.totp.redirectTo },
      { jar },
    );
    expect(done.status).toBe(302);
    const row = await h.database.db.selectFrom("profiles").select("google_id").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.google_id).toBe("g-linked");
  });

  it("claims a squatted, never-confirmed address: the squatter's password and the ADMIN_EMAILS role are the owner's alone", async () => {
    // A harness whose allow-list holds the address the squatter types first.
    const admins = await createRouteHarness({ env: { ...provider.env, ADMIN_EMAILS: "boss@gmail.test" } });
    try {
      const squatted = await admins.post(signup, "/auth/signup", {
        name: "Squatter",
        email: "boss@gmail.test",
        password: "squatter-pw",
        agreeToTerms: "on",
        agreeToPrivacy: "on",
        accountKind: "student",
      });
      expect(squatted.status).toBe(302);
      provider.setProfile({ sub: "g-boss", email: "boss@gmail.test", email_verified: true, name: "The Boss" });
      const jar = new CookieJar();
      const start = await admins.post(google, "/auth/google", { redirectTo: "/" }, { jar });
      const consent = await fetch(start.location!, { redirect: "manual" });
      const done = await admins.get(googleCallback, consent.headers.get("Location")!, { jar });
      expect(done.status).toBe(302);
      const row = await admins.database.db
        .selectFrom("profiles")
        .selectAll()
        .where("email", "=", "boss@gmail.test")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: "admin", google_id: "g-boss", password_hash: null, full_name: "The Boss" });
      const squatterLogin = await admins.post(login, "/auth/login", {
        intent: "password",
        email: "boss@gmail.test",
        password: "squatter-pw",
      });
      expect(squatterLogin.status).toBe(400);
      expect(squatterLogin.data.result.error[""]).toEqual(["Invalid email or password. Please check your credentials and try again."]);
    } finally {
      await admins.close();
    }
  });

  it("answers 'An error occurred during Google login' instead of a 500 when our side fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const findByGoogleId = vi.spyOn(h.services.accounts.repos.accounts, "findByGoogleId").mockRejectedValue(new Error("database gone"));
    try {
      provider.setProfile({ sub: "g-boom", email: "boom@gmail.test", email_verified: true, name: "Boom" });
      const done = await roundTrip(new CookieJar());
      expect(done.status).toBe(500);
      expect(done.data.error).toBe("An error occurred during Google login");
      expect(error).toHaveBeenCalled();
    } finally {
      findByGoogleId.mockRestore();
      error.mockRestore();
    }
  });

  it("refuses an unverified e-mail, a refused consent, a failed token exchange and a forged state with the translated message", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      provider.setProfile({ sub: "g-unverified", email: "someone@gmail.test", email_verified: false, name: "X" });
      const unverified = await roundTrip(new CookieJar());
      expect(unverified.status).toBe(400);
      expect(unverified.data.error).toBe("An error occurred during Google login");

      provider.denyNext();
      const denied = await roundTrip(new CookieJar());
      expect(denied.status).toBe(400);
      expect(denied.data.error).toBe("An error occurred during Google login");

      provider.setProfile({ sub: "g-2", email: "two@gmail.test", email_verified: true, name: "Two" });
      provider.failTokenNext();
      expect((await roundTrip(new CookieJar())).status).toBe(400);

      // A callback with a state this browser never started.
      const forged = await h.get(googleCallback, "/auth/google/callback?code=abc&state=not-mine", { jar: new CookieJar() });
      expect(forged.status).toBe(400);
      expect(
        await h.database.db.selectFrom("profiles").select("id").where("email", "=", "two@gmail.test").executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      warn.mockRestore();
    }
  });
});
