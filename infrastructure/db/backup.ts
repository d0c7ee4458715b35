// `npm run db:backup` and `npm run db:restore` (decision 0130): existing engines only.
// SQLite: the online backup API (better-sqlite3's db.backup()), safe while the server writes.
// PostgreSQL: pg_dump (custom format, one consistent snapshot) and pg_restore, the client
// binaries of Debian's postgresql-client. A backup is written beside its final name and renamed
// only when complete and checked, so a file under the final name is never half a backup.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import SQLite from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl } from "./connection";

export interface DatabaseLocation {
  /** A SQLite file path, or a postgres:// URL (as DATABASE_URL). */
  url: string;
  /** PostgreSQL: only this schema (the tests' scratch schemas); the whole database otherwise. */
  pgSchema?: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  engine: "sqlite" | "postgres";
}

/** An expected refusal (an existing file, a non-empty target, a damaged backup): the scripts print it and exit 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export async function backupDatabase(source: DatabaseLocation, file: string, options: { force?: boolean } = {}): Promise<BackupResult> {
  const target = path.resolve(file);
  if (fs.existsSync(target) && !options.force) throw new BackupError(`${target} already exists (pass --force to replace it)`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (isPostgresUrl(source.url)) await pgDump(source, partial);
    else await sqliteBackup(source.url, partial);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file: target, bytes: fs.statSync(target).size, engine: isPostgresUrl(source.url) ? "postgres" : "sqlite" };
}

export async function restoreDatabase(target: DatabaseLocation, file: string, options: { force?: boolean } = {}): Promise<void> {
  const backup = path.resolve(file);
  if (!fs.existsSync(backup)) throw new BackupError(`${backup} does not exist`);
  if (isPostgresUrl(target.url)) await pgRestore(target, backup, Boolean(options.force));
  else await sqliteRestore(target.url, backup, Boolean(options.force));
}

// --- SQLite ---------------------------------------------------------------------------------

async function sqliteBackup(sourceFile: string, partial: string): Promise<void> {
  if (!fs.existsSync(sourceFile)) throw new BackupError(`${path.resolve(sourceFile)} does not exist`);
  const source = new SQLite(sourceFile, { fileMustExist: true, timeout: 5000 });
  try {
    // All pages in one step: the copy is one read transaction, a consistent snapshot that WAL
    // writers do not block and that a write cannot restart (the API restarts a copy made in
    // small steps whenever another connection writes between two of them).
    await source.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  assertSqliteIntegrity(partial);
}

/** PRAGMA integrity_check must answer exactly "ok". */
export function assertSqliteIntegrity(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma("integrity_check") as Array<{ integrity_check: string }>;
    const answer = rows
      .slice(0, 10)
      .map((r) => r.integrity_check)
      .join("; ");
    if (answer !== "ok") throw new BackupError(`${file} fails the integrity check: ${answer}`);
  } finally {
    db.close();
  }
}

function sqliteHasTables(file: string): boolean {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return false;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    return row.n > 0;
  } finally {
    db.close();
  }
}

async function sqliteRestore(targetFile: string, backup: string, force: boolean): Promise<void> {
  const target = path.resolve(targetFile);
  if (sqliteHasTables(target) && !force) {
    throw new BackupError(`${target} already holds a database: stop the server, then pass --force to replace it`);
  }
  assertSqliteIntegrity(backup);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const restoring = `${target}.restoring`;
  fs.rmSync(restoring, { force: true });
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(restoring, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  assertSqliteIntegrity(restoring);
  // The old database's WAL and shared memory belong to the file being replaced.
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(restoring, target);
}

// --- PostgreSQL -------------------------------------------------------------------------------

/**
 * The URL for a client binary without its password (which goes in PGPASSWORD, so it never shows
 * in the process list), and the environment carrying it.
 */
function pgClientArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} was not found: install PostgreSQL's client programs (apt-get install postgresql-client)`)
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

async function pgDump(source: DatabaseLocation, partial: string): Promise<void> {
  const { dbname, env } = pgClientArgs(source.url);
  // Custom format: compressed, one snapshot of the whole database taken when pg_dump starts.
  const args = ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${dbname}`];
  if (source.pgSchema) args.push(`--schema=${source.pgSchema}`);
  await run("pg_dump", args, env);
}

async function pgTableCount(target: DatabaseLocation): Promise<number> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const schemas = target.pgSchema ? [target.pgSchema] : null;
    const result = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg_toast%'
          AND ($1::text[] IS NULL OR table_schema = ANY($1::text[]))`,
      [schemas],
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Extensions the migrations create database-wide, in public (migration 0027: pg_trgm). A dump of
 * the whole database carries them; a dump of one schema does not, and its indexes need them.
 */
const DATABASE_EXTENSIONS = ["pg_trgm"] as const;

async function ensureExtensions(target: DatabaseLocation): Promise<void> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    for (const extension of DATABASE_EXTENSIONS) await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension} WITH SCHEMA public`);
  } finally {
    await client.end();
  }
}

async function pgRestore(target: DatabaseLocation, backup: string, force: boolean): Promise<void> {
  if ((await pgTableCount(target)) > 0 && !force) {
    throw new BackupError("The target database already holds tables: stop the servers, then pass --force to replace them");
  }
  if (target.pgSchema) await ensureExtensions(target);
  const { dbname, env } = pgClientArgs(target.url);
  // One transaction: a restore that fails leaves the target as it was. --clean drops what the
  // dump is about to create (only with --force, into a database that holds something).
  const args = ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", `--dbname=${dbname}`];
  if (force) args.push("--clean", "--if-exists");
  args.push(backup);
  await run("pg_restore", args, env);
}
