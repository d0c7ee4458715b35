// The production server is compiled (decision 0192): `npm run build` writes build/server/server.js
// beside the Remix build (build/server/index.js), one bundle sharing its modules, and everything
// that starts the production server runs that file with plain node: `npm start`, the systemd unit,
// the browser tests' server, the cluster and fault checks, the benchmarks, the security scan.
// Plain JavaScript so that scripts/e2e-server.mjs can use it without tsx; the TypeScript scripts
// and tests import it too.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The compiled server, relative to the repository's root. */
export const PRODUCTION_SERVER = "build/server/server.js";

/** What the build is made from: a file here newer than the compiled server makes it stale. */
const SOURCES = [
  "app",
  "server",
  "infrastructure",
  "domain",
  "migrations",
  "public",
  "patches",
  "vite.config.ts",
  "tsconfig.json",
  "tailwind.config.ts",
  "postcss.config.js",
  "package.json",
  "package-lock.json",
];

/** @param {string} file @returns {number} the newest modification time under `file` (0 when missing) */
function newestChange(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  return newest;
}

/** @returns {"missing" | "stale" | "current"} the compiled server against the sources it is built from */
export function productionBuildState() {
  const built = newestChange(path.join(root, PRODUCTION_SERVER));
  if (built === 0) return "missing";
  return SOURCES.some((source) => newestChange(path.join(root, source)) > built) ? "stale" : "current";
}

/**
 * Builds (`remix vite:build`) unless the compiled server is there and newer than its sources: a
 * clean clone, a build older than decision 0192, or one older than the code would run something
 * else than what is being tested or measured.
 * @param {(line: string) => void} log
 * @returns {boolean} whether a current build is there after
 */
export function ensureProductionBuild(log) {
  if (!needsBuild(log)) return true;
  return spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", cwd: root }).status === 0;
}

/**
 * The same without blocking the event loop: a Vitest worker must keep answering its runner while
 * the build runs (a minute or more).
 * @param {(line: string) => void} log
 * @returns {Promise<boolean>}
 */
export async function ensureProductionBuildInBackground(log) {
  if (!needsBuild(log)) return true;
  const child = spawn("npx", ["remix", "vite:build"], { stdio: "inherit", cwd: root });
  return new Promise((resolve) => child.once("close", (code) => resolve(code === 0)));
}

/** @param {(line: string) => void} log @returns {boolean} */
function needsBuild(log) {
  const state = productionBuildState();
  if (state === "current") return false;
  log(`${state === "missing" ? "no production build" : "the production build is older than the code"}: running remix vite:build`);
  return true;
}
