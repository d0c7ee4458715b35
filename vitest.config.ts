import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/support/vitest-setup.ts"],
    // A guard against a hung test, not a speed check: the fuzz suites do a fixed amount of work
    // (hundreds of posts) that took over 20 s on a busy 2-core machine running six test suites.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
