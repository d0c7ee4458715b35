// npm run bench:profile [-- --path=/listings] [-- --as=student@kamernest.test] [-- --seconds=8] [-- --out=bench/.data/profile.md] [-- --cache] [-- --port=3360]
//                        [-- --database=postgres://postgres@127.0.0.1:5432/test]
//
// Where a rendered page's CPU goes: starts the production build with `node --cpu-prof` on a fresh
// demo database with the page cache off, loads one path with autocannon, stops the server, and
// prints the top of the profile (self time by function, and by package). Issue 12 asks for this
// before and after each speed change; bench/RESULTS.md keeps the figures.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { demoSessionCookie, scratchDatabase, waitFor } from "../scripts/lib/cluster-kit";
import { ensureProductionBuild, PRODUCTION_SERVER } from "../scripts/lib/production-build.mjs";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const pagePath = arg("path", "/listings");
const seconds = Number(arg("seconds", "15"));
const out = arg("out", "");
// --cache: keep the visitors' page cache on (a cached page's cost); off by default (a render's).
const cached = args.includes("--cache");
// --as: sign in as this demo account first and profile the page it sees (signed-in pages are never cached).
const signedInAs = arg("as", "");
const dataDir = path.resolve("bench/.data/profile");
// --port: a fixed port, when several people share the machine; else a random one.
const port = Number(arg("port", String(4900 + Math.floor(Math.random() * 90))));
// --database: a PostgreSQL server to profile against (a scratch database on it, dropped after);
// else a fresh SQLite file.
const postgresServer = arg("database", "");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, short: the npm package, or the repository file. */
function place(url: string): string {
  if (url === "") return "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
}

function top(profile: CpuProfile, key: (node: ProfileNode) => string, count: number): Array<[string, number]> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const byKey = new Map<string, number>();
  for (const node of profile.nodes) {
    const k = key(node);
    byKey.set(k, (byKey.get(k) ?? 0) + (self.get(node.id) ?? 0));
  }
  return [...byKey.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, v]) => [k, (100 * v) / total]);
}

function startServer(profiled: boolean, databaseUrl: string) {
  const child = spawn(process.execPath, [...(profiled ? ["--cpu-prof", `--cpu-prof-dir=${dataDir}`] : []), PRODUCTION_SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      // ALLOW_PUBLIC_DEMO: on PostgreSQL the app takes a demo for a public site and asks for it.
      ...(postgresServer ? { ALLOW_PUBLIC_DEMO: "true" } : {}),
      STORAGE_DIR: path.join(dataDir, "uploads"),
      DEMO_MODE: "true",
      APP_URL: `http://localhost:${port}`,
      PAYMENTS_RECONCILE_INTERVAL_MS: "0",
      ALERTS_INTERVAL_MS: "0",
      BOOKING_NOTICES_INTERVAL_MS: "0",
      ...(cached ? {} : { PAGE_CACHE_TTL_MS: "0" }),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return waitFor(`http://localhost:${port}/healthz`, 60_000).then(() => child);
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function main() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  // A first run migrates and seeds, so the profiled run's start-up (a seed that finds its rows)
  // is a small share of the samples.
  if (!ensureProductionBuild((line) => console.info(line))) throw new Error("the production build failed");
  const scratch = postgresServer ? await scratchDatabase(postgresServer, "kamernest_profile") : undefined;
  const databaseUrl = scratch?.url ?? path.join(dataDir, "demo.db");
  // The scratch database goes even when a server fails to start (it was left behind once).
  let result: autocannon.Result;
  try {
    await stop(await startServer(false, databaseUrl));
    const child = await startServer(true, databaseUrl);
    const headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br" };
    if (signedInAs) headers.cookie = await demoSessionCookie(`http://localhost:${port}`, signedInAs);
    await fetch(`http://localhost:${port}${pagePath}`, { headers });
    result = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url: `http://localhost:${port}${pagePath}`, connections: 10, duration: seconds, headers }, (e, r) =>
        e ? reject(e) : resolve(r),
      ),
    );
    await stop(child);
  } finally {
    await scratch?.drop(console.error);
  }
  const file = fs.readdirSync(dataDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("node wrote no .cpuprofile (did the server exit cleanly?)");
  const profile = JSON.parse(fs.readFileSync(path.join(dataDir, file), "utf8")) as CpuProfile;
  const lines = [
    `Profile of ${pagePath}${signedInAs ? ` signed in as ${signedInAs}` : ""} on ${scratch ? "PostgreSQL" : "SQLite"}, page cache ${cached ? "on" : "off"}, ${result.requests.total} requests in ${seconds} s at 10 connections (${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}).`,
    "",
    "Self time by package or file:",
    "",
    ...top(profile, (n) => place(n.callFrame.url), 12).map(([k, p]) => `- ${p.toFixed(1)} % ${k}`),
    "",
    "Self time by function:",
    "",
    ...top(
      profile,
      (n) => `${n.callFrame.functionName || "(anonymous)"} (${place(n.callFrame.url)}:${n.callFrame.lineNumber + 1})`,
      15,
    ).map(([k, p]) => `- ${p.toFixed(1)} % ${k}`),
  ];
  console.log(lines.join("\n"));
  if (out) fs.writeFileSync(out, lines.join("\n") + "\n");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
