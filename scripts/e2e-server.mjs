// Starts the production server, compiled (build/server/server.js, decision 0192), on a fresh demo
// database for the browser tests (playwright.config.ts's webServer). Plain JavaScript run by node:
// the process the tests talk to is the one `npm start` runs. The build comes first
// (`npx remix vite:build`; `npm test` makes it before the browser tests).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PRODUCTION_SERVER, productionBuildState, root } from "./lib/production-build.mjs";

const state = productionBuildState();
if (state === "missing") {
  console.error(`${PRODUCTION_SERVER} is missing: run \`npx remix vite:build\` (or \`npm run build\`) before the browser tests.`);
  process.exit(1);
}
if (state === "stale") console.warn(`${PRODUCTION_SERVER} is older than the code: the browser tests run the last build.`);

const dir = process.env.E2E_DATA_DIR ?? "tests/.tmp/e2e";
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
await import(pathToFileURL(path.join(root, PRODUCTION_SERVER)).href);
