// Route tests call a route module's loader and action directly, with real Services over a fresh
// migrated test database (SQLite, or PostgreSQL with TEST_DATABASE_URL). A CookieJar carries the
// cookies from one call to the next, as a browser would.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { createServices, type Services } from "~/services.server";
import { loadConfig } from "#infrastructure/config/config";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./test-database";

export const TEST_APP_URL = "http://localhost:3000";

type RouteFunction = (args: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> }) => unknown;

export interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}

/** What a loader or action answered, whether it returned or threw. */
export interface RouteResult {
  status: number;
  /** The redirect target (path and query when on the app's origin), or null. */
  location: string | null;
  headers: Headers;
  /** The returned data (a data() payload or a plain object), or null for a Response. */
  data: any;
  /** True when the route threw (a redirect, a 404, a data() error). */
  thrown: boolean;
}

/** Cookies across calls: Set-Cookie in, Cookie out. Expired and emptied cookies are dropped. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((a) => {
        const [k, v = ""] = a.split("=");
        if (k.toLowerCase() === "max-age") return Number(v) <= 0;
        if (k.toLowerCase() === "expires") return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}

export type FormFields = Record<string, string | string[] | File | File[] | undefined>;

export interface CallOptions {
  jar?: CookieJar;
  params?: Record<string, string | undefined>;
  headers?: Record<string, string>;
}

export interface RouteHarness {
  services: Services;
  database: TestDatabase;
  context: AppLoadContext;
  storageDir: string;
  /** How many times the use cases have told the public pages they changed (services.publicPages), so far. */
  publicPageChanges(): number;
  /** GET: runs the loader. */
  get(route: RouteModule, url: string, options?: CallOptions): Promise<RouteResult>;
  /** POST: runs the action with a form body (URL-encoded, or multipart when `multipart` or a File is present). */
  post(route: RouteModule, url: string, form: FormFields | FormData, options?: CallOptions & { multipart?: boolean }): Promise<RouteResult>;
  /** Runs the loader or action with a Request built by the test. */
  call(kind: "loader" | "action", route: RouteModule, request: Request, options?: CallOptions): Promise<RouteResult>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  kind?: DatabaseKind;
  /** Extra environment for loadConfig, e.g. { REQUIRE_ADMIN_2FA: "true", GOOGLE_CLIENT_ID: "…" }. */
  env?: Record<string, string>;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

function toForm(form: FormFields | FormData): FormData {
  if (form instanceof FormData) return form;
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
  }
  return body;
}

function normaliseLocation(location: string | null): string | null {
  if (!location) return null;
  if (location.startsWith(TEST_APP_URL)) return location.slice(TEST_APP_URL.length) || "/";
  return location;
}

async function settle(outcome: () => unknown): Promise<{ value: unknown; thrown: boolean }> {
  try {
    return { value: await outcome(), thrown: false };
  } catch (error) {
    return { value: error, thrown: true };
  }
}

function describe(value: unknown, thrown: boolean): RouteResult {
  if (value instanceof Response) {
    return { status: value.status, location: normaliseLocation(value.headers.get("Location")), headers: value.headers, data: null, thrown };
  }
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    const headers = new Headers(init?.headers);
    const status = init?.status ?? 200;
    return { status, location: isRedirect(status) ? normaliseLocation(headers.get("Location")) : null, headers, data, thrown };
  }
  // Anything else thrown is a bug: the server would answer 500.
  if (thrown) throw value;
  return { status: 200, location: null, headers: new Headers(), data: value, thrown };
}

export async function createRouteHarness(options: HarnessOptions = {}): Promise<RouteHarness> {
  const database = await createTestDatabase(options.kind ?? "sqlite");
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-routes-"));
  // The database handle is passed to createServices; databaseUrl is set after loadConfig, which
  // refuses demo defaults next to a PostgreSQL DATABASE_URL (a public site may not run as the demo).
  const config = {
    ...loadConfig({
      NODE_ENV: "test",
      STORAGE_DIR: storageDir,
      DEMO_MODE: "true",
      APP_URL: TEST_APP_URL,
      SESSION_SECRETS: "route-test-secret",
      ...options.env,
    }),
    databaseUrl: database.url,
  };
  const services = createServices(config, database);
  const context = { services, cspNonce: "" } as AppLoadContext;
  let publicPageChanges = 0;
  services.publicPages.onChange(() => (publicPageChanges += 1));

  const call: RouteHarness["call"] = async (kind, route, request, callOptions = {}) => {
    const fn = route[kind];
    if (!fn) {
      // What Remix answers for a method the route does not handle.
      return { status: kind === "action" ? 405 : 404, location: null, headers: new Headers(), data: null, thrown: true };
    }
    const { value, thrown } = await settle(() => fn({ request, context, params: callOptions.params ?? {} }));
    const result = describe(value, thrown);
    callOptions.jar?.store(result.headers);
    return result;
  };

  const headersFor = (callOptions: CallOptions) => {
    const headers = new Headers(callOptions.headers);
    const cookie = callOptions.jar?.header();
    if (cookie) headers.set("Cookie", cookie);
    if (!headers.has("User-Agent")) headers.set("User-Agent", "route-test");
    return headers;
  };

  return {
    services,
    database,
    context,
    storageDir,
    publicPageChanges: () => publicPageChanges,
    call,
    get: (route, url, callOptions = {}) =>
      call("loader", route, new Request(new URL(url, TEST_APP_URL), { headers: headersFor(callOptions) }), callOptions),
    post: (route, url, form, callOptions = {}) => {
      const headers = headersFor(callOptions);
      const formData = toForm(form);
      const hasFile = [...formData.values()].some((v) => typeof v !== "string");
      const body = callOptions.multipart || hasFile ? formData : new URLSearchParams(formData as unknown as Record<string, string>);
      return call("action", route, new Request(new URL(url, TEST_APP_URL), { method: "POST", headers, body }), callOptions);
    },
    async close() {
      await services.stop();
      await database.destroy();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

// ── Accounts for route tests ────────────────────────────────────────────────────────────────

export type TestPersona = "student" | "unsubmittedAgent" | "pendingAgent" | "rejectedAgent" | "approvedAgent" | "admin";

export const TEST_PASSWORD = "route-test-password";

let personaCounter = 0;

/**
 * Inserts a confirmed account straight through the repositories (no e-mail round trip), in the
 * state the persona names. Returns its id and e-mail.
 */
export async function createPersona(
  harness: RouteHarness,
  persona: TestPersona,
  overrides: { email?: string; password?: string; fullName?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const { repos, hasher, clock, ids } = harness.services.accounts;
  personaCounter += 1;
  const id = ids.id();
  const email = overrides.email ?? `${persona.toLowerCase()}-${personaCounter}-${id.slice(0, 8)}@route.test`;
  const password = overrides.password ?? TEST_PASSWORD;
  const now = clock.now();
  const role = persona === "student" ? "student" : persona === "admin" ? "admin" : "agent";
  await repos.accounts.insert({
    id,
    role,
    fullName: overrides.fullName ?? `Test ${persona}`,
    email,
    phone: null,
    passwordHash: await hasher.hash(password),
    emailConfirmedAt: now,
    googleId: null,
    totpSecret: null,
    totpEnabledAt: null,
    suspendedAt: null,
    suspendedReason: null,
    language: "en",
    createdAt: now,
    updatedAt: now,
  });
  if (role === "agent") {
    await repos.agents.createUnsubmitted(id, now);
    if (persona !== "unsubmittedAgent") {
      await repos.agents.saveSubmission(
        id,
        {
          businessName: "Test Homes",
          licenseNumber: "LIC-1",
          specializations: ["studios"],
          businessPhone: "+237670000000",
          businessEmail: "office@route.test",
          businessAddress: "Molyko, Buea",
          websiteUrl: null,
        },
        now,
      );
      if (persona === "approvedAgent" || persona === "rejectedAgent") {
        await repos.agents.review(id, {
          status: persona === "approvedAgent" ? "approved" : "rejected",
          rejectionReason: persona === "rejectedAgent" ? "Blurry licence" : null,
          reviewedAt: now,
        });
      }
    }
  }
  return { id, email, password };
}

/** A cookie jar signed in as `userId`, as after a login (a real database session). */
export async function signedInJar(harness: RouteHarness, userId: string): Promise<CookieJar> {
  const { createSession } = await import("#domain/accounts/manage-sessions.use-case");
  const created = await createSession(harness.services.accounts, { userId, userAgent: "route-test" });
  const session = await harness.services.sessionStorage.getSession();
  session.set("sessionId", created.sessionId);
  const jar = new CookieJar();
  jar.store(new Headers({ "Set-Cookie": await harness.services.sessionStorage.commitSession(session) }));
  return jar;
}

/** The newest outbox e-mail to `to`, and the first link in it. */
export async function lastEmailTo(
  harness: RouteHarness,
  to: string,
): Promise<{ subject: string; text: string; link: string | null } | null> {
  const row = await harness.database.db
    .selectFrom("outbox_emails")
    .selectAll()
    .where("to_address", "=", to)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row) return null;
  const link = /https?:\/\/\S+/.exec(row.text_body)?.[0] ?? null;
  return { subject: row.subject, text: row.text_body, link };
}

/** A minimal valid PDF: the magic bytes the domain checks, and a body. */
export function tinyPdf(name = "licence.pdf", extraBytes = 0): File {
  const text = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
  const bytes = new Uint8Array(text.length + extraBytes);
  bytes.set(new TextEncoder().encode(text));
  return new File([bytes], name, { type: "application/pdf" });
}
