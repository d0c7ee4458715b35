// npm run bench:plans [-- --size=100000] [-- --fresh] [-- --only=sqlite|postgres]
//
// The plan of every statement the public pages and the portals' lists run, on SQLite (EXPLAIN
// QUERY PLAN) and PostgreSQL (EXPLAIN, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), at
// 100 000 listings with one booking and one payment per two listings. The statements are not
// copied by hand: the production server runs with QUERY_LOG_FILE, each page is requested once (page
// cache off, signed in where the page needs it), and what the server sent for that page is
// explained with the parameters it sent. A plan that scans a table growing with listings, bookings
// or payments is flagged. The report is written to bench/RESULTS.md between the plans markers (the
// rest of the file is `npm run bench`'s); the process exits 1 when a plan is flagged.
// PLANS_PORT picks the server's port, PLANS_DATABASE_NAME the PostgreSQL database (default
// kamernest_plans_<size>), so two checkouts sharing one PostgreSQL server do not migrate each
// other's copy.
import { execSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { CompiledQuery, sql } from "kysely";
import { connect, type DatabaseHandle, type Dialect } from "#infrastructure/db/connection";
import { migrateToLatest } from "#infrastructure/db/migrate";
import { seedDemoData } from "#infrastructure/seed/demo-seed";
import { LocalFileStorage } from "#infrastructure/storage/local-file-storage";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { demoSessionCookie, startInstance } from "../scripts/lib/cluster-kit";
import { ensureProductionBuild } from "../scripts/lib/production-build.mjs";
import { generateProperties } from "./generate-properties";
import { generateActivity } from "./generate-activity";
import { withSection } from "./results-sections";
import { LARGE_TABLE_ROWS, findScans, isWholeRead, type Finding, type IndexStatistics } from "./plan-scans";

const args = process.argv.slice(2);
const size = Number(args.find((a) => a.startsWith("--size="))?.slice(7) ?? 100_000);
const fresh = args.includes("--fresh");
const dataDir = path.resolve("bench/.data");
const storageDir = path.join(dataDir, "uploads");
const PORT = Number(process.env.PLANS_PORT ?? 3371);

/**
 * Tables that grow with listings, bookings or payments (and the people who make them). A plan
 * that reads one of these whole is flagged; the others (neighbourhood counts, FAQ, settings, a
 * visitor's own session) stay small whatever the traffic.
 */
const GROWING = new Set([
  "properties",
  "photos",
  "agents",
  "profiles",
  "bookings",
  "payments",
  "payment_events",
  "commission_earnings",
  "reviews",
  "subscriptions",
  "view_history",
  "property_view_days",
  "wishlists",
  "booking_notices",
  "message_threads",
  "messages",
  "listing_reports",
  "search_history",
  "saved_searches",
  "guest_houses",
  "booking_attempts",
]);

type Who = "visitor" | "student" | "agent" | "admin";
interface Page {
  name: string;
  path: string;
  who: Who;
}

function pages(propertyId: string, agentId: string, blogSlug: string): Page[] {
  return [
    { name: "home", path: "/", who: "visitor" },
    { name: "/listings", path: "/listings", who: "visitor" },
    { name: "/listings Molyko ≤ 40 000, newest", path: "/listings?n=Molyko&max=40000", who: "visitor" },
    {
      name: "/listings room+studio, toilet, meter, ≤ 1 km, cheapest",
      path: "/listings?type=room&type=studio&toilet=1&meter=1&near=1000&sort=price_asc",
      who: "visitor",
    },
    { name: "/listings available, verified, nearest", path: "/listings?available=1&verified=1&sort=nearest", who: "visitor" },
    { name: "/listings Molyko or Bomaka, newest", path: "/listings?n=Molyko&n=Bomaka", who: "visitor" },
    { name: "/listings keyword 'balcony', page 3", path: "/listings?q=balcony&page=3", who: "visitor" },
    { name: "/listings keyword 'wardrobe'", path: "/listings?q=wardrobe", who: "visitor" },
    { name: "property page", path: `/listings/${propertyId}`, who: "visitor" },
    { name: "agents directory", path: "/agents", who: "visitor" },
    { name: "top-rated agents", path: "/agents/top-rated", who: "visitor" },
    { name: "an agent's page", path: `/agent/${agentId}`, who: "visitor" },
    { name: "guest houses", path: "/guest-houses", who: "visitor" },
    { name: "blog", path: "/blog", who: "visitor" },
    { name: "a blog post", path: `/blog/${blogSlug}`, who: "visitor" },
    { name: "/profile (demo student)", path: "/profile", who: "student" },
    { name: "/agents/bookings", path: "/agents/bookings", who: "agent" },
    { name: "/agents/properties", path: "/agents/properties", who: "agent" },
    { name: "/agents/earnings", path: "/agents/earnings", who: "agent" },
    { name: "/agents/messages", path: "/agents/messages", who: "agent" },
    { name: "/admin/users", path: "/admin/users", who: "admin" },
    { name: "/admin/properties", path: "/admin/properties", who: "admin" },
    { name: "/admin/bookings", path: "/admin/bookings", who: "admin" },
    { name: "/admin/payments", path: "/admin/payments", who: "admin" },
  ];
}

const ACCOUNTS: Record<Exclude<Who, "visitor">, string> = {
  student: "subscriber@kamernest.test",
  agent: "agent@kamernest.test",
  admin: "admin@kamernest.test",
};

async function countOf(handle: DatabaseHandle, table: "properties" | "bookings"): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A database with the demo seed, `size` listings and one booking per two; kept between runs unless --fresh. */
async function prepare(dialect: Dialect): Promise<string> {
  let url: string;
  if (dialect === "sqlite") {
    url = path.join(dataDir, `plans-${size}.db`);
    if (fresh) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(url + suffix, { force: true });
  } else {
    const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL!;
    const name = process.env.PLANS_DATABASE_NAME ?? `kamernest_plans_${size}`;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`PLANS_DATABASE_NAME must be a plain lower-case name: ${name}`);
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const handle = connect({ url });
  try {
    await migrateToLatest(handle.db, handle.schema);
    await seedDemoData(handle.db, { photos: new LocalFileStorage(storageDir), hasher: new ScryptPasswordHasher() });
    const listings = await countOf(handle, "properties");
    if (listings < size) {
      console.log(`  ${dialect}: generating ${size - listings} listings`);
      await generateProperties(handle.db, size - listings, { seed: 7 });
    }
    const bookings = await countOf(handle, "bookings");
    if (bookings < size / 2) {
      console.log(`  ${dialect}: generating ${Math.round(size / 2 - bookings)} bookings and their payments`);
      await generateActivity(handle.db, Math.round(size / 2 - bookings), { seed: 11 + bookings });
    }
    // PostgreSQL: vacuum too, as autovacuum would have by then: an index-only scan needs the visibility map.
    if (dialect === "postgres") await sql`vacuum analyze`.execute(handle.db);
    else await handle.gatherStatistics(); // what the server does when it starts (decision 0168)
  } finally {
    await handle.close();
  }
  return url;
}

function startServer(url: string, logFile: string): Promise<ChildProcess> {
  return startInstance({
    name: "plans",
    port: PORT,
    databaseUrl: url,
    appUrl: `http://localhost:${PORT}`,
    storageDir,
    env: { PAYMENTS_RECONCILE_INTERVAL_MS: "0", ACCOUNTS_CLEANUP_INTERVAL_MS: "0", PAGE_CACHE_TTL_MS: "0", QUERY_LOG_FILE: logFile },
  });
}

interface Statement {
  sql: string;
  parameters: unknown[];
}

/** Statements worth a plan: reads and writes, not transaction control or pragmas. */
const explainable = (s: string) => /^\s*(select|insert|update|delete|with)\b/i.test(s);

async function explain(handle: DatabaseHandle, s: Statement): Promise<string> {
  if (handle.dialect === "sqlite") {
    const result = await handle.db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${s.sql}`, s.parameters),
    );
    const depth = new Map<number, number>([[0, -1]]);
    return result.rows
      .map((r) => {
        const d = (depth.get(r.parent) ?? -1) + 1;
        depth.set(r.id, d);
        return `${"  ".repeat(d)}${r.detail}`;
      })
      .join("\n");
  }
  // With the planner's estimates: a range read whole is judged by its expected rows (findScans).
  const result = await handle.db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${s.sql}`, s.parameters));
  return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

interface PageReport {
  page: Page;
  url: string;
  status: number;
  statements: Array<Statement & { plan: string; findings: Finding[] }>;
}
interface Run {
  dialect: Dialect;
  rows: Map<string, number>;
  reports: PageReport[];
}

/** The findings that read a large table whole: full scans and large ranges (flagged ⚠). */
const wholeReads = (s: { findings: Finding[] }) => s.findings.filter(isWholeRead);
const describe = (findings: Finding[]) => findings.map((f) => `${f.kind} of ${f.table}`).join("; ");

async function planPages(dialect: Dialect): Promise<Run> {
  console.log(`\n▶ ${dialect}, ${size.toLocaleString("en")} listings`);
  const url = await prepare(dialect);
  const logFile = path.join(dataDir, `plans-${dialect}-queries.jsonl`);
  fs.writeFileSync(logFile, "");
  const server = await startServer(url, logFile);
  const handle = connect({ url });
  const reports: PageReport[] = [];
  const rows = new Map<string, number>();
  try {
    for (const table of GROWING) {
      const {
        rows: [r],
      } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db);
      rows.set(table, Number(r.n));
    }
    const large = new Set([...rows].filter(([, n]) => n >= LARGE_TABLE_ROWS).map(([t]) => t));
    const statistics = await indexStatistics(handle);
    const property = await handle.db
      .selectFrom("properties")
      .select("id")
      .where("hidden_at", "is", null)
      .where("status", "=", "available")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const agent = await handle.db.selectFrom("profiles").select("id").where("email", "=", ACCOUNTS.agent).executeTakeFirstOrThrow();
    const post = await handle.db.selectFrom("blog_posts").select("slug").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    const cookies = new Map<Who, string>();
    for (const page of pages(property.id, agent.id, post.slug)) {
      if (page.who !== "visitor" && !cookies.has(page.who))
        cookies.set(page.who, await demoSessionCookie(`http://localhost:${PORT}`, ACCOUNTS[page.who]));
      const headers: Record<string, string> = page.who === "visitor" ? {} : { cookie: cookies.get(page.who)! };
      // One request to warm the process (i18n, first connection), then the measured one from a clean log.
      await (await fetch(`http://localhost:${PORT}${page.path}`, { headers })).text();
      fs.writeFileSync(logFile, "");
      const response = await fetch(`http://localhost:${PORT}${page.path}`, { headers });
      await response.text();
      const seen = new Set<string>();
      const statements: PageReport["statements"] = [];
      for (const line of fs.readFileSync(logFile, "utf8").split("\n").filter(Boolean)) {
        const s = JSON.parse(line) as Statement;
        if (!explainable(s.sql) || seen.has(s.sql)) continue;
        seen.add(s.sql);
        const plan = await explain(handle, s);
        statements.push({ ...s, plan, findings: findScans(dialect, plan, s.sql, large, statistics) });
      }
      const flagged = statements.filter((s) => wholeReads(s).length > 0).length;
      console.log(
        `  ${page.name}: ${response.status}, ${statements.length} statements${flagged ? `, ${flagged} reading a large table whole` : ""}`,
      );
      reports.push({ page, url: new URL(response.url).pathname + new URL(response.url).search, status: response.status, statements });
    }
  } finally {
    await handle.close();
    server.kill();
  }
  return { dialect, rows, reports };
}

/** SQLite's per-index row counts (sqlite_stat1, which the server gathers: decision 0168); none on PostgreSQL. */
async function indexStatistics(handle: DatabaseHandle): Promise<IndexStatistics> {
  if (handle.dialect !== "sqlite") return new Map();
  const { rows } = await sql<{ idx: string; stat: string }>`select idx, stat from sqlite_stat1 where idx is not null`.execute(handle.db);
  return new Map(
    rows.map((r) => [
      r.idx,
      r.stat
        .split(" ")
        .map(Number)
        .filter((n) => Number.isFinite(n)),
    ]),
  );
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

function render(runs: Run[]): string {
  const commit = execSync("git rev-parse --short HEAD").toString().trim();
  const dirty = execSync("git status --porcelain").toString().trim() !== "";
  const out: string[] = ["## Query plans of the pages (`npm run bench:plans`)", ""];
  out.push(
    `Measured on commit \`${commit}\`${dirty ? " (with uncommitted changes)" : ""}, ${new Date().toISOString().slice(0, 16)}Z, at ${size.toLocaleString("en")} listings and ${(size / 2).toLocaleString("en")} bookings with their payments.`,
    "Each page was requested from the production server with the page cache off and QUERY_LOG_FILE set; every distinct statement it sent is explained with the parameters it sent.",
    `A plan is flagged (⚠) when it reads a large growing table whole: no LIMIT, or a sort, hash or grouping that needs every row first. A range read whole is flagged too when it is expected to hold ${LARGE_TABLE_ROWS.toLocaleString("en")} rows or more (a large range): on SQLite a range a temp B-tree sorts in its block, sized from sqlite_stat1; on PostgreSQL an index or bitmap range not stopped by a Limit, sized by the planner's estimate. A read that stops at the statement's LIMIT (the page's rows in index order, the listing count's \`limit 1001\`) is shown as a capped scan. Growing tables with fewer than ${LARGE_TABLE_ROWS.toLocaleString("en")} rows in this data are not evidence either way (PostgreSQL rightly reads a small table whole); their plans are shown, not judged.`,
    "",
  );
  for (const run of runs)
    out.push(
      `Rows, ${run.dialect}: ${[...run.rows]
        .sort((a, b) => b[1] - a[1])
        .map(([t, n]) => `${t} ${n.toLocaleString("en")}`)
        .join(", ")}.`,
      "",
    );
  out.push(
    "| Page | " + runs.map(({ dialect: d }) => `${d} statements | ${d} capped | ${d} read whole`).join(" | ") + " |",
    "|---|" + runs.map(() => "---:|---:|---:").join("|") + "|",
  );
  const names = runs[0].reports.map((r) => r.page.name);
  for (const name of names) {
    const cells = runs.map(({ reports }) => {
      const r = reports.find((x) => x.page.name === name);
      if (!r) return "– | – | –";
      const whole = r.statements.filter((s) => wholeReads(s).length > 0).length;
      const capped = r.statements.filter((s) => s.findings.length > 0 && wholeReads(s).length === 0).length;
      return `${r.statements.length}${r.status === 200 ? "" : ` (HTTP ${r.status})`} | ${capped} | ${whole ? `**${whole}** ⚠` : "0"}`;
    });
    out.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  for (const { dialect, reports } of runs) {
    out.push("", `### ${dialect}`, "");
    for (const r of reports) {
      out.push(`#### ${r.page.name} (${r.page.who}): \`${r.url.replace(/[0-9a-f-]{36}/g, "{id}")}\``, "");
      r.statements.forEach((s, i) => {
        const flag = s.findings.length ? ` ${wholeReads(s).length ? "⚠" : "–"} ${describe(s.findings)}` : "";
        out.push(
          `${i + 1}. \`${oneLine(s.sql).slice(0, 160).replace(/`/g, "'")}${oneLine(s.sql).length > 160 ? "…" : ""}\`${flag}`,
          "",
          "   ```",
          ...s.plan.split("\n").map((l) => `   ${l}`),
          "   ```",
          "",
        );
      });
    }
  }
  return out.join("\n");
}

async function main() {
  fs.mkdirSync(dataDir, { recursive: true });
  if (args.includes("--build")) execSync("npx remix vite:build", { stdio: "inherit" });
  else if (!ensureProductionBuild((line) => console.info(line))) throw new Error("the production build failed");
  const only = args.find((a) => a.startsWith("--only="))?.slice(7);
  const dialects: Dialect[] = ["sqlite"];
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) dialects.push("postgres");
  if (only) dialects.splice(0, dialects.length, ...dialects.filter((d) => d === only));
  const runs: Run[] = [];
  for (const dialect of dialects) runs.push(await planPages(dialect));
  const file = "bench/RESULTS.md";
  fs.writeFileSync(file, withSection(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmark results\n", "plans", render(runs)));
  const flagged = runs.flatMap(({ dialect, reports }) =>
    reports.flatMap((r) =>
      r.statements
        .filter((s) => wholeReads(s).length)
        .map((s) => `${dialect} ${r.page.name}: ${describe(wholeReads(s))} — ${oneLine(s.sql).slice(0, 120)}`),
    ),
  );
  console.log(
    `\nWritten to ${file}. ${flagged.length ? `${flagged.length} flagged:\n  ${flagged.join("\n  ")}` : "No plan scans a growing table."}`,
  );
  process.exit(flagged.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
