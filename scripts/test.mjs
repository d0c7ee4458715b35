#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure: format, type check and lint (side
// by side), the production build, unit and integration tests (Vitest; some start the compiled server
// the build made), the HTML check, then the browser tests (Playwright in Debian's Chromium,
// JavaScript on and off, against the compiled server), then, with TEST_DATABASE_URL, the cluster checks
// (two instances behind nginx) and the fault checks (PostgreSQL stopped under traffic).
// Prints one closing line with the totals.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { installDebianPackage } from "./lib/debian-package.mjs";

const results = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (child.status !== 0) {
    console.log(`\n✗ ${title} failed after ${seconds} s`);
    finish(1);
  }
  console.log(`✓ ${title} (${seconds} s)`);
}

/**
 * Checks that each keep one core busy, run side by side (the type check and lint: about 50 + 70 s one
 * after the other on a 2-core machine). Each one's output is printed whole when it ends, so the
 * two never interleave; the first to fail stops the run once both have ended.
 */
async function runTogether(checks) {
  const outcomes = await Promise.all(
    checks.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on("close", (code) =>
            resolve({ title, ok: code === 0, output: Buffer.concat(output), seconds: ((Date.now() - started) / 1000).toFixed(1) }),
          );
        }),
    ),
  );
  for (const { title, ok, output, seconds } of outcomes) {
    console.log(`\n━━ ${title} ━━`);
    process.stdout.write(output);
    console.log(ok ? `✓ ${title} (${seconds} s)` : `\n✗ ${title} failed after ${seconds} s`);
  }
  if (outcomes.some((o) => !o.ok)) finish(1);
}

function finish(code) {
  console.log(`\n${results.passed} passed, ${results.failed + (code && results.failed === 0 ? 1 : 0)} failed, ${results.skipped} skipped`);
  process.exit(code);
}

/** Installs a Debian package whose program is missing; true when the program is there after. */
function ensureDebianPackage(path, pkg, purpose) {
  if (fs.existsSync(path)) return true;
  console.log(`\n━━ Installing Debian's ${pkg} for ${purpose} ━━`);
  return installDebianPackage(pkg) && fs.existsSync(path);
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!ensureDebianPackage(path, "chromium", "the browser tests")) {
    console.log(`Could not install chromium at ${path}.`);
    finish(1);
  }
}

if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL must be set in CI: the PostgreSQL tests may not be skipped.");
  finish(1);
}

fs.mkdirSync("test-results", { recursive: true });
await runTogether([
  // `npm run format` mends what this finds.
  { title: "Format (Prettier)", command: "npx", args: ["prettier", "--check", ".", "--log-level", "warn"] },
  { title: "Type check", command: "npx", args: ["tsc", "--noEmit"] },
  { title: "Lint", command: "npx", args: ["eslint", ".", "--max-warnings", "0"] },
]);

// The nginx configuration's tests (tests/integration/deploy) run it; on a fresh machine it came
// only with the cluster checks, after them, and those tests were skipped.
if (!ensureDebianPackage("/usr/sbin/nginx", "nginx-light", "the nginx configuration's tests"))
  console.log("nginx is missing: its tests are skipped.");
// Before Vitest: tests/integration/deploy/compiled-server.test.ts starts build/server/server.js
// (it builds when the build is missing or older than the code, which it then never is here).
run("Production build", "npx", ["remix", "vite:build"]);
run("Unit and integration tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest-results.json",
]);
const vitest = JSON.parse(fs.readFileSync("test-results/vitest-results.json", "utf8"));
results.passed += vitest.numPassedTests;
results.failed += vitest.numFailedTests;
results.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);

// The W3C Nu HTML Checker over every page type, in both languages and as each role, on the built
// server (scripts/html-check.ts; it installs Debian's Java when missing).
run("HTML check (Nu HTML Checker, every page type)", "npx", ["tsx", "scripts/html-check.ts"], {
  HTML_CHECK_RESULTS: "test-results/html-check-results.json",
});
results.passed += JSON.parse(fs.readFileSync("test-results/html-check-results.json", "utf8")).passed;
ensureChromium();
run("Browser tests (Chromium, JavaScript on and off)", "npx", ["playwright", "test"]);
const e2e = JSON.parse(fs.readFileSync("test-results/e2e-results.json", "utf8"));
results.passed += e2e.stats.expected;
results.failed += e2e.stats.unexpected;
results.skipped += e2e.stats.skipped;

// Two instances behind nginx on PostgreSQL (scripts/test-cluster.ts): needs the database, so it
// runs when TEST_DATABASE_URL is set (always in CI); it installs Debian's nginx when missing.
if (process.env.TEST_DATABASE_URL) {
  run("Cluster checks (two instances behind nginx, PostgreSQL)", "npx", ["tsx", "scripts/test-cluster.ts"], {
    CLUSTER_RESULTS: "test-results/cluster-results.json",
  });
  results.passed += JSON.parse(fs.readFileSync("test-results/cluster-results.json", "utf8")).passed;
  // PostgreSQL stopped for 20 s under traffic (scripts/test-faults.ts), on a private server the
  // script starts with Debian's binaries: the shared one is never stopped.
  run("Fault checks (PostgreSQL stopped under traffic)", "npx", ["tsx", "scripts/test-faults.ts"], {
    FAULTS_RESULTS: "test-results/faults-results.json",
  });
  results.passed += JSON.parse(fs.readFileSync("test-results/faults-results.json", "utf8")).passed;
} else {
  console.log("\nCluster and fault checks skipped: TEST_DATABASE_URL is not set.");
}

finish(results.failed > 0 ? 1 : 0);
