// "Continue with Google" through remix-auth 3 and remix-auth-google 2. The strategy only runs the
// OAuth2 dance (state, code, token, profile); the sign-in itself is the loginWithGoogle use case.
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import type { Services } from "~/services.server";

/** What Google tells us about the person, before the domain decides anything. */
export interface GoogleIdentity {
  googleId: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

interface GoogleEndpoints {
  authorizationUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
}

const DEFAULT_USERINFO_URL = "https://www.googleapis.com/oauth2/v3/userinfo";

/**
 * GoogleStrategy with configurable endpoints: remix-auth-google 2 hard-codes Google's URLs and
 * keeps the user-info URL private, so the subclass sets the two protected URLs and reads the
 * profile itself (the tests and staging use a fake provider).
 */
class ConfigurableGoogleStrategy extends GoogleStrategy<GoogleIdentity> {
  private readonly profileUrl: string;

  constructor(options: ConstructorParameters<typeof GoogleStrategy<GoogleIdentity>>[0], endpoints: GoogleEndpoints) {
    super(options, async ({ profile }) => toIdentity(profile));
    if (endpoints.authorizationUrl) this.authorizationURL = endpoints.authorizationUrl;
    if (endpoints.tokenUrl) this.tokenURL = endpoints.tokenUrl;
    this.profileUrl = endpoints.userInfoUrl ?? DEFAULT_USERINFO_URL;
  }

  protected override async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(this.profileUrl, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new Error(`Google user info answered ${response.status}`);
    const raw = (await response.json()) as GoogleProfile["_json"];
    return {
      provider: "google",
      id: raw.sub,
      displayName: raw.name,
      name: { familyName: raw.family_name, givenName: raw.given_name },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture }],
      _json: raw,
    };
  }
}

function toIdentity(profile: GoogleProfile): GoogleIdentity {
  const raw = profile._json ?? ({} as Partial<GoogleProfile["_json"]>);
  const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");
  return {
    googleId: text(raw.sub ?? profile.id, 255),
    email: text(raw.email ?? profile.emails?.[0]?.value, 254),
    name: text(raw.name ?? profile.displayName, 100),
    // Google sends a boolean; some providers send "true".
    emailVerified: raw.email_verified === true || (raw.email_verified as unknown) === "true",
  };
}

export interface GoogleAuth {
  authenticator: Authenticator<GoogleIdentity>;
  /** Where to go after the sign-in, kept for the round trip through Google. */
  returnTo: ReturnType<typeof createCookie>;
  /** The OAuth state cookie, cleared after the callback. */
  stateStorage: ReturnType<typeof createCookieSessionStorage>;
}

const cache = new WeakMap<Services, GoogleAuth | null>();

/** The Google sign-in for these services, or null when GOOGLE_CLIENT_ID is not configured. */
export function getGoogleAuth(services: Services): GoogleAuth | null {
  if (cache.has(services)) return cache.get(services) ?? null;
  const { config } = services;
  let auth: GoogleAuth | null = null;
  if (config.google) {
    const secure = config.isProduction && config.appUrl.startsWith("https://");
    // Its own short-lived cookie: the OAuth state never goes into kn_session, which holds only the session id.
    const stateStorage = createCookieSessionStorage({
      cookie: {
        name: "kn_oauth",
        path: "/auth/google",
        httpOnly: true,
        sameSite: "lax",
        secure,
        maxAge: 600,
        secrets: config.sessionSecrets,
      },
    });
    const authenticator = new Authenticator<GoogleIdentity>(stateStorage, { throwOnError: true });
    authenticator.use(
      new ConfigurableGoogleStrategy(
        {
          clientID: config.google.clientId,
          clientSecret: config.google.clientSecret,
          callbackURL: `${config.appUrl}/auth/google/callback`,
        },
        config.google,
      ),
      "google",
    );
    const returnTo = createCookie("kn_oauth_to", {
      path: "/auth/google",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: 600,
      secrets: config.sessionSecrets,
    });
    auth = { authenticator, returnTo, stateStorage };
  }
  cache.set(services, auth);
  return auth;
}
