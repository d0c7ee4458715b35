// Databases for integration and contract tests: a fresh, migrated SQLite file per call, and a
// fresh PostgreSQL schema per call when TEST_DATABASE_URL is set, each a copy of a template
// migrated once per run (database-templates.ts). In CI PostgreSQL is required:
// a suite that silently skips it would hide half of what it claims to test. Elsewhere the
// PostgreSQL suites show as skipped ("… on PostgreSQL (TEST_DATABASE_URL not set)").
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, inject } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { migrateToLatest } from "#infrastructure/db/migrate";
import { copyOfSchema, newSchemaName, type DatabaseTemplates } from "./database-templates";

export type DatabaseKind = "sqlite" | "postgres";

/** The name a PostgreSQL suite shows, as skipped, when it cannot run here. */
export const POSTGRES_NOT_SET = "PostgreSQL (TEST_DATABASE_URL not set)";

/** The variables these helpers read (process.env by default). */
type TestEnv = Record<string, string | undefined>;

function requirePostgresInCi(env: TestEnv): void {
  if (!env.TEST_DATABASE_URL && env.CI) {
    throw new Error("TEST_DATABASE_URL must be set in CI: the PostgreSQL contract tests may not be skipped.");
  }
}

/** Every database the suites are written for, PostgreSQL included even where it cannot run (see describeEachDatabase). */
export function allDatabaseKinds(env: TestEnv = process.env): DatabaseKind[] {
  requirePostgresInCi(env);
  return ["sqlite", "postgres"];
}

/**
 * The databases that can run here. Prefer allDatabaseKinds() with describeEachDatabase: a suite
 * built on this list leaves PostgreSQL out without a word when TEST_DATABASE_URL is unset.
 */
export function databaseKinds(): DatabaseKind[] {
  requirePostgresInCi(process.env);
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface DatabaseSuite<K extends string> {
  kind: K;
  title: string;
  skip: boolean;
}

/**
 * One suite per kind ("%s" in the title is the kind). PostgreSQL without TEST_DATABASE_URL is a
 * skipped suite named after what is missing, so the report shows it was not run. In CI it throws.
 */
export function databaseSuites<K extends string>(kinds: readonly K[], title: string, env: TestEnv = process.env): DatabaseSuite<K>[] {
  requirePostgresInCi(env);
  return kinds.map((kind) => {
    const skip = kind === "postgres" && !env.TEST_DATABASE_URL;
    return { kind, skip, title: title.replace("%s", skip ? POSTGRES_NOT_SET : kind) };
  });
}

/**
 * describe.each for database kinds: `describeEachDatabase(["memory", ...allDatabaseKinds()])("X on %s", (kind) => ...)`.
 * Without TEST_DATABASE_URL the PostgreSQL suite is reported as skipped, never silently absent.
 */
export function describeEachDatabase<K extends string>(kinds: readonly K[]) {
  return (title: string, body: (kind: K) => void): void => {
    for (const suite of databaseSuites(kinds, title)) describe.skipIf(suite.skip)(suite.title, () => body(suite.kind));
  };
}

export interface TestDatabase extends DatabaseHandle {
  kind: DatabaseKind;
  /** For SQLite, the file; for PostgreSQL, the URL with the schema to use. */
  url: string;
  pgSchema?: string;
  destroy(): Promise<void>;
}

/**
 * A new database of that kind with the latest schema: a copy of the run's migrated template, or
 * with `{ migrate: true }` migrated on its own, as the app does it (to check the copies against).
 */
export async function createTestDatabase(kind: DatabaseKind, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-test-"));
    const file = path.join(dir, "test.db");
    if (!options.migrate) fs.copyFileSync(templates().sqliteFile, file);
    const handle = connect({ url: file });
    if (options.migrate) await migrateToLatest(handle.db);
    return {
      ...handle,
      kind,
      url: file,
      destroy: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const template = options.migrate ? null : templates().postgresSchema;
  const schema = newSchemaName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (template) await admin.query(copyOfSchema(template, schema));
    else await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const handle = connect({ url, pgSchema: schema, poolSize: 25 });
  if (!template) await migrateToLatest(handle.db, handle.schema);
  return {
    ...handle,
    kind,
    url,
    pgSchema: schema,
    destroy: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** The migrated templates the run's global set-up made (vitest.config.ts). */
function templates(): DatabaseTemplates {
  const provided = inject("databaseTemplates");
  if (!provided) throw new Error("no database templates: run Vitest with vitest.config.ts, whose global set-up makes them");
  return provided;
}

/**
 * A new, empty PostgreSQL database on the TEST_DATABASE_URL server, for what works on a whole
 * database rather than one schema (a server started with a plain DATABASE_URL, pg_dump of every
 * schema). `url` points at it; `drop()` removes it, ending any connection left.
 *
 * DROP DATABASE makes PostgreSQL take an immediate checkpoint and waits for it, behind any
 * checkpoint already running. During the whole suite that one can be long: every test schema's
 * tables are files to sync (the server's log once showed 62 766 files, 165 s). A hook that drops
 * one is given SCRATCH_DROP_TIMEOUT_MS, not the 60 s default.
 */
export const SCRATCH_DROP_TIMEOUT_MS = 300_000;

export async function createScratchPostgresDatabase(prefix = "kn_scratch"): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
