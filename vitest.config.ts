import os from "node:os";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { localeChunks } from "./vite.config";

export default defineConfig({
  // localeChunks: entry.server imports the browser build's chunk names (none outside a build).
  plugins: [tsconfigPaths(), localeChunks()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/support/vitest-setup.ts"],
    // Migrates once the databases every test copies (tests/support/database-templates.ts).
    globalSetup: ["tests/support/database-templates.global-setup.ts"],
    // A guard against a hung test, not a speed check: the fuzz suites do a fixed amount of work
    // (hundreds of posts) that took over 20 s on a busy 2-core machine running six test suites.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: one on CI's 2-core machine, where the
    // files then ran one after the other (557 s). Many wait on PostgreSQL, a child process or a
    // socket, so one fork more than the cores keeps both busy: on a 2-core machine two forks took
    // 259 s, three 185–193 s, four 216 s. The tests hold under that load (written for a busy
    // machine: no timed assertions, fresh schemas and ports per file).
    maxWorkers: os.availableParallelism() + 1,
  },
});
