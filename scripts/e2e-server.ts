// Starts the production server on a fresh demo database for the browser tests.
import fs from "node:fs";

const dir = process.env.E2E_DATA_DIR ?? "tests/.tmp/e2e";
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
await import("../server/index");
