import path from "node:path";
import fs from "node:fs";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Database } from "./schema";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the schema the tables live in (for the migrator's bookkeeping). */
  schema?: string;
  /** Answers true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A file path (or ':memory:') selects SQLite; a postgres:// URL selects PostgreSQL. */
  url: string;
  /** PostgreSQL only: a schema to create and use, so parallel test runs never share tables. */
  pgSchema?: string;
  poolSize?: number;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function connect(options: ConnectOptions): DatabaseHandle {
  if (isPostgresUrl(options.url)) return connectPostgres(options);
  return connectSqlite(options.url);
}

function connectSqlite(file: string): DatabaseHandle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  // Writers wait for each other instead of failing at once with SQLITE_BUSY.
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: "sqlite",
    ping: () => ping(db),
    close: () => db.destroy(),
  };
}

function connectPostgres({ url, pgSchema, poolSize }: ConnectOptions): DatabaseHandle {
  // COUNT(*) and SUM() come back as bigint: numbers are what the repositories expect.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize ?? 10,
    ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    schema: pgSchema ?? "public",
    ping: () => ping(db),
    close: () => db.destroy(),
  };
}

async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
