// A fake OAuth2 provider standing in for Google, on 127.0.0.1 and a free port. /authorize
// consents at once (redirects back with a code and the state), /token swaps the code for an
// access token, /userinfo answers the profile. Tests choose the profile and can make a step fail.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";

export interface FakeGoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface FakeGoogleProvider {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The environment for loadConfig: GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and the three URLs. */
  env: Record<string, string>;
  /** The profile the next sign-in gets. */
  setProfile(profile: FakeGoogleProfile): void;
  /** Make the next /authorize answer with error=access_denied (the person refused). */
  denyNext(): void;
  /** Make the next /token call fail with a 400. */
  failTokenNext(): void;
  /** Requests seen, for assertions (method and path with query). */
  readonly requests: { method: string; url: string; body: string }[];
  close(): Promise<void>;
}

export const FAKE_CLIENT_ID = "fake-google-client";
export const FAKE_CLIENT_SECRET = "fake-google-secret";

export async function startFakeGoogleProvider(initial?: FakeGoogleProfile): Promise<FakeGoogleProvider> {
  let profile: FakeGoogleProfile = initial ?? { sub: "google-1", email: "ama@gmail.test", email_verified: true, name: "Ama Google" };
  let deny = false;
  let failToken = false;
  const codes = new Map<string, FakeGoogleProfile>();
  const tokens = new Map<string, FakeGoogleProfile>();
  const requests: FakeGoogleProvider["requests"] = [];

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      requests.push({ method: req.method ?? "GET", url: `${url.pathname}${url.search}`, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };

      if (url.pathname === "/authorize") {
        const redirectUri = url.searchParams.get("redirect_uri");
        const state = url.searchParams.get("state");
        if (!redirectUri || url.searchParams.get("client_id") !== FAKE_CLIENT_ID) return json(400, { error: "invalid_request" });
        const back = new URL(redirectUri);
        if (deny) {
          deny = false;
          back.searchParams.set("error", "access_denied");
        } else {
          const code = randomBytes(12).toString("hex");
          codes.set(code, profile);
          back.searchParams.set("code", code);
        }
        if (state) back.searchParams.set("state", state);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }

      if (url.pathname === "/token" && req.method === "POST") {
        const form = new URLSearchParams(body);
        const granted = codes.get(form.get("code") ?? "");
        if (failToken || !granted || form.get("client_secret") !== FAKE_CLIENT_SECRET) {
          failToken = false;
          return json(400, { error: "invalid_grant" });
        }
        codes.delete(form.get("code") ?? "");
        const accessToken = randomBytes(16).toString("hex");
        tokens.set(accessToken, granted);
        return json(200, {
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: 3600,
          scope: "openid email profile",
          id_token: "x",
        });
      }

      if (url.pathname === "/userinfo") {
        const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
        const who = tokens.get(token);
        if (!who) return json(401, { error: "invalid_token" });
        return json(200, who);
      }

      json(404, { error: "not_found" });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    env: {
      GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      GOOGLE_AUTHORIZATION_URL: `${origin}/authorize`,
      GOOGLE_TOKEN_URL: `${origin}/token`,
      GOOGLE_USERINFO_URL: `${origin}/userinfo`,
    },
    setProfile: (next) => {
      profile = next;
    },
    denyNext: () => {
      deny = true;
    },
    failTokenNext: () => {
      failToken = true;
    },
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
