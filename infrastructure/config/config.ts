// Configuration, parsed once at start-up. A bad value stops the server with a message naming the
// variable. Every variable is listed, with its meaning, in .env.example.
import { z } from "zod";

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
    APP_URL: optionalUrl,
    DATABASE_URL: z.string().min(1).default("data/kamernest.db"),
    DEMO_MODE: bool(true),
    SESSION_SECRETS: list,
    TRUST_PROXY: bool(false),

    PAYMENT_PROVIDER: z.enum(["simulated", "fapshi"]).default("simulated"),
    FAPSHI_ENV: z.enum(["sandbox", "live"]).default("sandbox"),
    FAPSHI_BASE_URL: optionalUrl,
    FAPSHI_API_USER: optionalText,
    FAPSHI_API_KEY: optionalText,
    FAPSHI_WEBHOOK_SECRET: optionalText,
    FAPSHI_DIRECT_PAY: bool(false),
    PAYMENTS_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),

    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default("KamerNest <no-reply@kamernest.test>"),

    SUPPORT_EMAIL: z.string().email().default("support@kamernest.cm"),
    SUPPORT_PHONE: z.string().default("+237 677 00 00 00"),
    SUPPORT_WHATSAPP: z.string().regex(/^\d{9,15}$/, "digits only, with the country code").default("237677000000"),
    SUPPORT_ADDRESS: z.string().default("Molyko, opposite the University of Buea main gate, Buea, Cameroon"),

    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_AUTHORIZATION_URL: optionalUrl,
    GOOGLE_TOKEN_URL: optionalUrl,
    GOOGLE_USERINFO_URL: optionalUrl,

    ADMIN_EMAILS: list,
    REQUIRE_ADMIN_2FA: bool(false),
    ENABLE_DEBUG_PAGES: z.enum(["true", "false", ""]).optional(),

    CHAT_WIDGET_SRC: optionalUrl,
    STORAGE_DIR: z.string().default("data/uploads"),
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    ALERTS_INTERVAL_MS: z.coerce.number().int().min(0).default(15 * 60_000),
    ACCOUNTS_CLEANUP_INTERVAL_MS: z.coerce.number().int().min(0).default(60 * 60_000),
    MAX_LIVE_VISIT_BOOKINGS: z.coerce.number().int().min(1).max(50).default(3),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.DEMO_MODE && env.SESSION_SECRETS.length === 0) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRETS"], message: "is required in production outside demo mode" });
    }
    if (env.PAYMENT_PROVIDER === "fapshi") {
      for (const key of ["FAPSHI_API_USER", "FAPSHI_API_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_PROVIDER=fapshi" });
      }
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_SECRET"], message: "is required when GOOGLE_CLIENT_ID is set" });
    }
  });

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  appUrl: string;
  databaseUrl: string;
  demoMode: boolean;
  sessionSecrets: string[];
  trustProxy: boolean;
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
  mail: { smtpUrl?: string; from: string };
  support: { email: string; phone: string; whatsapp: string; address: string };
  google?: { clientId: string; clientSecret: string; authorizationUrl?: string; tokenUrl?: string; userInfoUrl?: string };
  adminEmails: string[];
  requireAdmin2fa: boolean;
  debugPages: boolean;
  chatWidgetSrc?: string;
  storageDir: string;
  alertsIntervalMs: number;
  /** How often ended sessions, old login attempts and spent tokens are deleted (0: never). */
  accountsCleanupIntervalMs: number;
  /** How long a visitor's page is kept in memory (0: never). */
  pageCacheTtlMs: number;
  /** Live visit bookings (pending, or confirmed and still ahead) one student may hold at once. */
  maxLiveVisitBookings: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const DEV_SESSION_SECRET = "kamernest-demo-secret-not-for-production";

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL,
    demoMode: e.DEMO_MODE,
    sessionSecrets: e.SESSION_SECRETS.length > 0 ? e.SESSION_SECRETS : [DEV_SESSION_SECRET],
    trustProxy: e.TRUST_PROXY,
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
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE, whatsapp: e.SUPPORT_WHATSAPP, address: e.SUPPORT_ADDRESS },
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
    storageDir: e.STORAGE_DIR,
    alertsIntervalMs: e.ALERTS_INTERVAL_MS,
    accountsCleanupIntervalMs: e.ACCOUNTS_CLEANUP_INTERVAL_MS,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    maxLiveVisitBookings: e.MAX_LIVE_VISIT_BOOKINGS,
  };
}
