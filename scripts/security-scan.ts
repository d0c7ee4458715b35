// `npm run security:scan` (not part of `npm test`): sqlmap against the search, login, booking and
// webhook parameters of a running KamerNest. The script starts the production server itself on a
// fresh demo database (a temporary SQLite file; and a throwaway PostgreSQL database as well when
// TEST_DATABASE_URL is set) at a free port, signs in as the demo student for the booking form,
// installs Debian's sqlmap when it is missing, runs it in batch mode with a bounded level, risk and
// time per target, and exits 1 when sqlmap reports an injectable parameter (2 when the scan could
// not run). It also reports any 500 sqlmap provoked.
//
// Before sqlmap, a slow-client probe (issue 30): 40 connections send the headers of a form POST
// (Content-Length: 100000) and then one byte a second, while the demo student's /profile (rendered
// every time: the page cache is off here) is asked for one request after another for 20 s. It
// prints the longest wait of that page and what the trickling connections were answered (408
// once the server's body deadline passed), and exits 1 when the page was not served (an answer
// other than 200, a failure, or a wait over 5 s).
//
//   SCAN_LEVEL (2), SCAN_RISK (1), SCAN_TARGET_TIMEOUT_S (900): sqlmap's bounds per target.
//   SCAN_ONLY=search,login,booking,webhook,slow-clients: a subset of the targets.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { installDebianPackage } from "./lib/debian-package.mjs";
import { ensureProductionBuild, PRODUCTION_SERVER } from "./lib/production-build.mjs";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { probeRenderedPage, trickle } from "./lib/slow-clients";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LEVEL = Number(process.env.SCAN_LEVEL ?? 2);
const RISK = Number(process.env.SCAN_RISK ?? 1);
const TARGET_TIMEOUT_MS = Number(process.env.SCAN_TARGET_TIMEOUT_S ?? 900) * 1000;
const ONLY = new Set((process.env.SCAN_ONLY ?? "search,login,booking,webhook,slow-clients").split(",").map((s) => s.trim()));
const SLOW_CLIENTS = 40;
const SLOW_PROBE_MS = 20_000;
const SLOW_PAGE_LIMIT_MS = 5_000;
const STUDENT = "student@kamernest.test";
const DEMO_PASSWORD = "kamernest-demo";

const log = (line: string) => console.log(`[security-scan] ${line}`);

function ensureSqlmap(): void {
  if (spawnSync("sqlmap", ["--version"], { stdio: "ignore" }).status === 0) return;
  log("sqlmap is missing: installing Debian's package");
  if (!installDebianPackage("sqlmap")) {
    log("could not install sqlmap (apt-get update && apt-get install -y sqlmap)");
    process.exit(2);
  }
}

function ensureBuild(): void {
  if (!ensureProductionBuild(log)) process.exit(2);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface App {
  base: string;
  database: DatabaseHandle;
  server: ChildProcess;
  stop(): Promise<void>;
}

/** The production server on `databaseUrl` (migrated and seeded with the demo data by the server itself). */
async function startApp(databaseUrl: string, dataDir: string): Promise<App> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The compiled server (decision 0192), as production runs it.
  const server = spawn(process.execPath, [PRODUCTION_SERVER], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: path.join(dataDir, "uploads"),
      DEMO_MODE: "true",
      PAYMENT_PROVIDER: "simulated",
      // Every sqlmap request must reach the application, not a copy of an earlier answer.
      PAGE_CACHE_TTL_MS: "0",
      ALERTS_INTERVAL_MS: "0",
      PAYMENTS_RECONCILE_INTERVAL_MS: "0",
    },
  });
  let stderr = "";
  server.stderr?.on("data", (chunk) => (stderr = (stderr + String(chunk)).slice(-4000)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer /healthz within 3 minutes: ${stderr}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const database = connect({ url: databaseUrl, poolSize: 2 });
  return {
    base,
    database,
    server,
    async stop() {
      try {
        process.kill(-server.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
      await database.close();
    },
  };
}

/** The demo student's session cookie, through the real login form. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ intent: "password", email: STUDENT, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("kn_session="));
  if (response.status !== 302 || !cookie) throw new Error(`could not sign in as ${STUDENT} (status ${response.status})`);
  return cookie;
}

/**
 * Between sqlmap's requests the scanner's own traces are wiped, so every request meets the same
 * state: login failures (else the throttle answers 429 to everything after five) and the demo
 * student's bookings and payments (else the second booking of a slot is a 409).
 */
function keepStateSteady(database: DatabaseHandle, studentId: string): () => void {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const db = database.db;
      await db.deleteFrom("login_attempts").execute();
      const payments = db.selectFrom("payments").select("id").where("user_id", "=", studentId);
      await db.deleteFrom("payment_events").where("payment_id", "in", payments).execute();
      await db.updateTable("bookings").set({ payment_id: null }).where("student_id", "=", studentId).execute();
      await db.deleteFrom("payments").where("user_id", "=", studentId).execute();
      await db.deleteFrom("simulated_transactions").where("user_id", "=", studentId).execute();
      await db.deleteFrom("bookings").where("student_id", "=", studentId).execute();
    } catch (error) {
      log(`state reset failed (the scan goes on): ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      busy = false;
    }
  }, 100);
  return () => clearInterval(timer);
}

interface Target {
  name: string;
  args: string[];
}

interface Outcome {
  target: string;
  injectable: boolean;
  /** sqlmap finished its tests and found nothing. */
  clean: boolean;
  timedOut: boolean;
  errors500: number;
  heuristics: string[];
  exitCode: number | null;
}

function sqlmap(target: Target, dbms: "SQLite" | "PostgreSQL", outputDir: string): Promise<Outcome> {
  const args = [
    ...target.args,
    "--batch",
    `--level=${LEVEL}`,
    `--risk=${RISK}`,
    `--dbms=${dbms}`,
    "--flush-session",
    "--disable-coloring",
    "--timeout=15",
    "--retries=1",
    "--time-sec=2",
    // Refusals are the application's normal answers to garbage (400, 404 for an unknown transaction,
    // 409 for a taken slot, 429 when throttled): sqlmap must compare them, not stop at them.
    "--ignore-code=400,401,403,404,409,429",
    `--output-dir=${outputDir}`,
  ];
  log(`sqlmap ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn("sqlmap", args, { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { ...process.env, TERM: "dumb" } });
    let out = "";
    const take = (chunk: Buffer) => {
      const text = String(chunk);
      out += text;
      for (const line of text.split("\n"))
        if (/\[(CRITICAL|WARNING|ERROR)\]|injectable|vulnerable|identified|\(.+\) - \d+ times/i.test(line))
          log(`  ${target.name}: ${line.trim()}`);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
    }, TARGET_TIMEOUT_MS);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const injectable =
        /identified the following injection point/i.test(out) ||
        /parameter '[^']+' is vulnerable/i.test(out) ||
        /\bis vulnerable\. Do you want to keep testing/i.test(out);
      // sqlmap ends with "HTTP error codes detected during run: 500 (Internal Server Error) - 12 times".
      const errors500 = [...out.matchAll(/500 \(Internal Server Error\) - (\d+) times?/gi)].reduce((sum, m) => sum + Number(m[1]), 0);
      const heuristics = [...out.matchAll(/heuristic \(basic\) test shows that ([^\n]*?) might be injectable[^\n]*/gi)].map((m) => m[0]);
      const clean = /all tested parameters do not appear to be injectable/i.test(out);
      resolve({ target: target.name, injectable, clean, timedOut, errors500, heuristics, exitCode: code });
    });
  });
}

interface SlowClientOutcome {
  served: boolean;
  summary: string;
}

/**
 * The slow-client probe: SLOW_CLIENTS trickling form POSTs, a rendered page asked for meanwhile.
 * Bounded: SLOW_PROBE_MS of probing, then the tricklers are closed (those still open).
 */
async function slowClientProbe(base: string, cookie: string): Promise<SlowClientOutcome> {
  const { hostname, port } = new URL(base);
  log(
    `slow clients: ${SLOW_CLIENTS} connections trickle a form body one byte a second; /profile asked for ${SLOW_PROBE_MS / 1000} s meanwhile`,
  );
  const tricklers = Array.from({ length: SLOW_CLIENTS }, () => trickle({ host: hostname, port: Number(port) }));
  try {
    await new Promise((r) => setTimeout(r, 1_000));
    const probe = await probeRenderedPage(`${base}/profile`, { durationMs: SLOW_PROBE_MS, headers: { Cookie: cookie } });
    // The server's body deadline (15 s by default) has passed for every trickler by now, or soon.
    await Promise.race([Promise.all(tricklers.map((t) => t.closed)), new Promise((r) => setTimeout(r, 5_000))]);
    const answers = Object.values(probe.statuses).reduce((a, b) => a + b, 0);
    const trickled: Record<string, number> = {};
    for (const t of tricklers) trickled[t.status ?? "still open"] = (trickled[String(t.status ?? "still open")] ?? 0) + 1;
    const served = answers > 0 && probe.statuses[200] === answers && probe.failures === 0 && probe.longestMs <= SLOW_PAGE_LIMIT_MS;
    const sorted = [...probe.waits].sort((a, b) => a - b);
    return {
      served,
      summary:
        `/profile answered ${answers} times ${JSON.stringify(probe.statuses)}, ${probe.failures} failed; ` +
        `longest wait ${probe.longestMs} ms, median ${sorted[Math.floor(sorted.length / 2)] ?? "-"} ms; trickling connections answered ${JSON.stringify(trickled)}`,
    };
  } finally {
    for (const t of tricklers) t.stop();
  }
}

async function scan(
  kind: "SQLite" | "PostgreSQL",
  databaseUrl: string,
  dataDir: string,
): Promise<{ outcomes: Outcome[]; slowClients?: SlowClientOutcome }> {
  log(`${kind}: starting the server on a fresh demo database`);
  const app = await startApp(databaseUrl, dataDir);
  const outcomes: Outcome[] = [];
  let slowClients: SlowClientOutcome | undefined;
  try {
    const { base, database } = app;
    const student = await database.db.selectFrom("profiles").select("id").where("email", "=", STUDENT).executeTakeFirstOrThrow();
    const property = await database.db
      .selectFrom("properties")
      .select("id")
      .where("hidden_at", "is", null)
      .where("is_verified", "=", 1)
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    const cookie = await signIn(base);
    if (ONLY.has("slow-clients")) {
      slowClients = await slowClientProbe(base, cookie);
      log(`${kind} slow clients: ${slowClients.summary}`);
    }
    const stopResetting = keepStateSteady(database, student.id);
    const origin = `Origin: ${base}`;
    const visitDate = addDays(doualaDate(new Date()), 3);
    const booking = new URLSearchParams({
      visitDate,
      visitTime: "10:00 AM",
      visitorName: "Scan Student",
      visitorEmail: "scan@example.cm",
      visitorPhone: "677123456",
      message: "Security scan",
    }).toString();
    const targets: Target[] = [
      {
        name: "search",
        args: [
          "-u",
          `${base}/listings?q=room&n=Molyko&type=room&min=10000&max=80000&beds=1&near=1000&sort=newest&page=1`,
          "-p",
          "q,n,type,min,max,beds,near,sort,page",
        ],
      },
      {
        name: "login",
        args: [
          "-u",
          `${base}/auth/login`,
          "--data",
          `intent=password&email=${encodeURIComponent(STUDENT)}&password=wrong-password&redirectTo=%2Fprofile`,
          "-p",
          "intent,email,password,redirectTo",
          "--headers",
          origin,
        ],
      },
      {
        name: "booking",
        args: [
          "-u",
          `${base}/book-visit/${property.id}`,
          "--data",
          booking,
          "-p",
          "visitDate,visitTime,visitorName,visitorEmail,visitorPhone,message",
          "--cookie",
          cookie,
          "--headers",
          origin,
        ],
      },
      {
        // The listing id in the path of the booking form (sqlmap's * marks the injection point).
        name: "booking-id",
        args: ["-u", `${base}/book-visit/${property.id}*`, "--data", booking, "--cookie", cookie, "--headers", origin],
      },
      {
        name: "webhook",
        args: [
          "-u",
          `${base}/webhooks/fapshi`,
          "--data",
          JSON.stringify({ transId: "SCAN123456" }),
          "--headers",
          "Content-Type: application/json",
        ],
      },
    ].filter((t) => ONLY.has(t.name.replace(/-id$/, "")));
    const outputDir = path.join(dataDir, "sqlmap");
    for (const target of targets) outcomes.push(await sqlmap(target, kind, outputDir));
    stopResetting();
  } finally {
    await app.stop();
  }
  return { outcomes, slowClients };
}

async function main() {
  if (["search", "login", "booking", "webhook"].some((t) => ONLY.has(t))) ensureSqlmap();
  ensureBuild();
  const results: Array<{ kind: string; outcomes: Outcome[]; slowClients?: SlowClientOutcome }> = [];

  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-scan-"));
  try {
    results.push({ kind: "SQLite", ...(await scan("SQLite", path.join(sqliteDir, "kamernest.db"), sqliteDir)) });
  } finally {
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    // A throwaway database, dropped afterwards: the server migrates and seeds it like a new install.
    const name = `kamernest_scan_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-scan-pg-"));
    try {
      results.push({ kind: "PostgreSQL", ...(await scan("PostgreSQL", url.toString(), pgDir)) });
    } finally {
      fs.rmSync(pgDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }

  let injectable = false;
  let incomplete = false;
  let starved = false;
  log("summary:");
  for (const { kind, outcomes, slowClients } of results) {
    if (slowClients) {
      log(
        `  ${kind} slow clients: ${slowClients.served ? "the rendered page was served" : "THE RENDERED PAGE WAS NOT SERVED"}: ${slowClients.summary}`,
      );
      starved ||= !slowClients.served;
    }
    for (const o of outcomes) {
      const verdict = o.injectable
        ? "INJECTABLE"
        : o.clean
          ? "all tested parameters do not appear to be injectable"
          : o.timedOut
            ? "stopped at the time limit (no injection found before it)"
            : `incomplete: sqlmap stopped early (exit ${o.exitCode}), see the lines above`;
      log(
        `  ${kind} ${o.target}: ${verdict}${o.errors500 ? `; ${o.errors500} answer(s) 500` : ""}${o.heuristics.length ? `; heuristics: ${o.heuristics.join(" | ")}` : ""}`,
      );
      injectable ||= o.injectable;
      incomplete ||= !o.injectable && !o.clean;
    }
  }
  if (injectable || starved) process.exit(1);
  if (incomplete) process.exit(2);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(2);
});
