// Starts the production server on a fresh demo database for the browser tests.
import fs from "node:fs";

fs.rmSync("tests/.tmp/e2e", { recursive: true, force: true });
fs.mkdirSync("tests/.tmp/e2e", { recursive: true });
await import("../server/index");
