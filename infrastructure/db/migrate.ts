import SQLite from "better-sqlite3";
import { Migrator, type Kysely, type MigrationProvider } from "kysely";
import { migrations } from "../../migrations/index";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Kysely's bookkeeping table (its default name, which our Migrator keeps). */
const MIGRATION_TABLE = "kysely_migration";

/**
 * Where the database stands against the migrations this build carries: `pending` are ours and
 * not applied yet (the schema is behind), `unknown` are applied but not ours (a newer release
 * migrated it: the schema is ahead of this build).
 */
export interface SchemaStatus {
  applied: string[];
  pending: string[];
  unknown: string[];
}

/** The database's schema does not match this build: the instance must not serve. */
export class SchemaMismatchError extends Error {
  constructor(
    readonly status: SchemaStatus,
    message: string,
  ) {
    super(message);
    this.name = "SchemaMismatchError";
  }
}

/** The names this build knows, in order. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}

/**
 * Reads Kysely's bookkeeping table (a database never migrated has none: everything is pending).
 * One small query: /readyz asks it on every check.
 */
export async function schemaStatus(db: Kysely<any>, schema?: string): Promise<SchemaStatus> {
  let applied: string[];
  try {
    const from = schema ? db.withSchema(schema) : db;
    const rows = await from.selectFrom(MIGRATION_TABLE).select("name").execute();
    applied = rows.map((r) => String(r.name)).sort();
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    applied = [];
  }
  const known = knownMigrations();
  const done = new Set(applied);
  return {
    applied,
    pending: known.filter((name) => !done.has(name)),
    unknown: applied.filter((name) => !known.includes(name)),
  };
}

function isMissingTable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // PostgreSQL: 42P01 undefined_table; SQLite: "no such table".
  return (error as { code?: unknown }).code === "42P01" || /no such table/i.test(error.message);
}

/** Throws a SchemaMismatchError that says what to do when the database does not match this build. */
export function assertSchemaMatches(status: SchemaStatus): void {
  if (status.unknown.length > 0) {
    throw new SchemaMismatchError(
      status,
      `The database has ${status.unknown.length} migration(s) this build does not know (${status.unknown.join(", ")}): ` +
        "a newer release has migrated it. This instance refuses to serve; deploy that release (or a newer one) here.",
    );
  }
  if (status.pending.length > 0) {
    throw new SchemaMismatchError(
      status,
      `The database misses ${status.pending.length} migration(s) (${status.pending.join(", ")}). This instance refuses ` +
        "to serve; run `npm run db:migrate` (or start with MIGRATE_ON_START=true).",
    );
  }
}

/**
 * Runs every pending migration; throws with the failing migration's name.
 * `schema` (PostgreSQL) keeps Kysely's bookkeeping tables in that schema: without it Kysely
 * would find another schema's tables and think its own exist.
 *
 * On PostgreSQL Kysely's Migrator already makes concurrent runs safe: it takes a session
 * pg_advisory_lock on one connection, re-reads what is applied under that lock and runs the
 * migrations in one transaction (decision 0130). SQLite gets its lock from migrateDatabase().
 * A database migrated by a newer release is refused with a SchemaMismatchError before anything runs.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const before = await schemaStatus(db, schema);
  if (before.unknown.length > 0) assertSchemaMatches(before);
  // Migrations written in parallel may land out of name order; each is independent, so run any missing one.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** What migrateDatabase and checkSchema need of a database handle. */
export interface MigratableDatabase {
  db: Kysely<any>;
  schema?: string;
  /** SQLite: the database file (absent for PostgreSQL and ':memory:'). */
  sqliteFile?: string;
}

/**
 * Start-up and `npm run db:migrate`: migrate under a lock that other processes respect, then
 * check that the schema is exactly this build's. Returns the migrations applied here (none when
 * another process got there first).
 */
export async function migrateDatabase(database: MigratableDatabase, options: { lockTimeoutMs?: number } = {}): Promise<string[]> {
  const run = async () => {
    const applied = await migrateToLatest(database.db, database.schema);
    assertSchemaMatches(await schemaStatus(database.db, database.schema));
    return applied;
  };
  if (!database.sqliteFile) return run();
  return withSqliteFileLock(`${database.sqliteFile}.migrate-lock`, run, options.lockTimeoutMs);
}

/** MIGRATE_ON_START=false: migrate nothing, but refuse a schema that is behind or ahead of this build. */
export async function checkSchema(database: MigratableDatabase): Promise<SchemaStatus> {
  const status = await schemaStatus(database.db, database.schema);
  assertSchemaMatches(status);
  return status;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A lock across processes for SQLite, which Kysely does not lock (its SQLite adapter relies on
 * the one connection of one process): an exclusive transaction on a small sidecar database
 * file. SQLite's own file locking does the work, and the operating system drops the lock when
 * a process dies, so a crashed migration never leaves it held. Polled (not SQLite's busy wait,
 * which would block the event loop) so that two handles in one process also wait for each other.
 */
export async function withSqliteFileLock<T>(lockFile: string, work: () => Promise<T>, timeoutMs = 10 * 60_000): Promise<T> {
  const lock = new SQLite(lockFile, { timeout: 0 });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        lock.exec("BEGIN EXCLUSIVE");
        break;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code !== "SQLITE_BUSY" && code !== "SQLITE_LOCKED") throw error;
        if (Date.now() > deadline) throw new Error(`Another process has held the migration lock ${lockFile} for over ${timeoutMs} ms`);
        await sleep(50);
      }
    }
    try {
      return await work();
    } finally {
      lock.exec("ROLLBACK");
    }
  } finally {
    lock.close();
  }
}
