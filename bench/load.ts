// npm run bench:load [-- --duration 60] [-- --connections 200] [-- --setups postgres,sqlite]
//                    [-- --students 3000] [-- --port-base 4200] [-- --no-write]
//
// The mixed load of issue 13, from the production build, on two setups:
// - postgres: two app instances on one scratch PostgreSQL database (TEST_DATABASE_URL's server,
//   default postgres://postgres@127.0.0.1:5432/test) behind nginx (deploy/cluster/nginx.conf);
// - sqlite: one instance on a fresh SQLite file, behind the same nginx configuration with one
//   upstream, so both setups pay for the same proxy hop.
// Each setup is seeded with the demo data plus `--students` confirmed student accounts, then
// `--connections` virtual users (bench/load-scenario.ts) browse, search, and book and pay for
// visits for `--duration` seconds. Afterwards the database is read: every booking and payment the
// clients saw succeed must be there exactly once. Reports p50/p99 per kind of request and overall,
// requests/s, every 5xx, into bench/RESULTS.md between its load markers (bench/results-section.ts).
// Ports: free ones the system picks, or with --port-base N the ones from N up (several people
// sharing a machine each take their own range). The instances take RENDER_CONCURRENCY and
// RENDER_QUEUE_WAIT_MS from this command's environment (the admission gate, decision 0150).
// Exits 1 when a 5xx was answered or the database disagrees with the clients, 2 when it cannot run.
import { execSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Insertable } from "kysely";
import { connect } from "#infrastructure/db/connection";
import type { ProfilesTable } from "#infrastructure/db/schema";
import { addDays, checkVisitDate, doualaDate, MAX_DAYS_AHEAD, weekdayOf } from "#domain/booking/visit-date";
import { slotsFor, visitingHoursOrDefault } from "#domain/booking/visiting-hours";
import {
  children,
  DEMO_PASSWORD,
  ensureBuild,
  ensureNginx,
  freePort,
  root,
  scratchDatabase,
  startInstance,
  startNginx,
  stopChildren,
} from "../scripts/lib/cluster-kit";
import { KINDS, percentile, runScenario, type ScenarioResult, type Slot, type Student } from "./load-scenario";
import { readResults, RESULTS_FILE, withSection } from "./results-sections";

type Setup = "postgres" | "sqlite";

const args = process.argv.slice(2);
function flag(name: string, fallback: number): number {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const value = Number(args[i].includes("=") ? args[i].split("=")[1] : args[i + 1]);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} needs a positive whole number`);
    process.exit(2);
  }
  return value;
}
const DURATION_S = flag("duration", 60);
const CONNECTIONS = flag("connections", 200);
const STUDENTS = flag("students", 3000);
const setupsArg = args.find((a) => a.startsWith("--setups"));
const SETUPS = (
  (setupsArg?.includes("=") ? setupsArg.split("=")[1] : setupsArg ? args[args.indexOf(setupsArg) + 1] : "postgres,sqlite") ?? ""
)
  .split(",")
  .filter(Boolean) as Setup[];
const WRITE = !args.includes("--no-write");
const PORT_BASE = args.some((a) => a.startsWith("--port-base")) ? flag("port-base", 0) : null;
// The gate's settings the instances run with (they inherit this environment); the defaults otherwise.
const GATE = {
  concurrency: process.env.RENDER_CONCURRENCY ?? "16 (default)",
  waitMs: process.env.RENDER_QUEUE_WAIT_MS ?? "20000 (default)",
};
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const STUDENT_PREFIX = "load-student-";

const log = (line: string) => console.log(`[load] ${line}`);

interface Prepared {
  propertyIds: string[];
  slots: Slot[];
  students: Student[];
}

/** Student accounts (the demo password's hash, so signing in costs what it costs a person), the listings, the free visit slots. */
async function prepare(databaseUrl: string): Promise<Prepared> {
  const { db, close } = connect({ url: databaseUrl });
  try {
    const demo = await db
      .selectFrom("profiles")
      .select("password_hash")
      .where("email", "=", "student@kamernest.test")
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const students: Student[] = [];
    const rows: Insertable<ProfilesTable>[] = [];
    for (let i = 1; i <= STUDENTS; i++) {
      const n = String(i).padStart(5, "0");
      const student = {
        id: `${STUDENT_PREFIX}${n}`,
        email: `${STUDENT_PREFIX}${n}@load.test`,
        password: DEMO_PASSWORD,
        name: `Load Student ${n}`,
      };
      students.push(student);
      rows.push({
        id: student.id,
        role: "student" as const,
        full_name: student.name,
        email: student.email,
        phone: null,
        password_hash: demo.password_hash,
        email_confirmed_at: now,
        google_id: null,
        totp_secret: null,
        totp_enabled_at: null,
        created_at: now,
        updated_at: now,
        suspended_at: null,
        suspended_reason: null,
      });
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto("profiles")
          .values(rows.slice(i, i + 200))
          .execute();
    });

    const visible = await db.selectFrom("properties").select("id").where("hidden_at", "is", null).execute();
    const bookable = await db
      .selectFrom("properties")
      .select(["id", "visiting_hours"])
      .where("status", "=", "available")
      .where("is_available", "=", 1)
      .where("hidden_at", "is", null)
      .orderBy("id")
      .execute();
    const held = new Set(
      (await db.selectFrom("bookings").select(["property_id", "visit_date", "visit_time"]).execute()).map(
        (b) => `${b.property_id}|${b.visit_date}|${b.visit_time}`,
      ),
    );
    // Day by day, time by time, listing by listing: consecutive flows book different listings.
    const slots: Slot[] = [];
    const today = doualaDate(new Date());
    for (let d = 1; d <= MAX_DAYS_AHEAD; d++) {
      const date = addDays(today, d);
      if (!checkVisitDate(date, new Date()).ok) continue;
      const byProperty = bookable.map((p) => ({
        id: p.id,
        times: slotsFor(visitingHoursOrDefault(p.visiting_hours), date, weekdayOf(date)),
      }));
      const most = Math.max(0, ...byProperty.map((p) => p.times.length));
      for (let t = 0; t < most; t++) {
        for (const p of byProperty) {
          const time = p.times[t];
          if (time && !held.has(`${p.id}|${date}|${time}`)) slots.push({ propertyId: p.id, date, time });
        }
      }
    }
    log(
      `${students.length} students added; ${visible.length} listings to browse, ${bookable.length} bookable with ${slots.length} free visit slots`,
    );
    return { propertyIds: visible.map((p) => p.id), slots, students };
  } finally {
    await close();
  }
}

// Map.groupBy arrives with Node 21; the engines field allows 20.
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

interface Verification {
  ok: boolean;
  lines: string[];
}

/** Every booking and payment the clients saw succeed, looked up in the database: each exactly once, in the state the client saw. */
async function verify(databaseUrl: string, result: ScenarioResult): Promise<Verification> {
  const { db, close } = connect({ url: databaseUrl });
  try {
    const bookings = await db
      .selectFrom("bookings")
      .select(["id", "booking_reference", "booking_status", "payment_status", "student_id", "property_id", "visit_date", "visit_time"])
      .where("student_id", "like", `${STUDENT_PREFIX}%`)
      .execute();
    const payments = await db
      .selectFrom("payments")
      .select(["id", "reference", "booking_id", "payment_status"])
      .where("user_id", "like", `${STUDENT_PREFIX}%`)
      .execute();
    const bookingsByRef = groupBy(bookings, (b) => b.booking_reference);
    const paymentsByRef = groupBy(payments, (p) => p.reference);
    const successfulByBooking = groupBy(
      payments.filter((p) => p.payment_status === "successful"),
      (p) => p.booking_id ?? "",
    );
    const wrong: string[] = [];
    let bookingsOnce = 0;
    let paymentsOnce = 0;
    const seenPaid = result.seen.filter((s) => s.paymentReference);
    for (const seen of result.seen) {
      const rows = bookingsByRef.get(seen.bookingReference) ?? [];
      const row = rows[0];
      const sameSlot =
        row && row.property_id === seen.slot.propertyId && row.visit_date === seen.slot.date && row.visit_time === seen.slot.time;
      if (rows.length !== 1 || !sameSlot || row.student_id !== seen.studentId) {
        wrong.push(`booking ${seen.bookingReference}: ${rows.length} row(s)${row && !sameSlot ? ", another slot" : ""}`);
        continue;
      }
      bookingsOnce++;
      if (!seen.paymentReference) continue;
      const paid = paymentsByRef.get(seen.paymentReference) ?? [];
      const successful = successfulByBooking.get(row.id) ?? [];
      if (
        paid.length !== 1 ||
        paid[0].payment_status !== "successful" ||
        paid[0].booking_id !== row.id ||
        successful.length !== 1 ||
        row.booking_status !== "confirmed"
      ) {
        wrong.push(
          `payment ${seen.paymentReference} of ${seen.bookingReference}: ${paid.length} row(s), status ${paid[0]?.payment_status}, ${successful.length} successful payment(s) for the booking, booking ${row.booking_status}`,
        );
        continue;
      }
      paymentsOnce++;
    }
    const seenRefs = new Set(result.seen.map((s) => s.bookingReference));
    const unseen = bookings.filter((b) => !seenRefs.has(b.booking_reference)).length;
    const lines = [
      `${result.seen.length} bookings the clients saw made: ${bookingsOnce} in the database exactly once, on the slot the client chose.`,
      `${seenPaid.length} payments the clients saw succeed: ${paymentsOnce} in the database exactly once, successful, on their booking, which is confirmed and has no other successful payment.`,
      `Bookings by the load's students that no client saw made (a flow cut short before the redirect): ${unseen}.`,
      ...wrong.slice(0, 20).map((w) => `Mismatch: ${w}`),
    ];
    return { ok: wrong.length === 0 && bookingsOnce === result.seen.length && paymentsOnce === seenPaid.length, lines };
  } finally {
    await close();
  }
}

/** The next port from --port-base (checked free), or one the system picks. */
let nextPort = PORT_BASE;
async function takePort(): Promise<number> {
  if (nextPort === null) return freePort();
  // 4222 is NATS's port on the development machine: never one of ours.
  if (nextPort === 4222) nextPort++;
  const port = nextPort++;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () => reject(new Error(`port ${port} (from --port-base) is taken`)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
  return port;
}

async function stopAll() {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  const exited = running.map((c) => new Promise((resolve) => c.once("exit", resolve)));
  stopChildren();
  await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, 10_000))]);
  stopChildren("SIGKILL");
  children.length = 0;
}

interface SetupRun {
  setup: Setup;
  description: string;
  result: ScenarioResult;
  verification: Verification;
  loadBefore: number[];
  loadAfter: number[];
  nginxErrors: Record<string, number>;
}

/** What nginx's error log says about the run: why it answered a 502 or a 504 itself. */
function nginxErrorsIn(work: string): Record<string, number> {
  const file = path.join(work, "error.log");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const kinds: Record<string, RegExp> = {
    "upstream timed out (an instance did not answer within proxy_read_timeout, 30 s)": /upstream timed out/,
    "no live upstreams (every instance marked failed, max_fails=1 for fail_timeout=5s)": /no live upstreams/,
    "connect() failed (an instance refused the connection)": /connect\(\) failed/,
    "upstream prematurely closed (a kept-alive connection closed by the app as nginx reused it)": /prematurely closed/,
  };
  return Object.fromEntries(Object.entries(kinds).map(([label, re]) => [label, text.split("\n").filter((l) => re.test(l)).length]));
}

async function runSetup(setup: Setup, nginx: string): Promise<SetupRun> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `kamernest-load-${setup}-`));
  const database = setup === "postgres" ? await scratchDatabase(baseUrl, "kamernest_load") : null;
  const databaseUrl = database?.url ?? path.join(work, "kamernest.db");
  try {
    const ports = setup === "postgres" ? [await takePort(), await takePort()] : [await takePort()];
    const proxyPort = await takePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const instances: ChildProcess[] = [];
    // The first instance migrates and seeds; the second starts on the ready database.
    for (const [i, port] of ports.entries()) {
      instances.push(
        await startInstance({ name: `${setup}-${i + 1}`, port, databaseUrl, appUrl: proxyUrl, storageDir: path.join(work, "uploads") }),
      );
    }
    await startNginx(nginx, work, ports, proxyPort);
    const description =
      setup === "postgres" ? `two instances on one PostgreSQL database behind nginx` : `one instance on SQLite behind nginx (one upstream)`;
    log(`${setup}: ${description} at ${proxyUrl}`);
    const prepared = await prepare(databaseUrl);
    const loadBefore = os.loadavg();
    log(`${setup}: ${CONNECTIONS} connections for ${DURATION_S} s`);
    const result = await runScenario({ base: proxyUrl, connections: CONNECTIONS, durationS: DURATION_S, ...prepared });
    const loadAfter = os.loadavg();
    const verification = await verify(databaseUrl, result);
    return { setup, description, result, verification, loadBefore, loadAfter, nginxErrors: nginxErrorsIn(work) };
  } finally {
    await stopAll();
    await database?.drop(log);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const ms = (v: number) => (Number.isNaN(v) ? "–" : v < 10 ? v.toFixed(1) : String(Math.round(v)));

function report(runs: SetupRun[]): string {
  const commit = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
  const dirty = execSync("git status --porcelain", { cwd: root }).toString().trim() !== "";
  const lines: string[] = [];
  lines.push("## Mixed load (`npm run bench:load`)", "");
  lines.push(
    `Measured on commit \`${commit}\`${dirty ? " (with uncommitted changes)" : ""}, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, Node ${process.version}.`,
    `Command: \`npm run bench:load${args.length ? ` -- ${args.join(" ")}` : ""}\`: ${CONNECTIONS} connections (virtual users, each one request at a time, no pause) for ${DURATION_S} s per setup, production build, load generator (undici) on the same machine.`,
    "Each virtual user repeats: browse (80 %: home, listings, a property page, guest houses, blog, as a visitor), search (15 %: a random filter set on /listings), or book and pay (5 %: sign-in page, sign in, the booking form for a day, book a free time, the payment page, pay with MTN MoMo, the simulated checkout, Approve, the result page), as a browser without JavaScript sends them. The shares are of the users' choices, not of requests: a booking is nine requests.",
    "Approve waits for the simulated provider's 2 s processing on the server (what a browser without JavaScript waits for), so its latency starts at 2 000 ms.",
    `Each instance's admission gate (decision 0150): RENDER_CONCURRENCY=${GATE.concurrency}, RENDER_QUEUE_WAIT_MS=${GATE.waitMs}. "From the page cache" counts fresh copies and expired copies served while one request renders the page again (stale, in brackets).`,
    "The load generator, nginx, PostgreSQL and the app share the machine's two cores; the load average before and after each setup shows whether anything else ran (a run on a busy machine is a lower bound of what the app does alone).",
    "",
  );
  for (const run of runs) {
    const { result, verification } = run;
    const all = KINDS.flatMap((k) => result.latencies[k]).sort((a, b) => a - b);
    const total = all.length;
    lines.push(`### ${run.setup}: ${run.description}`, "");
    lines.push(
      `${total} requests in ${result.elapsedS.toFixed(1)} s: **${Math.round(total / result.elapsedS)} req/s**; **${result.serverErrors.length} answers 5xx**; ${result.networkErrors.length} requests without an answer. Load average (1 min) ${run.loadBefore[0].toFixed(1)} before, ${run.loadAfter[0].toFixed(1)} after.`,
      "",
    );
    lines.push("| Request | Count | p50 ms | p99 ms | Statuses | From the page cache |", "|---|---:|---:|---:|---|---:|");
    for (const kind of KINDS) {
      const sorted = [...result.latencies[kind]].sort((a, b) => a - b);
      const statuses = Object.entries(result.statuses[kind])
        .map(([s, n]) => `${s}: ${n}`)
        .join(", ");
      const stale = result.staleHits[kind] ? ` (${result.staleHits[kind]})` : "";
      lines.push(
        `| ${kind} | ${sorted.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} | ${statuses || "–"} | ${result.cacheHits[kind]}${stale} |`,
      );
    }
    const staleAll = KINDS.reduce((n, k) => n + result.staleHits[k], 0);
    lines.push(
      `| **all** | ${total} | ${ms(percentile(all, 50))} | ${ms(percentile(all, 99))} | | ${KINDS.reduce((n, k) => n + result.cacheHits[k], 0)}${staleAll ? ` (${staleAll})` : ""} |`,
      "",
    );
    const f = result.flows;
    lines.push(
      `Booking flows: ${f.started} started, ${f.booked} bookings made, ${f.paid} paid; ${f.slotTaken} refused as a taken time (409, expected when two people want one time; each flow is given its own free time, so none is expected here); ${f.notOffered} times the form did not offer; ${f.noStudentOrSlot} choices that found no fresh student or free time left (browsed instead); ${result.problems.length} flows stopped by another answer.`,
      "",
    );
    for (const p of result.problems.slice(0, 10)) lines.push(`- stopped at ${p.step} (${p.status}): ${p.detail.replace(/\|/g, "/")}`);
    if (result.problems.length) lines.push("");
    lines.push("Slowest answers:", "");
    for (const r of result.slowest) lines.push(`- ${Math.round(r.ms)} ms: ${r.status} ${r.method} ${r.path} (${r.kind}, ${r.cache})`);
    lines.push("");
    lines.push(`Database check (${verification.ok ? "passed" : "FAILED"}):`, "");
    for (const l of verification.lines) lines.push(`- ${l}`);
    lines.push("");
    if (result.serverErrors.length) {
      const bySource = result.serverErrors.filter((e) => /nginx/.test(e.body)).length;
      const busy = result.serverErrors.filter((e) => e.status === 503 && /Too many visitors/.test(e.body)).length;
      lines.push(
        `Of the 5xx, ${bySource} are nginx's own pages (it gave up on an instance), ${result.serverErrors.length - bySource} came from the app (${busy} of them the admission gate's "busy" page after RENDER_QUEUE_WAIT_MS). nginx's error log: ${Object.entries(
          run.nginxErrors,
        )
          .map(([k, n]) => `${k}: ${n}`)
          .join("; ")}. Fixes the earlier runs led to: docs/decisions/0142 and 0150.`,
        "",
      );
      lines.push("5xx answers (first 20):", "");
      for (const e of result.serverErrors.slice(0, 20)) lines.push(`- ${e.status} ${e.method} ${e.path} (${e.kind}): ${e.body}`);
      lines.push("");
    }
    if (result.networkErrors.length) {
      lines.push("Requests without an answer (first 10):", "");
      for (const e of result.networkErrors.slice(0, 10)) lines.push(`- ${e.method} ${e.path} (${e.kind}): ${e.error}`);
      lines.push("");
    }
  }
  return lines.join("\n");
}

async function main() {
  if (SETUPS.length === 0 || SETUPS.some((s) => s !== "postgres" && s !== "sqlite")) {
    console.error("--setups takes postgres, sqlite or both (postgres,sqlite)");
    process.exit(2);
  }
  const nginx = ensureNginx(log);
  ensureBuild(log);
  const runs: SetupRun[] = [];
  for (const setup of SETUPS) runs.push(await runSetup(setup, nginx));
  const section = report(runs);
  console.log(`\n${section}`);
  if (WRITE) {
    fs.writeFileSync(path.join(root, RESULTS_FILE), withSection(readResults(path.join(root, RESULTS_FILE)), "load", section));
    log(`written to ${RESULTS_FILE}`);
  }
  const failed = runs.filter((r) => r.result.serverErrors.length > 0 || !r.verification.ok);
  if (failed.length) {
    log(`${failed.map((r) => r.setup).join(", ")}: 5xx answers or the database disagrees with the clients`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch(async (error) => {
  console.error(error);
  stopChildren("SIGKILL");
  process.exit(2);
});
