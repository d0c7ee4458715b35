// npm run bench [-- --quick] [-- --skip-lighthouse] [-- --sizes=1000,100000] [-- --only search] [-- --weights-only] [-- --off-rounds=N]
// (--weights-only: the page-weight table alone, printed; RESULTS.md is left as it is)
// npm run bench -- --only=<part of a route's name> [--sizes=1000] [--port=3360] [--rounds=3] [--quick]
//   a quick look at one cached route beside the node:http ceiling, back to back: SQLite only, page
//   cache on, no floor, weights or Lighthouse; printed, never written to RESULTS.md.
// npm run bench -- --2g [--port=3360]
//   only the 2G figure (also part of the full run): written to bench/2g.md and into RESULTS.md.
//
// --only search: only the three searches, every request rendered, at each size on each database,
// and their p50 growth with their server's peak memory, written to their own section of RESULTS.md.
// The benchmark, printed as tables and written to bench/RESULTS.md:
// - data: the demo seed plus generated listings (1 000 and 100 000) on SQLite, and on PostgreSQL
//   when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set;
// - server: autocannon on loopback against the production build, 50 connections for 20 s, for
//   /listings with three realistic filter sets and a property page: requests/s, p50, p99, peak
//   memory; and a plain node:http server answering the same HTML from memory, as the ceiling;
//   every route rendered on each request is measured in rounds (--off-rounds=N: 2 with --quick,
//   else 3), each between two samples of the floor (../shared/bench-floor), and reported as the
//   median of its ratios to them, with the CPU a request of each (decisions 0162, 0172);
// - page weight per route: JavaScript and CSS transferred (gzip), HTML size;
// - Lighthouse (mobile preset, Debian's Chromium) on /, /listings and a property page;
// - 2G: Debian's Chromium under network emulation (400 kbit/s, 400 ms RTT): the time until
//   /listings shows its first result, with and without Save-Data;
// - the query plans of the typical searches at the largest size, and the neighbourhood counts and
//   the similar listings timed there (issue 12: under 10 ms).
import { spawn, execSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { sql } from "kysely";
import autocannon from "autocannon";
import { connect, type Dialect } from "#infrastructure/db/connection";
import { migrateToLatest } from "#infrastructure/db/migrate";
import { seedDemoData } from "#infrastructure/seed/demo-seed";
import { LocalFileStorage } from "#infrastructure/storage/local-file-storage";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { explainListingSearch, KyselyListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { parseListingSearch } from "#domain/listings/listing-search";
import { ensureProductionBuild, PRODUCTION_SERVER } from "../scripts/lib/production-build.mjs";
import { generateProperties } from "./generate-properties";
import { readResults, RESULTS_FILE, sectionOf, withSection } from "./results-sections";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/lib/chromium";
import { demoSessionCookie, freePort, waitFor } from "../scripts/lib/cluster-kit";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const skipLighthouse = args.includes("--skip-lighthouse");
const onlySearch = args.includes("--only=search") || args[args.indexOf("--only") + 1] === "search";
// --only=<part of a route's name>, except --only search (above).
const only = onlySearch ? undefined : args.find((a) => a.startsWith("--only="))?.slice(7);
const basePort = Number(args.find((a) => a.startsWith("--port="))?.slice(7) ?? process.env.BENCH_PORT ?? 0);
const weightsOnly = args.includes("--weights-only");
const sizes = (args.find((a) => a.startsWith("--sizes="))?.slice(8) ?? "1000,100000").split(",").map(Number);
const DURATION_S = quick ? 5 : 20;
/**
 * Every request rendered: each route is loaded this many times, each round between two samples of
 * the floor (floor, ours, floor, ours, floor), and its figures are the medians over the rounds. On
 * this shared machine the floor moved from 560 to 1 240 req/s within one run; a single sample of
 * each, one after the other, made a row's ratio move by ±0.1 from run to run (decision 0172).
 */
const OFF_ROUNDS = Number(args.find((a) => a.startsWith("--off-rounds="))?.slice(13) ?? (quick ? 2 : 3));
const CONNECTIONS = 50;
const dataDir = path.resolve("bench/.data");
const storageDir = path.join(dataDir, "uploads");

/** Three searches students run most, plus a property page. */
const ALL_ROUTES: Array<{ name: string; path: string | ((propertyId: string) => string); as?: string }> = [
  { name: "/listings Molyko ≤ 40 000, newest", path: "/listings?n=Molyko&max=40000" },
  {
    name: "/listings room+studio, toilet, meter, ≤ 1 km, cheapest",
    path: "/listings?type=room&type=studio&toilet=1&meter=1&near=1000&sort=price_asc",
  },
  { name: "/listings available, verified, nearest", path: "/listings?available=1&verified=1&sort=nearest" },
  { name: "property page", path: (id) => `/listings/${id}` },
  // Signed-in pages are never cached: they are measured in the "every request rendered" runs.
  { name: "/profile (demo student)", path: "/profile", as: "student@kamernest.test" },
  { name: "/agents/bookings (demo agent)", path: "/agents/bookings", as: "agent@kamernest.test" },
];
const ROUTES = only ? ALL_ROUTES.filter((r) => r.name.includes(only)) : ALL_ROUTES;

interface LoadResult {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  ceilingRps: number;
  errors: number;
  url: string;
  /** Every request rendered: the floor's req/s beside it (the mean of the samples around each round, their median). */
  floorRps?: number;
  /** Every request rendered: the median over the rounds of its req/s over the floor's beside it. */
  floorRatio?: number;
  /** Every request rendered: CPU a request (ms, all threads) of our server and of the floor, medians over the rounds. */
  cpuMs?: number;
  floorCpuMs?: number;
  /** Every request rendered: how many bracketed rounds the figures are the medians of. */
  rounds?: number;
}
interface RunResult {
  dialect: Dialect;
  size: number;
  pageCache: boolean;
  peakRssMb: number;
  load: LoadResult[];
  plans?: string;
}

// --port=N (or BENCH_PORT=N): ports N to N+9 in turn (a shared machine hands each person a range), else random ones.
// A random port could be one a server of this run already holds (the floor's: our server then
// failed with EADDRINUSE); the system hands out a free one.
let nextPort = 0;
const benchPort = async () => (basePort ? basePort + (nextPort++ % 10) : freePort());

async function prepareDatabase(dialect: Dialect, size: number): Promise<{ url: string; propertyId: string }> {
  let url: string;
  if (dialect === "sqlite") {
    url = path.join(dataDir, `run-${size}.db`);
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(url + suffix, { force: true });
  } else {
    const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL!;
    // BENCH_DATABASE_PREFIX keeps two runs on one PostgreSQL server out of each other's databases.
    const name = `${process.env.BENCH_DATABASE_PREFIX ?? "kamernest_bench"}_${size}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const handle = connect({ url });
  await migrateToLatest(handle.db, handle.schema);
  await seedDemoData(handle.db, { photos: new LocalFileStorage(storageDir), hasher: new ScryptPasswordHasher() });
  const seeded = Number(
    (
      await handle.db
        .selectFrom("properties")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (size > seeded) await generateProperties(handle.db, size - seeded, { seed: 7 });
  // As a live database is after its writes settle: PostgreSQL's autovacuum sets the visibility map
  // that index-only scans read (bench:plans does the same); the bulk insert just made left it empty.
  // SQLite: the statistics the server gathers when it starts (decision 0168), for the plan report.
  if (dialect === "postgres") await sql`vacuum analyze`.execute(handle.db);
  else await handle.gatherStatistics();
  const property = await handle.db
    .selectFrom("properties")
    .select("id")
    .where("hidden_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  await handle.close();
  return { url, propertyId: property.id };
}

/** Median and slowest of `runs` calls of `read`, after a few to warm the caches, in ms. */
async function timed(read: () => Promise<unknown>, runs = 50): Promise<{ median: number; worst: number }> {
  for (let i = 0; i < 5; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: median(times), worst: times.at(-1)! };
}

async function planReport(url: string, dialect: Dialect, propertyId: string): Promise<string> {
  const handle = connect({ url });
  const lines: string[] = [];
  // Issue 12: the neighbourhood counts and the similar listings under 10 ms at the largest size,
  // each timed alone from this process (one at a time, no other load), as the repository runs them.
  const search = new KyselyListingSearch(handle.db, dialect);
  const property = await search.findPropertyDetail(propertyId);
  if (!property) throw new Error(`the bench's property ${propertyId} is not shown`);
  const counts = await timed(() => search.neighbourhoodCounts());
  const similar = await timed(() => search.similarListings(property, 4));
  const ms = (t: { median: number; worst: number }) =>
    `median ${t.median.toFixed(2)} ms, slowest ${t.worst.toFixed(2)} ms of 50 (target: under 10 ms)`;
  lines.push(
    `### Neighbourhood counts and similar listings, timed\n\n` +
      `- The neighbourhood counts (the filter's list): ${ms(counts)}\n` +
      `- The similar listings of the property page (4 cards, with their first photos): ${ms(similar)}`,
  );
  // The three load routes, plus a common and a rare keyword (decision 0131: index or ordered scan).
  const searches = [
    ...ALL_ROUTES.slice(0, 3).map((r) => ({ name: r.name, path: r.path as string })),
    { name: "/listings keyword 'balcony', page 3", path: "/listings?q=balcony&page=3" },
    { name: "/listings keyword 'wardrobe'", path: "/listings?q=wardrobe" },
  ];
  for (const route of searches) {
    const query = route.path.split("?")[1] ?? "";
    const plan = await explainListingSearch(handle.db, dialect, parseListingSearch(new URLSearchParams(query)));
    const correction = plan.correction
      ? `\n\nCount's correction (matches of agents not approved):\n\n\`\`\`\n${plan.correction}\n\`\`\``
      : "";
    lines.push(
      `### ${route.name}\n\nPage query:\n\n\`\`\`\n${plan.page}\n\`\`\`\n\nCount query:\n\n\`\`\`\n${plan.count}\n\`\`\`${correction}`,
    );
  }
  await handle.close();
  return lines.join("\n\n");
}

function startServer(url: string, port: number, pageCache = true): Promise<ChildProcess> {
  // The compiled server (decision 0192), as production runs it.
  const child = spawn(process.execPath, [PRODUCTION_SERVER], {
    // ALLOW_PUBLIC_DEMO: on PostgreSQL the app takes a demo for a public site and asks for it.
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: url,
      STORAGE_DIR: storageDir,
      DEMO_MODE: "true",
      ALLOW_PUBLIC_DEMO: "true",
      APP_URL: `http://localhost:${port}`,
      PAYMENTS_RECONCILE_INTERVAL_MS: "0",
      ALERTS_INTERVAL_MS: "0",
      ...(pageCache ? {} : { PAGE_CACHE_TTL_MS: "0" }),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before it was ready`))),
  );
  return Promise.race([waitFor(`http://localhost:${port}/readyz`, 60_000), exited]).then(() => child);
}

/** CPU time a process has used so far (user + system, all threads), in ms, from the kernel. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are the 14th and 15th fields of the line (12th and 13th after the name).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Load a server and tell its CPU cost per request (µs), which the other loads on a shared machine move less than req/s. */
async function loadWithCpu(
  url: string,
  pid: number,
  duration = DURATION_S,
  headers: Record<string, string> = {},
): Promise<{ result: autocannon.Result; cpuUsPerRequest: number }> {
  const before = cpuMs(pid);
  const result = await load(url, duration, headers);
  return { result, cpuUsPerRequest: ((cpuMs(pid) - before) * 1000) / Math.max(result.requests.total, 1) };
}

/** Peak resident memory of a process, from the kernel (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function load(url: string, duration = DURATION_S, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { "accept-encoding": "gzip", ...headers } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** The ceiling: a bare node:http server answering the same bytes from memory, in its own process. */
async function startCeiling(html: string): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await benchPort();
  const file = path.join(os.tmpdir(), `kn-ceiling-${port}.html`);
  fs.writeFileSync(file, html);
  const code =
    `const http=require("http"),fs=require("fs"),zlib=require("zlib");const body=zlib.gzipSync(fs.readFileSync(${JSON.stringify(file)}));` +
    `http.createServer((q,s)=>{s.writeHead(200,{"content-type":"text/html; charset=utf-8","content-encoding":"gzip","content-length":body.length});s.end(body)}).listen(${port});`;
  const child = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
  await waitFor(`http://localhost:${port}/`, 10_000);
  return {
    url: `http://localhost:${port}/`,
    pid: child.pid!,
    stop: () => {
      child.kill();
      fs.rmSync(file, { force: true });
    },
  };
}

async function ceiling(html: string): Promise<number> {
  const server = await startCeiling(html);
  try {
    return (await load(server.url)).requests.average;
  } finally {
    server.stop();
  }
}

const prepared = new Map<string, { url: string; propertyId: string }>();

async function runLoad(dialect: Dialect, size: number, pageCache = true): Promise<RunResult> {
  console.log(`\n▶ ${dialect}, ${size.toLocaleString("en")} properties, page cache ${pageCache ? "on" : "off"}`);
  const key = `${dialect}-${size}`;
  if (!prepared.has(key)) prepared.set(key, await prepareDatabase(dialect, size));
  const { url, propertyId } = prepared.get(key)!;
  const port = await benchPort();
  const server = await startServer(url, port, pageCache);
  // Without the page cache every request renders: a shorter run says enough about its cost.
  const duration = pageCache ? DURATION_S : Math.max(5, Math.round(DURATION_S / 2));
  const results: LoadResult[] = [];
  try {
    for (const route of onlySearch ? ROUTES.slice(0, 3) : ROUTES) {
      if (route.as && pageCache) continue;
      const p = typeof route.path === "function" ? route.path(propertyId) : route.path;
      const headers: Record<string, string> = route.as ? { cookie: await demoSessionCookie(`http://localhost:${port}`, route.as) } : {};
      // Load the page's canonical address: /listings redirects a query in another order to it.
      const first = await fetch(`http://localhost:${port}${p}`, { headers });
      const html = await first.text();
      const target = first.url;
      if (!first.ok) throw new Error(`${target} answered ${first.status}`);
      // A short warm-up so the first measured second is not the JIT's.
      await new Promise<void>((resolve) => autocannon({ url: target, connections: 10, duration: 2, headers }, () => resolve()));
      const path = new URL(target).pathname + new URL(target).search;
      if (!pageCache) {
        results.push({ route: route.name, url: path, ...(await bracketedRounds(target, server.pid!, duration, headers)) });
        const r = results.at(-1)!;
        console.log(
          `  ${route.name}: ${Math.round(r.rps)} req/s (× ${r.floorRatio!.toFixed(2)} the floor beside it), p50 ${r.p50} ms, p99 ${r.p99} ms, CPU a request ${r.cpuMs!.toFixed(2)} ms (floor ${r.floorCpuMs!.toFixed(2)}), ${r.errors} errors, medians of ${r.rounds} rounds`,
        );
        continue;
      }
      const result = await load(target, duration, headers);
      // The ceiling once per data set, with the page cache on.
      const ceilingRps = await ceiling(html);
      results.push({
        route: route.name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        ceilingRps,
        errors: result.errors + result.non2xx,
        url: path,
      });
      console.log(
        `  ${route.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors (ceiling ${Math.round(ceilingRps)} req/s)`,
      );
    }
    const peak = peakRssMb(server.pid!);
    const plans = pageCache && !only && size === Math.max(...sizes) ? await planReport(url, dialect, propertyId) : undefined;
    return { dialect, size, pageCache, peakRssMb: peak, load: results, plans };
  } finally {
    server.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * One route, every request rendered, in OFF_ROUNDS rounds each between two samples of the floor
 * under the same load (floor, ours, floor, ours, floor): a round's ratio is to the mean of the two
 * floor samples around it, which takes out a drift of the machine's speed across the round. The
 * figures are the medians over the rounds; the errors, their sum.
 */
async function bracketedRounds(
  url: string,
  pid: number,
  duration: number,
  headers: Record<string, string>,
): Promise<Omit<LoadResult, "route" | "url">> {
  const floors = [await measureFloor(duration)];
  const rounds: Array<{ rps: number; p50: number; p99: number; cpuMs: number; errors: number; floorRps: number; floorCpuMs: number }> = [];
  for (let round = 0; round < OFF_ROUNDS; round++) {
    const { result, cpuUsPerRequest } = await loadWithCpu(url, pid, duration, headers);
    const after = await measureFloor(duration);
    const before = floors.at(-1)!;
    floors.push(after);
    rounds.push({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuMs: cpuUsPerRequest / 1000,
      errors: result.errors + result.non2xx,
      floorRps: (before.rps + after.rps) / 2,
      floorCpuMs: (before.cpuMs + after.cpuMs) / 2,
    });
  }
  const of = (key: keyof (typeof rounds)[number]) => median(rounds.map((r) => r[key]));
  return {
    rps: of("rps"),
    p50: of("p50"),
    p99: of("p99"),
    ceilingRps: Number.NaN,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    floorRps: of("floorRps"),
    floorRatio: median(rounds.map((r) => r.rps / r.floorRps)),
    cpuMs: of("cpuMs"),
    floorCpuMs: of("floorCpuMs"),
    rounds: rounds.length,
  };
}

/**
 * The floor of the stack: ../shared/bench-floor (the smallest Remix app, served by remix-serve),
 * copied under bench/.data, installed and built once, then loaded like our pages. Our figures are
 * reported as ratios to it, measured in the same run (issue 12). Its server stays up for the whole
 * run: a shared machine's speed drifts by half within a run (443 then 760 req/s, before and after
 * one run), so each rendered route is measured right after a floor sample of its own, and its ratio
 * is to that sample.
 */
let floorServer: { child: ChildProcess; url: string } | undefined;

async function startFloor(): Promise<{ child: ChildProcess; url: string }> {
  if (floorServer) return floorServer;
  const source = path.resolve("../shared/bench-floor");
  const dir = path.join(dataDir, "floor");
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    if (!fs.existsSync(source)) throw new Error(`${source} is missing: the floor cannot be measured`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(source, dir, { recursive: true, filter: (f) => !/node_modules|[\\/]build([\\/]|$)/.test(path.relative(source, f)) });
    // npm ci refuses the floor's lock file (npm 11 wants optional platform packages listed);
    // npm install keeps its pinned versions and completes it, in our copy only.
    execSync("npm install --no-audit --no-fund", { cwd: dir, stdio: "inherit" });
    execSync("npm run build", { cwd: dir, stdio: "inherit" });
  }
  const port = await benchPort();
  const child = spawn(path.join(dir, "node_modules/.bin/remix-serve"), ["build/server/index.js"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}/`;
  await waitFor(url, 30_000);
  await new Promise<void>((resolve) => autocannon({ url, connections: 10, duration: 2 }, () => resolve()));
  floorServer = { child, url };
  return floorServer;
}

/** One sample of the floor under the same load as our routes (`duration` seconds). */
async function measureFloor(duration = DURATION_S): Promise<{ rps: number; p50: number; p99: number; cpuMs: number }> {
  const { url, child } = await startFloor();
  const { result, cpuUsPerRequest } = await loadWithCpu(url, child.pid!, duration);
  console.log(
    `  floor: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, CPU a request ${(cpuUsPerRequest / 1000).toFixed(2)} ms`,
  );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMs: cpuUsPerRequest / 1000 };
}

const stopFloor = () => floorServer?.child.kill();

interface Weight {
  route: string;
  js: number;
  css: number;
  html: number;
  requests: number;
  photos: number;
}

async function pageWeights(base: string, propertyId: string): Promise<Weight[]> {
  // The hydrated pages (issue 12: at most 95 KB of JavaScript) beside the public ones, and /listings
  // with Save-Data (no JavaScript, no photo until tapped, HTML + CSS at most 30 KB gzip).
  const routes: Array<[string, string, { as?: string; headers?: Record<string, string> }?]> = [
    ["/", "/"],
    ["/listings", "/listings"],
    ["property page", `/listings/${propertyId}`],
    ["/listings with Save-Data", "/listings", { headers: { "Save-Data": "on" } }],
    ["/auth/login", "/auth/login"],
    ["/auth/signup", "/auth/signup"],
    ["/subscription-payment (demo student)", "/subscription-payment", { as: "student@kamernest.test" }],
    ["/agents/bookings (demo agent)", "/agents/bookings", { as: "agent@kamernest.test" }],
    ["/admin/dashboard (demo admin)", "/admin/dashboard", { as: "admin@kamernest.test" }],
  ];
  const weights: Weight[] = [];
  for (const [name, p, { as, headers = {} } = {}] of routes) {
    const response = await fetch(base + p, { headers: as ? { ...headers, Cookie: await demoSessionCookie(base, as) } : headers });
    if (!response.ok) throw new Error(`${p}: ${response.status}`);
    const html = await response.text();
    const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]);
    const moduleImports = [...html.matchAll(/import\(?\s*"([^"]+\.js)"/g)].map((m) => m[1]);
    const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
    const gz = async (href: string) => gzipSync(Buffer.from(await (await fetch(new URL(href, base))).arrayBuffer())).length;
    const jsFiles = [...new Set([...scripts, ...moduleImports])];
    let js = 0;
    for (const f of jsFiles) js += await gz(f);
    let css = 0;
    for (const f of styles) css += await gz(f);
    // Photos in the page (<img> elements; with Save-Data there should be none until tapped).
    const photos = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].length;
    weights.push({ route: name, js, css, html: gzipSync(html).length, requests: jsFiles.length + styles.length + 1, photos });
  }
  return weights;
}

interface LighthouseRow {
  route: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

async function lighthouseRuns(base: string, propertyId: string): Promise<LighthouseRow[]> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const rows: LighthouseRow[] = [];
  for (const [name, p] of [
    ["/", "/"],
    ["/listings", "/listings"],
    ["property page", `/listings/${propertyId}`],
  ]) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    });
    try {
      const result = await lighthouse(base + p, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const lhr = result!.lhr;
      rows.push({
        route: name,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue ?? 0),
      });
      console.log(`  Lighthouse ${name}: performance ${rows.at(-1)!.performance}, accessibility ${rows.at(-1)!.accessibility}`);
    } finally {
      await chrome.kill();
    }
  }
  return rows;
}

/** Issue 12: a phone on 2G, as Chromium's network emulation makes it (Network.emulateNetworkConditions). */
const TWO_G = { kbitPerSecond: 400, rttMs: 400, targetMs: 3000, runs: 3 };
const TWO_G_FILE = "bench/2g.md";

/**
 * The time from the start of navigation until /listings' first result card is laid out and the
 * page has painted (first-contentful-paint: the stylesheet, which blocks rendering, has arrived), in
 * a fresh browser context each time (nothing cached in the browser), with the server's page cache
 * warm, as a visitor finds it. Read from the page's own clock (performance.now(), whose origin is
 * the navigation's start), polled every 20 ms.
 */
async function twoGFigures(base: string): Promise<string> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: string[] = [];
  try {
    for (const saveData of [false, true]) {
      const times: number[] = [];
      let cardTop = 0;
      let viewportHeight = 0;
      // The first navigation warms the server's page cache for this variant; it is not counted.
      for (let run = 0; run <= TWO_G.runs; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          extraHTTPHeaders: saveData ? { "Save-Data": "on" } : {},
        });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
          await cdp.send("Network.emulateNetworkConditions", {
            offline: false,
            latency: TWO_G.rttMs,
            downloadThroughput: (TWO_G.kbitPerSecond * 1000) / 8,
            uploadThroughput: (TWO_G.kbitPerSecond * 1000) / 8,
          });
          await page.goto(`${base}/listings`, { waitUntil: "commit", timeout: 60_000 });
          const handle = await page.waitForFunction(
            () => {
              const card = document.querySelector('[data-testid="property-card"]');
              const painted = performance.getEntriesByName("first-contentful-paint").length > 0;
              if (!card || !painted || card.getBoundingClientRect().height === 0) return false;
              return { ms: performance.now(), top: card.getBoundingClientRect().top + window.scrollY, viewport: window.innerHeight };
            },
            undefined,
            { polling: 20, timeout: 60_000 },
          );
          const seen = (await handle.jsonValue()) as { ms: number; top: number; viewport: number };
          if (run > 0) times.push(seen.ms);
          cardTop = seen.top;
          viewportHeight = seen.viewport;
        } finally {
          await context.close();
        }
      }
      const sorted = [...times].sort((a, b) => a - b);
      const firstResult = median(times);
      const where =
        cardTop < viewportHeight ? "in the first screen" : `${Math.round(cardTop)} px down, below the first screen (${viewportHeight} px)`;
      rows.push(
        `| ${saveData ? "on" : "off"} | ${Math.round(firstResult)} | ${sorted.map((t) => Math.round(t)).join(", ")} | ${firstResult <= TWO_G.targetMs ? "yes" : "no"} | ${where} |`,
      );
      console.log(
        `  2G, Save-Data ${saveData ? "on" : "off"}: first result after ${Math.round(firstResult)} ms (runs: ${sorted.map((t) => Math.round(t)).join(", ")} ms)`,
      );
    }
  } finally {
    await browser.close();
  }
  return [
    `Debian's Chromium, network emulation ${TWO_G.kbitPerSecond} kbit/s down and up, ${TWO_G.rttMs} ms RTT, 412×823 mobile viewport, a fresh context (empty browser cache) per run, the server's page cache warm. Time from the start of navigation until /listings' first result card is laid out and the page has painted; median of ${TWO_G.runs} runs. Target (issue 12): ${TWO_G.targetMs / 1000} s.`,
    "",
    "| Save-Data | First result ms (median) | Runs ms | ≤ 3 s | The card |",
    "|---|---:|---|---|---|",
    ...rows,
  ].join("\n");
}

/** --2g: only the 2G figure, on the demo data and 1 000 listings, into bench/2g.md and RESULTS.md. */
async function twoGOnly() {
  const { url } = await prepareDatabase("sqlite", sizes[0]);
  const port = await benchPort();
  const server = await startServer(url, port);
  let section: string;
  try {
    section = await twoGFigures(`http://localhost:${port}`);
  } finally {
    server.kill();
  }
  const commit = execSync("git rev-parse --short HEAD").toString().trim();
  fs.writeFileSync(
    TWO_G_FILE,
    `Measured on commit \`${commit}\`, ${new Date().toISOString().slice(0, 16)}Z (\`npm run bench -- --2g\`).\n\n${section}\n`,
  );
  // Into the last full report, in place of the section it had.
  const results = fs.existsSync("bench/RESULTS.md") ? fs.readFileSync("bench/RESULTS.md", "utf8") : "# Benchmark results\n";
  const withoutOld = results.replace(/\n## 2G: \/listings' first result\n[\s\S]*?(?=\n## |$)/, "\n");
  const at = withoutOld.indexOf("\n## CPU profiles");
  const block = `\n## 2G: /listings' first result\n\n${fs.readFileSync(TWO_G_FILE, "utf8").trim()}\n`;
  fs.writeFileSync(
    "bench/RESULTS.md",
    at === -1 ? `${withoutOld.trimEnd()}\n${block}` : `${withoutOld.slice(0, at)}${block}${withoutOld.slice(at)}`,
  );
  console.log(`Written to ${TWO_G_FILE} and bench/RESULTS.md`);
  process.exit(0);
}

/** How many rounds the "off" rows' medians are of (the same for every row of a run). */
const offRounds = (runs: RunResult[]) => runs.flatMap((r) => r.load).find((l) => l.rounds !== undefined)?.rounds ?? OFF_ROUNDS;

/** The p50 of each search at the largest size over the smallest, every request rendered (target ≤ 1.5, issue 12). */
function searchGrowth(runs: RunResult[], dialects: Dialect[]): string[] {
  const lines: string[] = [];
  for (const dialect of dialects) {
    const small = runs.find((r) => r.dialect === dialect && !r.pageCache && r.size === Math.min(...sizes));
    const large = runs.find((r) => r.dialect === dialect && !r.pageCache && r.size === Math.max(...sizes));
    if (!small || !large || small === large) continue;
    for (let i = 0; i < 3; i++) {
      const a = small.load[i],
        b = large.load[i];
      // p50 × the floor beside it: the same measure with the machine's drift between the two runs
      // taken out (at a fixed number of connections, p50 is about connections / req/s).
      const corrected =
        a.floorRps && b.floorRps ? `; beside the floor ×${((b.p50 * b.floorRps) / Math.max(a.p50 * a.floorRps, 1)).toFixed(2)}` : "";
      lines.push(`- ${dialect}, ${a.route}: ${a.p50} ms → ${b.p50} ms (×${(b.p50 / Math.max(a.p50, 1)).toFixed(2)}${corrected})`);
    }
  }
  return lines;
}

/** --only search: the searches' growth alone, in their own section of RESULTS.md. */
async function searchOnly(dialects: Dialect[]) {
  const runs: RunResult[] = [];
  for (const dialect of dialects) for (const size of sizes) runs.push(await runLoad(dialect, size, false));
  const commit = execSync("git rev-parse --short HEAD").toString().trim();
  const dirty = execSync("git status --porcelain").toString().trim() !== "";
  const body = [
    "## Search growth alone (`npm run bench -- --only search`)",
    "",
    `Measured on commit \`${commit}\`${dirty ? " (with uncommitted changes)" : ""}, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores (load average ${os.loadavg()[0].toFixed(1)} at the end). Every request rendered (page cache off), ${CONNECTIONS} connections for ${Math.max(5, Math.round(DURATION_S / 2))} s per round, ${offRounds(runs)} rounds per search each between two samples of the floor, medians over the rounds. Target (issue 12): p50 at the largest size ≤ 1.5 × at the smallest.`,
    "",
    "| Database | Properties | Search | Req/s | App / floor | p50 ms | p99 ms | CPU ms a request | Errors |",
    "|---|---:|---|---:|---:|---:|---:|---:|---:|",
    ...runs.flatMap((run) =>
      run.load.map(
        (l) =>
          `| ${run.dialect} | ${run.size.toLocaleString("en")} | ${l.route} | ${Math.round(l.rps)} | ${l.floorRatio?.toFixed(2) ?? "–"} | ${l.p50} | ${l.p99} | ${l.cpuMs?.toFixed(2) ?? "–"} | ${l.errors} |`,
      ),
    ),
    "",
    "p50 growth:",
    "",
    ...searchGrowth(runs, dialects),
    "",
    "Peak memory (resident, VmHWM) of the server process:",
    "",
    ...runs.map((run) => `- ${run.dialect}, ${run.size.toLocaleString("en")} properties: ${run.peakRssMb} MB`),
  ].join("\n");
  fs.writeFileSync(RESULTS_FILE, withSection(readResults(), "search", body));
  console.log(`\n${body}\n\nWritten to ${RESULTS_FILE}`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const weightTable = (weights: Weight[]) => [
  "| Route | JavaScript | CSS | HTML | HTML + CSS | Requests | Photos in the HTML |",
  "|---|---:|---:|---:|---:|---:|---:|",
  ...weights.map(
    (w) => `| ${w.route} | ${kb(w.js)} | ${kb(w.css)} | ${kb(w.html)} | ${kb(w.html + w.css)} | ${w.requests} | ${w.photos} |`,
  ),
];

/**
 * --only: each matching (visitor) route on SQLite with the page cache on, and the ceiling answering
 * the same bytes, loaded in turn for --rounds rounds (3) of DURATION_S each. On a shared machine a
 * single pair can land on a busy and a quiet second; each round's ratio is printed, and the median.
 */
async function quickLook() {
  const routes = ROUTES.filter((r) => !r.as);
  if (routes.length === 0) throw new Error(`no visitor route's name contains "${only}"`);
  const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 3);
  for (const size of sizes) {
    const { url, propertyId } = await prepareDatabase("sqlite", size);
    const port = await benchPort();
    const server = await startServer(url, port);
    try {
      for (const route of routes) {
        const target = await fetch(`http://localhost:${port}${typeof route.path === "function" ? route.path(propertyId) : route.path}`);
        const html = await target.text();
        if (!target.ok) throw new Error(`${target.url} answered ${target.status}`);
        const ceilingServer = await startCeiling(html);
        try {
          await new Promise<void>((resolve) => autocannon({ url: target.url, connections: 10, duration: 2 }, () => resolve()));
          const ratios: number[] = [];
          // The ceiling's CPU a request over ours: what the req/s ratio would be with the CPU to ourselves.
          const cpuRatios: number[] = [];
          for (let round = 1; round <= rounds; round++) {
            const ours = await loadWithCpu(target.url, server.pid!);
            const bare = await loadWithCpu(ceilingServer.url, ceilingServer.pid);
            const errors = ours.result.errors + ours.result.non2xx;
            ratios.push(ours.result.requests.average / bare.result.requests.average);
            cpuRatios.push(bare.cpuUsPerRequest / ours.cpuUsPerRequest);
            console.log(
              `  ${size.toLocaleString("en")} properties, ${route.name}, round ${round}: ours ${Math.round(ours.result.requests.average)} req/s (p99 ${ours.result.latency.p99} ms, ${errors} errors, ${Math.round(ours.cpuUsPerRequest)} µs CPU a request), ` +
                `ceiling ${Math.round(bare.result.requests.average)} req/s (${Math.round(bare.cpuUsPerRequest)} µs CPU a request), ours / ceiling ${ratios.at(-1)!.toFixed(2)} in req/s, ${cpuRatios.at(-1)!.toFixed(2)} in CPU a request`,
            );
          }
          console.log(
            `  ${size.toLocaleString("en")} properties, ${route.name}: median ours / ceiling ${median(ratios).toFixed(2)} in req/s, ${median(cpuRatios).toFixed(2)} in CPU a request, over ${rounds} rounds`,
          );
        } finally {
          ceilingServer.stop();
        }
      }
    } finally {
      server.kill();
    }
  }
  process.exit(0);
}

async function main() {
  fs.mkdirSync(dataDir, { recursive: true });
  if (args.includes("--build")) execSync("npx remix vite:build", { stdio: "inherit" });
  else if (!ensureProductionBuild((line) => console.info(line))) throw new Error("the production build failed");
  if (weightsOnly) return printWeightsOnly();
  if (only) return quickLook();
  if (args.includes("--2g")) return twoGOnly();
  const dialects: Dialect[] = ["sqlite"];
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) dialects.push("postgres");
  if (onlySearch) {
    await searchOnly(dialects);
    stopFloor();
    process.exit(0);
  }

  console.log("\n▶ the floor (../shared/bench-floor), before our runs");
  const floorBefore = await measureFloor();
  const runs: RunResult[] = [];
  for (const dialect of dialects) {
    for (const size of sizes) runs.push(await runLoad(dialect, size));
    // The render cost itself, every request rendered, at each size: this is what grows with the data.
    for (const size of sizes) runs.push(await runLoad(dialect, size, false));
  }

  console.log("\n▶ the floor again, after our runs");
  const floorAfter = await measureFloor();
  stopFloor();
  // The mean of the two: the machine's load may drift during a long run.
  const floorRps = (floorBefore.rps + floorAfter.rps) / 2;

  // Page weight and Lighthouse on the smallest SQLite data set.
  console.log("\n▶ page weight and Lighthouse");
  const { url, propertyId } = await prepareDatabase("sqlite", sizes[0]);
  const port = await benchPort();
  const server = await startServer(url, port);
  let weights: Weight[] = [];
  let lighthouseRows: LighthouseRow[] = [];
  let twoG = "";
  try {
    weights = await pageWeights(`http://localhost:${port}`, propertyId);
    if (!skipLighthouse) lighthouseRows = await lighthouseRuns(`http://localhost:${port}`, propertyId);
    console.log("\n▶ 2G");
    twoG = await twoGFigures(`http://localhost:${port}`);
  } finally {
    server.kill();
  }

  const commit = execSync("git rev-parse --short HEAD").toString().trim();
  const dirty = execSync("git status --porcelain").toString().trim() !== "";
  const lines: string[] = [];
  lines.push("# Benchmark results", "");
  lines.push(
    `Measured on commit \`${commit}\`${dirty ? " (with uncommitted changes)" : ""}, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, Node ${process.version}.`,
  );
  lines.push(
    `Command: \`npm run bench\`${args.length ? ` -- ${args.join(" ")}` : ""}. Load: autocannon, ${CONNECTIONS} connections for ${DURATION_S} s per route, on loopback, gzip.`,
    "",
  );
  lines.push(
    "## Server",
    "",
    'Page cache: visitors\' pages kept in memory for 30 s (the default, `PAGE_CACHE_TTL_MS`); "off" rows render every request.',
    "",
  );
  lines.push(
    `Floor (../shared/bench-floor, remix-serve, same load): ${Math.round(floorBefore.rps)} req/s before our runs, ${Math.round(floorAfter.rps)} after (p99 ${floorBefore.p99} / ${floorAfter.p99} ms), mean ${Math.round(floorRps)} req/s. An "off" row (every request rendered) is measured in ${offRounds(runs)} rounds, each between two samples of the floor under the same load (floor, ours, floor, …): a round's ratio is to the mean of the floor samples around it, and the row gives the medians over its rounds ("Floor beside" is the floor's; errors are summed). The machine's speed drifts within a run, and a lone sample each moved a ratio by ±0.1. "CPU ms" is the CPU time of the server process a request (all its threads, from the kernel), ours and the floor's: a measure of a page's cost that the machine's other loads move less than req/s. "On" rows use the mean of the floor before and after. Targets (issue 12): every request rendered ≥ 0.25 × floor; a cached page ≥ 0.5 × ceiling (a bare node:http server answering the same bytes).`,
    "",
  );
  lines.push(
    "| Database | Properties | Page cache | Route | Req/s | Floor beside | App / floor | p50 ms | p99 ms | Ceiling req/s | App / ceiling | CPU ms a request | Floor's CPU ms | Errors |",
    "|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  const cpu = (ms: number | undefined) => (ms === undefined ? "–" : ms.toFixed(2));
  for (const run of runs)
    for (const l of run.load) {
      const ratio = l.floorRatio ?? l.rps / (l.floorRps ?? floorRps);
      lines.push(
        `| ${run.dialect} | ${run.size.toLocaleString("en")} | ${run.pageCache ? "on" : "off"} | ${l.route} | ${Math.round(l.rps)} | ${l.floorRps === undefined ? "–" : Math.round(l.floorRps)} | ${ratio.toFixed(2)} | ${l.p50} | ${l.p99} | ${Number.isNaN(l.ceilingRps) ? "–" : Math.round(l.ceilingRps)} | ${Number.isNaN(l.ceilingRps) ? "–" : (l.rps / l.ceilingRps).toFixed(2)} | ${cpu(l.cpuMs)} | ${cpu(l.floorCpuMs)} | ${l.errors} |`,
      );
    }
  lines.push("", "URLs loaded:", "");
  for (const l of runs[0]?.load ?? []) lines.push(`- ${l.route}: \`${l.url.replace(/[0-9a-f-]{36}/, "{id}")}\``);
  lines.push("", "Peak memory (resident, VmHWM) of the server process:", "");
  for (const run of runs)
    lines.push(
      `- ${run.dialect}, ${run.size.toLocaleString("en")} properties, page cache ${run.pageCache ? "on" : "off"}: ${run.peakRssMb} MB`,
    );
  lines.push(
    "",
    "### Search latency growth, every request rendered (p50, largest size / smallest size)",
    "",
    ...searchGrowth(runs, dialects),
  );
  lines.push("", "## Page weight (production build, gzip)", "", ...weightTable(weights));
  if (lighthouseRows.length) {
    lines.push(
      "",
      "## Lighthouse (mobile preset, Debian's Chromium)",
      "",
      "| Route | Performance | Accessibility | LCP ms | TBT ms |",
      "|---|---:|---:|---:|---:|",
    );
    for (const r of lighthouseRows) lines.push(`| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.lcpMs} | ${r.tbtMs} |`);
  }
  lines.push("", "## 2G: /listings' first result", "", twoG);
  // CPU profiles are taken by `npm run bench:profile` (one file per change, before and after) and
  // kept beside the results, since a profile explains a figure above.
  const profileDir = "bench/profiles";
  if (fs.existsSync(profileDir)) {
    lines.push("", "## CPU profiles (`npm run bench:profile`)", "");
    for (const file of fs
      .readdirSync(profileDir)
      .filter((f) => f.endsWith(".md"))
      .sort()) {
      lines.push(`### ${file.replace(/\.md$/, "")}`, "", fs.readFileSync(path.join(profileDir, file), "utf8").trim(), "");
    }
  }
  lines.push("", "## Query plans at the largest size", "");
  for (const run of runs) if (run.plans) lines.push(`### ${run.dialect}`, "", run.plans.replace(/^### /gm, "#### "), "");
  // The sections other commands measure (npm run bench:load, npm run bench:plans) are kept as they
  // are. The search-only section is left out, since the figures above supersede it.
  const previous = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, "utf8") : "";
  // "notes" is written by hand: a comparison of two runs, which the next run must not erase.
  const kept = ["notes", "load", "plans"].map((name) => sectionOf(previous, name)).filter(Boolean);
  const report = lines.join("\n") + "\n" + kept.map((section) => `\n${section}\n`).join("");
  fs.writeFileSync(RESULTS_FILE, report);
  console.log(`\n${report.split("## Query plans")[0]}`);
  console.log("Written to bench/RESULTS.md");
  process.exit(0);
}

async function printWeightsOnly() {
  const { url, propertyId } = await prepareDatabase("sqlite", sizes[0]);
  const port = await benchPort();
  const server = await startServer(url, port);
  try {
    const weights = await pageWeights(`http://localhost:${port}`, propertyId);
    console.log(weightTable(weights).join("\n"));
  } finally {
    server.kill();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  stopFloor();
  process.exit(1);
});
