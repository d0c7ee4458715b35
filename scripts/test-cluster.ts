// `npm run test:cluster` (run by `npm test` after the browser tests when TEST_DATABASE_URL is set,
// as in CI): two app instances on one PostgreSQL database behind nginx (deploy/cluster/nginx.conf,
// the example configuration itself), and the checks issue 13 asks for:
//   1. a session made through one instance is valid on the other;
//   2. login throttling counts failures made through both;
//   3. the payment reconciliation job runs once per period between them, not twice;
//   4. a listing hidden through one instance leaves the other's cached page within a second;
//   5. killing one instance under traffic loses no request nginx could retry.
// Not yet checked (not built yet): photos through S3-compatible storage, PostgreSQL stopped
// under traffic, the mixed load (issue 13 keeps them open).
//
// Installs Debian's nginx when it is missing. Exits 1 when a check fails, 2 when it cannot run.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import pg from "pg";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const DEMO_PASSWORD = "kamernest-demo";
const RECONCILE_MS = 500;
const log = (line: string) => console.log(`[cluster] ${line}`);
const children: ChildProcess[] = [];
const failures: string[] = [];
const passes: string[] = [];

function check(name: string, ok: boolean, detail = "") {
  log(`${ok ? "✓" : "✗"} ${name}${detail ? ` (${detail})` : ""}`);
  (ok ? passes : failures).push(name);
}

function ensureNginx(): string {
  const found = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (found) return found;
  log("nginx is missing: installing Debian's package");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args: string[]) =>
    spawnSync(sudo[0] ?? "apt-get", [...(sudo.length ? ["apt-get"] : []), ...args], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;
  if (!apt(["update", "-qq"]) || !apt(["install", "-y", "-qq", "nginx-light"])) {
    log("could not install nginx (apt-get install -y nginx-light)");
    process.exit(2);
  }
  return "/usr/sbin/nginx";
}

function ensureBuild() {
  if (fs.existsSync(path.join(root, "build/server/index.js"))) return;
  log("no production build: running remix vite:build");
  if (spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", cwd: root }).status !== 0) process.exit(2);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

async function startInstance(name: string, port: number, databaseUrl: string, appUrl: string, storageDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      // The demo accounts sign in for the checks; on PostgreSQL the app calls that a public demo
      // and asks for this flag (and shows a banner).
      DEMO_MODE: "true",
      ALLOW_PUBLIC_DEMO: "true",
      APP_URL: appUrl,
      SESSION_SECRETS: "cluster-test-secret-shared-by-both-instances",
      TRUST_PROXY: "loopback",
      STORAGE_DIR: storageDir,
      PAYMENTS_RECONCILE_INTERVAL_MS: String(RECONCILE_MS),
      ALERTS_INTERVAL_MS: "0",
      BOOKING_NOTICES_INTERVAL_MS: "0",
      SIGN_UPS_PER_IP: "200",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) console.log(`[${name}] ${line}`);
  });
  children.push(child);
  const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`instance ${name} exited (${code}) before it was ready`))));
  await Promise.race([waitFor(`http://127.0.0.1:${port}/readyz`, 90_000), exited]);
  return child;
}

/** Cookies as a browser keeps them: name=value pairs from Set-Cookie. */
function cookiesFrom(response: Response, jar = new Map<string, string>()): Map<string, string> {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function logIn(base: string, email: string, password: string) {
  const body = new URLSearchParams({ intent: "password", email, password });
  const response = await fetch(`${base}/auth/login`, { method: "POST", body, redirect: "manual" });
  return { status: response.status, jar: cookiesFrom(response), text: response.status === 200 || response.status >= 400 ? await response.text() : "" };
}

async function main() {
  const nginx = ensureNginx();
  ensureBuild();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-cluster-"));
  const database = `kamernest_cluster_${randomUUID().replace(/-/g, "").slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${database}` }).toString();
  const db = new pg.Client({ connectionString: databaseUrl });
  let nginxProcess: ChildProcess | null = null;
  try {
    const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
    const proxy = `http://127.0.0.1:${portProxy}`;
    const [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    // The first instance migrates and seeds; the second starts on the ready database.
    await startInstance("a", portA, databaseUrl, proxy, path.join(work, "uploads"));
    const instanceB = await startInstance("b", portB, databaseUrl, proxy, path.join(work, "uploads"));
    await db.connect();

    const template = fs.readFileSync(path.join(root, "deploy/cluster/nginx.conf"), "utf8");
    const upstreams = [portA, portB].map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n    ");
    // The placeholders in the directives (the comments name them too, and stay as they are).
    const conf = template
      .split("\n")
      .map((line) =>
        line.trimStart().startsWith("#")
          ? line
          : line.replaceAll("__PREFIX__", work).replace("__LISTEN__", `127.0.0.1:${portProxy}`).replace("__UPSTREAMS__", upstreams),
      )
      .join("\n");
    fs.writeFileSync(path.join(work, "nginx.conf"), conf);
    nginxProcess = spawn(nginx, ["-c", path.join(work, "nginx.conf"), "-p", work, "-e", path.join(work, "error.log"), "-g", "daemon off;"], { stdio: "inherit" });
    children.push(nginxProcess);
    await waitFor(`${proxy}/healthz`, 15_000);
    log(`two instances (:${portA}, :${portB}) behind nginx (:${portProxy}) on PostgreSQL database ${database}`);

    // Signed in before the throttling check, which locks this address out for 15 minutes.
    const adminSession = await logIn(a, "admin@kamernest.test", DEMO_PASSWORD);

    // 1. A session made through A is valid on B.
    const student = await logIn(a, "student@kamernest.test", DEMO_PASSWORD);
    const profileOnB = await fetch(`${b}/profile`, { headers: { Cookie: cookieHeader(student.jar) }, redirect: "manual" });
    check("a session made through one instance is valid on the other", student.status === 302 && profileOnB.status === 200, `login ${student.status}, /profile on b ${profileOnB.status}`);

    // 2. Five failures spread over both instances lock the address out on both.
    const email = "subscriber@kamernest.test";
    for (const base of [a, b, a, b, a]) await logIn(base, email, "wrong-password");
    const sixth = await logIn(b, email, DEMO_PASSWORD);
    check("login throttling counts failures made through both instances", sixth.status !== 302 && /Too many attempts/.test(sixth.text), `sixth attempt on b: ${sixth.status}`);

    // 3. Reconciliation: both instances tick every 500 ms; with the lease it runs once per period.
    const runsAt = async () =>
      Number((await db.query("SELECT runs FROM job_leases WHERE job = 'payments-reconciliation'")).rows[0]?.runs ?? 0);
    const before = await runsAt();
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 4_000));
    const runs = (await runsAt()) - before;
    const elapsed = Date.now() - started;
    const mostOnce = Math.floor(elapsed / (RECONCILE_MS * 0.9)) + 1;
    check("the reconciliation job runs once per period, not once per instance", runs > 0 && runs <= mostOnce, `${runs} runs in ${elapsed} ms; at most ${mostOnce} once per period, ~${Math.round((2 * elapsed) / RECONCILE_MS)} if both ran`);

    // 4. A listing hidden through A leaves B's cached page within a second.
    const { rows } = await db.query(
      "SELECT id, title FROM properties WHERE hidden_at IS NULL AND status = 'available' ORDER BY created_at DESC LIMIT 1",
    );
    const listing = rows[0] as { id: string; title: string };
    const listingsPage = `${b}/listings`;
    // A static page is stored once compressed, off the main thread: ask until B answers from memory.
    let cached = await fetch(listingsPage);
    for (let i = 0; i < 50 && cached.headers.get("x-page-cache") !== "hit"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      cached = await fetch(listingsPage);
    }
    const shownBefore = (await cached.text()).includes(listing.title);
    const hide = await fetch(`${a}/admin/properties`, {
      method: "POST",
      headers: { Cookie: cookieHeader(adminSession.jar) },
      body: new URLSearchParams({ intent: "hide", propertyId: listing.id, reason: "Cluster test: hidden through instance a" }),
      redirect: "manual",
    });
    const hiddenAt = Date.now();
    let goneAfter = -1;
    while (Date.now() - hiddenAt < 5_000) {
      if (!(await (await fetch(listingsPage)).text()).includes(listing.title)) {
        goneAfter = Date.now() - hiddenAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    check(
      "a listing hidden through one instance leaves the other's cached page within a second",
      cached.headers.get("x-page-cache") === "hit" && shownBefore && hide.status < 400 && goneAfter >= 0 && goneAfter <= 1_000,
      `cached on b: ${cached.headers.get("x-page-cache")}, shown before: ${shownBefore}, hide on a: ${hide.status} → ${hide.headers.get("location")}, gone from b after ${goneAfter} ms`,
    );

    // 5. Kill B while nginx is under traffic: every GET is answered (nginx retries on A).
    const load = new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url: `${proxy}/listings`, connections: 10, duration: 4 }, (error, result) => (error ? reject(error) : resolve(result))),
    );
    await new Promise((r) => setTimeout(r, 1_500));
    instanceB.kill("SIGKILL");
    const result = await load;
    check(
      "killing one instance under traffic loses no request nginx could retry",
      result.errors === 0 && result.non2xx === 0 && result.requests.total > 0,
      `${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1_000));
    await db.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((e: Error) => log(`could not drop ${database}: ${e.message}`));
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
  // For `npm test`'s totals.
  if (process.env.CLUSTER_RESULTS) fs.writeFileSync(process.env.CLUSTER_RESULTS, JSON.stringify({ passed: passes.length, failed: failures.length, failures }));
  if (failures.length > 0) {
    log(`${failures.length} check(s) failed`);
    process.exit(1);
  }
  log("all checks passed");
}

main().catch((error) => {
  console.error(error);
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  process.exit(2);
});
