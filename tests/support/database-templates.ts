// Migrated databases to copy. Migrating runs every migration, one transaction each: 50 ms on
// SQLite and 0.3 s on PostgreSQL on an idle 2-core machine, and 1.6–2.6 s there while the other
// test files run; a run asks for some 300 PostgreSQL schemas, and migrating them was half of the
// integration tests' time. The run migrates once (the global set-up), and every database a test
// asks for is a copy: the SQLite file copied, or the PostgreSQL schema's pg_dump replayed in one
// statement under the new schema's name. database-templates.test.ts checks a copy is the schema
// the migrations build.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { execFile } from "node:child_process";
import pg from "pg";
import { connect } from "#infrastructure/db/connection";
import { migrateToLatest } from "#infrastructure/db/migrate";

/** A migrated PostgreSQL schema as SQL: every occurrence of `name` in `sql` is the schema's name. */
export interface PostgresSchemaTemplate {
  name: string;
  sql: string;
}

export interface DatabaseTemplates {
  /** A migrated SQLite file, to copy (never to open: it is shared by every test process). */
  sqliteFile: string;
  /** Null without TEST_DATABASE_URL, or where pg_dump cannot run (each schema is then migrated). */
  postgresSchema: PostgresSchemaTemplate | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

export function newSchemaName(): string {
  return `t_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
}

/** The statement that builds a copy of the template as `schema`. */
export function copyOfSchema(template: PostgresSchemaTemplate, schema: string): string {
  return template.sql.replaceAll(template.name, schema);
}

/** Builds the templates, the SQLite file in `dir`. */
export async function buildDatabaseTemplates(dir: string, postgresUrl: string | undefined): Promise<DatabaseTemplates> {
  const [sqliteFile, postgresSchema] = await Promise.all([
    migratedSqliteFile(dir),
    postgresUrl ? migratedPostgresSchema(postgresUrl) : null,
  ]);
  return { sqliteFile, postgresSchema };
}

async function migratedSqliteFile(dir: string): Promise<string> {
  const file = path.join(dir, "template.db");
  const handle = connect({ url: file });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // Closing the last connection checkpoints the write-ahead log into the file.
    await handle.close();
  }
  if (fs.existsSync(`${file}-wal`)) throw new Error("the migrated SQLite template kept a write-ahead log: copy it too");
  return file;
}

/** A schema migrated, dumped (tables, indexes, constraints and rows) and dropped. */
async function migratedPostgresSchema(url: string): Promise<PostgresSchemaTemplate | null> {
  const name = newSchemaName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
    const handle = connect({ url, pgSchema: name, poolSize: 1 });
    try {
      await migrateToLatest(handle.db, handle.schema);
    } finally {
      await handle.close();
    }
    const dump = await pgDump(url, name);
    return dump === null ? null : { name, sql: dump };
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await admin.end();
  }
}

/** One schema as plain SQL (rows as INSERTs), without psql's own commands; null when pg_dump is absent. */
function pgDump(url: string, schema: string): Promise<string | null> {
  const args = ["--dbname", url, "--schema", schema, "--no-owner", "--no-privileges", "--inserts"];
  return new Promise((resolve, reject) => {
    execFile("pg_dump", args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") return resolve(null);
      if (error) return reject(new Error(`pg_dump failed: ${stderr || error.message}`));
      // pg_dump 15.14 and later bracket the dump in \restrict … \unrestrict: psql's commands, not SQL.
      resolve(
        stdout
          .split("\n")
          .filter((line) => !line.startsWith("\\"))
          .join("\n"),
      );
    });
  });
}
