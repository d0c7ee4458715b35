// Databases for integration and contract tests: a fresh, migrated SQLite file per call, and a
// fresh PostgreSQL schema per call when TEST_DATABASE_URL is set. In CI PostgreSQL is required:
// a suite that silently skips it would hide half of what it claims to test.
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { connect, type DatabaseHandle } from "../../infrastructure/db/connection";
import { migrateToLatest } from "../../infrastructure/db/migrate";

export type DatabaseKind = "sqlite" | "postgres";

export function databaseKinds(): DatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI) {
    throw new Error("TEST_DATABASE_URL must be set in CI: the PostgreSQL contract tests may not be skipped.");
  }
  return url ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabase extends DatabaseHandle {
  kind: DatabaseKind;
  /** For SQLite, the file; for PostgreSQL, the URL with the schema to use. */
  url: string;
  pgSchema?: string;
  destroy(): Promise<void>;
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-test-"));
    const file = path.join(dir, "test.db");
    const handle = connect({ url: file });
    await migrateToLatest(handle.db);
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
  const schema = `t_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = connect({ url, pgSchema: schema, poolSize: 25 });
  await migrateToLatest(handle.db, handle.schema);
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
