// Vitest's global set-up: migrates the databases every test copies, once per run (database-templates.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildDatabaseTemplates } from "./database-templates";

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-template-"));
  project.provide("databaseTemplates", await buildDatabaseTemplates(dir, process.env.TEST_DATABASE_URL));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
