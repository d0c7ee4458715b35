// Configuration, parsed once at start-up. A bad value stops the server with a message naming the
// variable. Every variable is listed, with its meaning, in .env.example.
//
// The demo defaults (seeded accounts with a public password, a public cookie secret, the
// simulated checkout, debug pages) are what `npm start` runs on localhost. Once the
// configuration says the site faces the public (APP_URL on a non-loopback host, or a PostgreSQL
// DATABASE_URL), those defaults are refused, each problem naming its variable, unless the
// operator explicitly says ALLOW_PUBLIC_DEMO=true (then the site runs with a banner on every page).
import net from "node:net";
import { z } from "zod";
import { DEFAULT_PAYOUT_SCHEDULE, parsePayoutSchedule, type PayoutSchedule } from "#domain/payout/payout-schedule";
import type { S3Settings } from "../storage/s3-file-storage";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1"));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined))
  .pipe(z.string().url().optional());

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // The address to listen on; unset: loopback for a local site, every interface for a public one.
    HOST: optionalText.refine(
      (v) => v === undefined || net.isIP(v) !== 0 || v === "localhost",
      "must be an IP address (127.0.0.1, 0.0.0.0, ::) or localhost",
    ),
    APP_URL: optionalUrl,
    DATABASE_URL: z.string().min(1).default("data/kamernest.db"),
    DEMO_MODE: bool(true),
    ALLOW_PUBLIC_DEMO: bool(false),
    SESSION_SECRETS: list,
    TRUST_PROXY: z.string().optional(),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    MIGRATE_ON_START: bool(true),
    DB_PREPARED_STATEMENTS: bool(true),
    DB_BATCH_STATEMENTS: bool(true),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),

    PAYMENT_PROVIDER: z.enum(["simulated", "fapshi"]).default("simulated"),
    FAPSHI_ENV: z.enum(["sandbox", "live"]).default("sandbox"),
    FAPSHI_BASE_URL: optionalUrl,
    FAPSHI_API_USER: optionalText,
    FAPSHI_API_KEY: optionalText,
    FAPSHI_WEBHOOK_SECRET: optionalText,
    FAPSHI_DIRECT_PAY: bool(false),
    PAYMENTS_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    // Money out (issue 34, decision 0212): off, the simulated provider, or Fapshi's disbursement
    // service with its own credentials. Unset: simulated beside the simulated checkout, else off.
    PAYOUT_PROVIDER: z.enum(["off", "simulated", "fapshi"]).optional(),
    FAPSHI_PAYOUT_API_USER: optionalText,
    FAPSHI_PAYOUT_API_KEY: optionalText,
    // The disbursement service's own webhook secret (its own URL in the Fapshi dashboard).
    FAPSHI_PAYOUT_WEBHOOK_SECRET: optionalText,
    // When the weekly payout runs by itself: "mon 00:00" (day, HH:MM in Buea) or "off".
    PAYOUT_SCHEDULE: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return DEFAULT_PAYOUT_SCHEDULE;
        const parsed = parsePayoutSchedule(v);
        if (parsed === null) {
          ctx.addIssue({ code: "custom", message: 'must be "off" or a day and a time in Buea, e.g. "mon 00:00" or "fri 14:30"' });
          return z.NEVER;
        }
        return parsed;
      }),

    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default("KamerNest <no-reply@kamernest.test>"),

    SUPPORT_EMAIL: z.string().email().default("support@kamernest.cm"),
    SUPPORT_PHONE: z.string().default("+237 677 00 00 00"),
    SUPPORT_WHATSAPP: z
      .string()
      .regex(/^\d{9,15}$/, "digits only, with the country code")
      .default("237677000000"),
    SUPPORT_ADDRESS: z.string().default("Molyko, opposite the University of Buea main gate, Buea, Cameroon"),
    // The same address as French pages show it; unset: SUPPORT_ADDRESS (or, with neither set, the
    // demo address in French).
    SUPPORT_ADDRESS_FR: optionalText,

    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_AUTHORIZATION_URL: optionalUrl,
    GOOGLE_TOKEN_URL: optionalUrl,
    GOOGLE_USERINFO_URL: optionalUrl,

    ADMIN_EMAILS: list,
    REQUIRE_ADMIN_2FA: bool(false),
    ENABLE_DEBUG_PAGES: z.enum(["true", "false", ""]).optional(),

    CHAT_WIDGET_SRC: optionalUrl,
    // The service worker that keeps pages for reading offline (decision 0239); on by default.
    SERVICE_WORKER: bool(true),
    // The map picker's tiles (decision 0205): an https:// template with {z}, {x} and {y}; unset, the
    // picker shows a plan of the neighbourhoods without tiles.
    MAP_TILES_URL: optionalText.refine(
      (v) => v === undefined || (/^https:\/\/[^/{}]+\//i.test(v) && ["{z}", "{x}", "{y}"].every((p) => v.includes(p))),
      "must be an https:// address template with {z}, {x} and {y}, e.g. https://tiles.example.com/{z}/{x}/{y}.png",
    ),
    MAP_TILES_ATTRIBUTION: z.string().trim().min(1).default("© OpenStreetMap contributors"),
    STORAGE_DIR: z.string().default("data/uploads"),
    // Object storage (decision 0135): S3_BUCKET switches it on; the others are read only then.
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens")
        .optional(),
    ),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ENDPOINT: optionalUrl.refine((v) => v === undefined || /^https?:\/\//i.test(v), "must be an http:// or https:// address"),
    S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0", ""]).optional(),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PREFIX: optionalText.pipe(
      z
        .string()
        .regex(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/, "must be path segments ending in / (e.g. kamernest/), or empty")
        .optional(),
    ),
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    RENDER_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(16),
    RENDER_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(20_000),
    // Slow bodies (server/body-limit.ts, server/uploads.ts, decision 0180).
    REQUEST_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    UPLOAD_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
    UPLOAD_MEMORY_MB: z.coerce.number().int().min(1).max(100_000).default(64),
    QUERY_LOG_FILE: optionalText,
    ALERTS_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(15 * 60_000),
    BOOKING_NOTICES_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
    ACCOUNTS_CLEANUP_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(60 * 60_000),
    RETENTION_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(24 * 60 * 60_000),
    RETENTION_CONTACT_MESSAGES_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    RETENTION_VERIFICATION_DOCUMENTS_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    RETENTION_OUTBOX_EMAILS_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    MAX_LIVE_VISIT_BOOKINGS: z.coerce.number().int().min(1).max(50).default(3),
    SIGN_UPS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
    LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.DEMO_MODE && env.SESSION_SECRETS.length === 0) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRETS"], message: "is required in production outside demo mode" });
    }
    if (env.PAYMENT_PROVIDER === "fapshi") {
      // Without the secret anyone could post to /webhooks/fapshi; handleWebhook re-asks Fapshi,
      // but the endpoint would still be an open door to our provider quota and logs.
      for (const key of ["FAPSHI_API_USER", "FAPSHI_API_KEY", "FAPSHI_WEBHOOK_SECRET"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_PROVIDER=fapshi" });
      }
    }
    if (env.PAYOUT_PROVIDER === "fapshi") {
      // Fapshi will not let one service both collect and pay out: payouts need their own pair.
      // Without its secret anyone could post to /webhooks/fapshi-payouts (decision 0224).
      for (const key of ["FAPSHI_PAYOUT_API_USER", "FAPSHI_PAYOUT_API_KEY", "FAPSHI_PAYOUT_WEBHOOK_SECRET"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYOUT_PROVIDER=fapshi" });
      }
      if (env.FAPSHI_PAYOUT_API_USER && env.FAPSHI_PAYOUT_API_USER === env.FAPSHI_API_USER)
        ctx.addIssue({
          code: "custom",
          path: ["FAPSHI_PAYOUT_API_USER"],
          message: "must be the disbursement service's, not the collection service's FAPSHI_API_USER",
        });
    }
    if (!env.S3_BUCKET) {
      // A half-configured bucket would silently keep files on this instance's disk.
      for (const key of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PREFIX"] as const) {
        if (env[key])
          ctx.addIssue({
            code: "custom",
            path: ["S3_BUCKET"],
            message: `is required when ${key} is set (files would stay on this instance's disk)`,
          });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither, for the SDK's default credentials)",
      });
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_SECRET"], message: "is required when GOOGLE_CLIENT_ID is set" });
    }
  });

export type Env = z.input<typeof envSchema>;

/**
 * TRUST_PROXY: which proxies may set X-Forwarded-For. `false`: none (the socket address is the
 * client). A number: that many proxies in front of us (Express takes the address that many hops
 * from the right, the one our own proxy wrote). A list: the proxies' addresses or CIDR ranges
 * (and Express's names loopback, linklocal, uniquelocal). `true` is refused: Express would take
 * the leftmost address, which the client writes itself.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { problem: string } {
  const v = (raw ?? "").trim();
  if (v === "" || v === "false" || v === "0") return { value: false };
  if (v === "true") {
    return {
      problem:
        "true would let every client choose its own IP through X-Forwarded-For; set the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8)",
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? { value: hops } : { problem: "a hop count must be between 0 and 10" };
  }
  const entries = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0) return { problem: `not an IP address, CIDR range or hop count: ${bad.join(", ")}` };
  return { value: entries };
}

/** Loopback and localhost names: a site there is not reachable by the public. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (net.isIPv4(host)) return host.startsWith("127.");
  if (net.isIPv6(host)) return host === "::1" || /^::ffff:127\./.test(host);
  return false;
}

/** Secrets that are published (in this repository, its docs or .env.example): never secret. */
const EXAMPLE_SESSION_SECRETS = new Set([
  "kamernest-demo-secret-not-for-production",
  "change-me",
  "changeme",
  "secret",
  "route-test-secret",
]);
/** A session secret shorter than this is guessable enough to forge cookies offline. */
const MIN_SESSION_SECRET_LENGTH = 32;

export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  /**
   * The address the server listens on (HOST). Unset, a local site (APP_URL on loopback, no
   * ALLOW_PUBLIC_DEMO) listens on 127.0.0.1 only, so the demo with its published passwords is
   * not reachable from the network; a public one on every interface (undefined).
   */
  listenHost: string | undefined;
  appUrl: string;
  databaseUrl: string;
  /**
   * PostgreSQL only: how long to wait for a connection, and for one statement. migrateOnStart:
   * the server migrates before serving (false: it only checks, and refuses a schema that is
   * behind or ahead of this build).
   */
  database: {
    connectTimeoutMs: number;
    statementTimeoutMs: number;
    migrateOnStart: boolean;
    preparedStatements: boolean;
    batchStatements: boolean;
  };
  demoMode: boolean;
  /**
   * A public-facing site running with demo defaults (allowed only by ALLOW_PUBLIC_DEMO=true):
   * logged loudly at start and shown as a banner on every page.
   */
  publicDemo: boolean;
  /** Why the site counts as a public demo (for the start-up log). */
  publicDemoReasons: string[];
  sessionSecrets: string[];
  trustProxy: TrustProxy;
  payments: {
    provider: "simulated" | "fapshi";
    fapshi: {
      baseUrl: string;
      apiUser?: string;
      apiKey?: string;
      webhookSecret?: string;
      directPay: boolean;
    };
    reconcileIntervalMs: number;
  };
  /** Money out to agents (decision 0212): 'off' leaves only the admin's manual "mark paid". */
  payouts: {
    provider: "off" | "simulated" | "fapshi";
    fapshi: { baseUrl: string; apiUser?: string; apiKey?: string; webhookSecret?: string };
    /** When the weekly run starts by itself (PAYOUT_SCHEDULE, in Buea); null: only the admin's button. */
    schedule: PayoutSchedule | null;
  };
  mail: { smtpUrl?: string; from: string };
  /** `address` in English, `addressFr` in French (SUPPORT_ADDRESS, SUPPORT_ADDRESS_FR). */
  support: { email: string; phone: string; whatsapp: string; address: string; addressFr: string };
  google?: { clientId: string; clientSecret: string; authorizationUrl?: string; tokenUrl?: string; userInfoUrl?: string };
  adminEmails: string[];
  requireAdmin2fa: boolean;
  debugPages: boolean;
  chatWidgetSrc?: string;
  /** Register the offline-reading service worker (SERVICE_WORKER; decision 0239). */
  serviceWorker: boolean;
  /** The map picker's tile template and the credit its provider asks for; absent: a plan without tiles. */
  mapTiles?: { url: string; attribution: string };
  /** Local storage's root (photos/ and private/ below it); unused when objectStorage is set. */
  storageDir: string;
  /** S3-compatible object storage for photos and documents (S3_BUCKET); absent: local disk. */
  objectStorage?: S3Settings;
  alertsIntervalMs: number;
  /** How often booking e-mails are written (reminders) and sent from the outbox (0: never). */
  bookingNoticesIntervalMs: number;
  /** How often ended sessions, old login attempts and spent tokens are deleted (0: never). */
  accountsCleanupIntervalMs: number;
  /** How often the retention job runs (0: never), and the periods it enforces (decision 0227). */
  retention: { intervalMs: number; contactMessagesDays: number; verificationDocumentsDays: number; outboxEmailsDays: number };
  /** How long a visitor's page is kept in memory (0: never). */
  pageCacheTtlMs: number;
  /** Requests needing the app (not stored pages or files) run at once; the rest wait in order (0: no limit). */
  renderConcurrency: number;
  /** The longest such a request waits for its turn before the translated 503 "busy" page. */
  renderQueueWaitMs: number;
  /** A form's or webhook's whole body must arrive within this, else 408 (before it waits for a render place). */
  requestBodyTimeoutMs: number;
  /** The same for an upload by a signed-in user who may upload there (it goes to a temporary file). */
  uploadBodyTimeoutMs: number;
  /** Upload bodies being parsed in memory at once, across every request of this process (bytes). */
  uploadMemoryBytes: number;
  /** Every SQL statement appended here as a JSON line (`npm run bench:plans`); unset in production. */
  queryLogFile?: string;
  /** Live visit bookings (pending, or confirmed and still ahead) one student may hold at once. */
  maxLiveVisitBookings: number;
  /** Sign-ups allowed from one IP address per 15 minutes. */
  signUpsPerIp: number;
  /** Failed sign-ins allowed from one IP address, over every account, per 15 minutes. */
  loginFailuresPerIp: number;
  /** The server's log (infrastructure/logging): the lowest level written, JSON lines or a terminal's lines. */
  logging: { level: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent"; format: "json" | "pretty" };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const DEV_SESSION_SECRET = "kamernest-demo-secret-not-for-production";

/**
 * The demo defaults still in force on a public-facing site, one line per variable. Empty when the
 * site is not public-facing (APP_URL on a loopback host and a SQLite database) or has none.
 */
function publicExposureProblems(e: z.output<typeof envSchema>, appUrl: string): string[] {
  const publicUrl = !isLoopbackHost(new URL(appUrl).hostname);
  const postgres = /^postgres(ql)?:\/\//i.test(e.DATABASE_URL);
  if (!publicUrl && !postgres) return [];
  const why = publicUrl ? `APP_URL=${appUrl} is public` : "DATABASE_URL is a PostgreSQL server";
  const problems: string[] = [];
  if (e.DEMO_MODE) problems.push(`DEMO_MODE: must be false on a public site (${why}); it seeds accounts with a published password`);
  if (e.PAYMENT_PROVIDER === "simulated") {
    problems.push(`PAYMENT_PROVIDER: must be fapshi on a public site (${why}); the simulated checkout grants access without payment`);
  }
  if (e.SESSION_SECRETS.length === 0) {
    problems.push(`SESSION_SECRETS: is required on a public site (${why}); without it cookies are signed with a published secret`);
  } else if (e.SESSION_SECRETS.some((s) => EXAMPLE_SESSION_SECRETS.has(s.toLowerCase()) || s.length < MIN_SESSION_SECRET_LENGTH)) {
    problems.push(
      `SESSION_SECRETS: every secret must be random and at least ${MIN_SESSION_SECRET_LENGTH} characters, not an example value (${why})`,
    );
  }
  if (payoutProvider(e) === "simulated") {
    problems.push(`PAYOUT_PROVIDER: must be fapshi or off on a public site (${why}); simulated payouts pay nobody`);
  }
  if (!e.FAPSHI_WEBHOOK_SECRET) problems.push(`FAPSHI_WEBHOOK_SECRET: is required on a public site (${why})`);
  if (e.ENABLE_DEBUG_PAGES === "true") problems.push(`ENABLE_DEBUG_PAGES: must not be true on a public site (${why})`);
  return problems;
}

/** The demo's support address in French (SUPPORT_ADDRESS's default, translated). */
const DEFAULT_SUPPORT_ADDRESS_FR = "Molyko, en face de l'entrée principale de l'Université de Buea, Buea, Cameroun";

function payoutProvider(e: z.output<typeof envSchema>): "off" | "simulated" | "fapshi" {
  return e.PAYOUT_PROVIDER ?? (e.PAYMENT_PROVIDER === "simulated" ? "simulated" : "off");
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`));
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if ("problem" in trustProxy) throw new ConfigError([`TRUST_PROXY: ${trustProxy.problem}`]);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const exposure = publicExposureProblems(e, appUrl);
  if (exposure.length > 0 && !e.ALLOW_PUBLIC_DEMO) {
    throw new ConfigError([...exposure, "ALLOW_PUBLIC_DEMO=true runs a public demo site anyway (with a banner on every page)"]);
  }
  const isProduction = e.NODE_ENV === "production";
  const publicUrl = !isLoopbackHost(new URL(appUrl).hostname);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    listenHost: e.HOST ?? (publicUrl || e.ALLOW_PUBLIC_DEMO ? undefined : "127.0.0.1"),
    appUrl,
    databaseUrl: e.DATABASE_URL,
    database: {
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      migrateOnStart: e.MIGRATE_ON_START,
      preparedStatements: e.DB_PREPARED_STATEMENTS,
      batchStatements: e.DB_BATCH_STATEMENTS,
    },
    demoMode: e.DEMO_MODE,
    // Only when the site faces the public with demo defaults, which takes ALLOW_PUBLIC_DEMO=true.
    publicDemo: exposure.length > 0,
    publicDemoReasons: exposure,
    sessionSecrets: e.SESSION_SECRETS.length > 0 ? e.SESSION_SECRETS : [DEV_SESSION_SECRET],
    trustProxy: trustProxy.value,
    payments: {
      provider: e.PAYMENT_PROVIDER,
      fapshi: {
        baseUrl: e.FAPSHI_BASE_URL ?? (e.FAPSHI_ENV === "live" ? "https://live.fapshi.com" : "https://sandbox.fapshi.com"),
        apiUser: e.FAPSHI_API_USER,
        apiKey: e.FAPSHI_API_KEY,
        webhookSecret: e.FAPSHI_WEBHOOK_SECRET,
        directPay: e.FAPSHI_DIRECT_PAY,
      },
      reconcileIntervalMs: e.PAYMENTS_RECONCILE_INTERVAL_MS,
    },
    payouts: {
      provider: payoutProvider(e),
      fapshi: {
        baseUrl: e.FAPSHI_BASE_URL ?? (e.FAPSHI_ENV === "live" ? "https://live.fapshi.com" : "https://sandbox.fapshi.com"),
        apiUser: e.FAPSHI_PAYOUT_API_USER,
        apiKey: e.FAPSHI_PAYOUT_API_KEY,
        webhookSecret: e.FAPSHI_PAYOUT_WEBHOOK_SECRET,
      },
      schedule: e.PAYOUT_SCHEDULE === "off" ? null : e.PAYOUT_SCHEDULE,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    support: {
      email: e.SUPPORT_EMAIL,
      phone: e.SUPPORT_PHONE,
      whatsapp: e.SUPPORT_WHATSAPP,
      address: e.SUPPORT_ADDRESS,
      addressFr: e.SUPPORT_ADDRESS_FR ?? (source.SUPPORT_ADDRESS ? e.SUPPORT_ADDRESS : DEFAULT_SUPPORT_ADDRESS_FR),
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            userInfoUrl: e.GOOGLE_USERINFO_URL,
          }
        : undefined,
    adminEmails: e.ADMIN_EMAILS.map((a) => a.toLowerCase()),
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA,
    // Debug pages: on in the demo, off by default in production.
    debugPages: e.ENABLE_DEBUG_PAGES ? e.ENABLE_DEBUG_PAGES === "true" : e.DEMO_MODE,
    chatWidgetSrc: e.CHAT_WIDGET_SRC,
    serviceWorker: e.SERVICE_WORKER,
    mapTiles: e.MAP_TILES_URL ? { url: e.MAP_TILES_URL, attribution: e.MAP_TILES_ATTRIBUTION } : undefined,
    storageDir: e.STORAGE_DIR,
    objectStorage: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          // Self-hosted services (MinIO, s3rver) rarely have a DNS name per bucket.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? ["true", "1"].includes(e.S3_FORCE_PATH_STYLE) : Boolean(e.S3_ENDPOINT),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          prefix: e.S3_PREFIX ?? "",
        }
      : undefined,
    alertsIntervalMs: e.ALERTS_INTERVAL_MS,
    bookingNoticesIntervalMs: e.BOOKING_NOTICES_INTERVAL_MS,
    accountsCleanupIntervalMs: e.ACCOUNTS_CLEANUP_INTERVAL_MS,
    retention: {
      intervalMs: e.RETENTION_INTERVAL_MS,
      contactMessagesDays: e.RETENTION_CONTACT_MESSAGES_DAYS,
      verificationDocumentsDays: e.RETENTION_VERIFICATION_DOCUMENTS_DAYS,
      outboxEmailsDays: e.RETENTION_OUTBOX_EMAILS_DAYS,
    },
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    renderConcurrency: e.RENDER_CONCURRENCY,
    renderQueueWaitMs: e.RENDER_QUEUE_WAIT_MS,
    requestBodyTimeoutMs: e.REQUEST_BODY_TIMEOUT_MS,
    uploadBodyTimeoutMs: e.UPLOAD_BODY_TIMEOUT_MS,
    uploadMemoryBytes: e.UPLOAD_MEMORY_MB * 1024 * 1024,
    queryLogFile: e.QUERY_LOG_FILE,
    maxLiveVisitBookings: e.MAX_LIVE_VISIT_BOOKINGS,
    signUpsPerIp: e.SIGN_UPS_PER_IP,
    loginFailuresPerIp: e.LOGIN_FAILURES_PER_IP,
    logging: { level: e.LOG_LEVEL, format: e.LOG_FORMAT },
  };
}
