import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
// One data folder per port, so two runs on one machine never wipe each other's database.
const E2E_DATA_DIR = `tests/.tmp/e2e-${E2E_PORT}`;
// The specs read the server's outbox from this file (this module also loads in the workers).
process.env.E2E_DB_FILE = `${E2E_DATA_DIR}/kamernest.db`;

const PHONE = /phone\.spec\.ts$/;
const PHONE_DEVICE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: PHONE },
    // A test tagged @needs-javascript checks what only JavaScript does (hydration, axe running in
    // the page, an enhancement); each says beside its tag what covers the same path without it.
    // The no-JS project leaves them out rather than listing them as skipped.
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@needs-javascript/, testIgnore: PHONE },
    // The phone harness (tests/e2e/phone.spec.ts): a 360×740 touch phone, JavaScript on and off.
    // axe applies inline styles while it measures, which the CSP refuses: the CSP is checked by
    // every other project.
    { name: "phone", testMatch: PHONE, use: { ...PHONE_DEVICE, javaScriptEnabled: true, bypassCSP: true } },
    // Tests tagged @needs-javascript or @html-only (the server's HTML, read once) run in "phone" only.
    {
      name: "phone-no-js",
      testMatch: PHONE,
      grepInvert: /@needs-javascript|@html-only/,
      use: { ...PHONE_DEVICE, javaScriptEnabled: false },
    },
  ],
  webServer: {
    // The compiled server (decision 0192), as `npm start` runs it; build first.
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${E2E_PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      DATABASE_URL: `${E2E_DATA_DIR}/kamernest.db`,
      STORAGE_DIR: `${E2E_DATA_DIR}/uploads`,
      E2E_DATA_DIR,
      DEMO_MODE: "true",
      PAYMENT_PROVIDER: "simulated",
      // The specs run the payout from /admin/payouts; a scheduled run crossing Monday 00:00 in Buea
      // mid-run would pay their agents first. The schedule is tested in tests/unit/payout and
      // tests/integration/db/job-leases.test.ts.
      PAYOUT_SCHEDULE: "off",
      APP_URL: `http://localhost:${E2E_PORT}`,
      // Booking e-mails leave their outbox within a second, so the specs can read them.
      BOOKING_NOTICES_INTERVAL_MS: "1000",
      // Every spec signs up from 127.0.0.1: one address, like a campus behind one NAT. The limit
      // itself is tested in tests/unit/accounts/rate-limits.test.ts.
      SIGN_UPS_PER_IP: "200",
    },
  },
});
