import path from "node:path";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { Kysely, sql, type LogEvent, type PostgresPool, type PostgresPoolClient } from "kysely";
import { SchemaScopedPostgresDialect } from "./schema-scoped-introspector";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Database } from "./schema";
import { checkReadiness, type Readiness } from "./readiness";
import { withStatementCache } from "./statement-cache";
import { PostgresLiteralLimitDialect, SqliteLiteralLimitDialect } from "./literal-limit";
import { gatherSqliteStatistics } from "./sqlite-statistics";
import { PLAIN_STATEMENT, statementBatches, type Lease } from "./statement-batches";
import { queryDescribedOnce } from "./described-once-query";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the schema the tables live in (for the migrator's bookkeeping). */
  schema?: string;
  /** SQLite: the database file (for the migration lock and backups); absent for ':memory:'. */
  sqliteFile?: string;
  /**
   * Answers true when the database answers a trivial query within `timeoutMs` (1.5 s by default,
   * so /readyz reports an unreachable database within 2 s). A success marks it available again.
   */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * False from the moment the database was found unreachable (a lost connection, a connect or
   * query timeout, a failed ping) until a ping succeeds. Pages answer 503 meanwhile.
   */
  isAvailable(): boolean;
  /**
   * For /readyz: the database answers and its schema is exactly this build's (no migration
   * pending, none unknown). Never throws.
   */
  readiness(): Promise<Readiness>;
  /**
   * The query planner's statistics, gathered again: SQLite's (infrastructure/db/sqlite-statistics.ts);
   * nothing on PostgreSQL, whose autovacuum keeps them.
   */
  gatherStatistics(): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A file path (or ':memory:') selects SQLite; a postgres:// URL selects PostgreSQL. */
  url: string;
  /** PostgreSQL only: a schema to create and use, so parallel test runs never share tables. */
  pgSchema?: string;
  poolSize?: number;
  /** PostgreSQL: how long to wait for a connection (ms; 3000 by default). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server's statement_timeout, and how long the client waits for any answer (ms; 15000). */
  statementTimeoutMs?: number;
  /** Told when the database becomes unreachable or reachable again (the server logs it). */
  onAvailabilityChange?: (available: boolean, error?: unknown) => void;
  /** Told every statement as it was sent (Kysely's log hook): `npm run bench:plans` explains them. */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
  /**
   * PostgreSQL: send each statement as a named prepared statement, parsed once per connection
   * (default true; false behind a pooler that cannot keep them, such as PgBouncer in transaction
   * mode before 1.21). See namedStatement below.
   */
  preparedStatements?: boolean;
  /**
   * PostgreSQL: the statements sent in one tick share one connection in pipeline mode, written
   * together (default true; false behind a pooler that cannot pipeline). See statement-batches.ts.
   */
  batchStatements?: boolean;
}

const DEFAULT_PING_TIMEOUT_MS = 1500;
const PING_ATTEMPTS = 5;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function connect(options: ConnectOptions): DatabaseHandle {
  if (isPostgresUrl(options.url)) return connectPostgres(options);
  return connectSqlite(options.url, options.onQuery);
}

function queryLog(onQuery: ConnectOptions["onQuery"]) {
  if (!onQuery) return {};
  return { log: (event: LogEvent) => onQuery(event.query.sql, event.query.parameters) };
}

function connectSqlite(file: string, onQuery?: ConnectOptions["onQuery"]): DatabaseHandle {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  // Writers wait for each other instead of failing at once with SQLITE_BUSY.
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({
    dialect: new SqliteLiteralLimitDialect({ database: withStatementCache(sqlite) }),
    ...queryLog(onQuery),
  });
  const state = availability();
  const handle: DatabaseHandle = {
    db,
    dialect: "sqlite",
    ...(file === ":memory:" ? {} : { sqliteFile: path.resolve(file) }),
    ping: (timeoutMs) => ping(db, state, timeoutMs),
    isAvailable: () => state.available,
    readiness: () => checkReadiness(handle),
    gatherStatistics: () => gatherSqliteStatistics(db),
    close: () => db.destroy(),
  };
  return handle;
}

function connectPostgres(options: ConnectOptions): DatabaseHandle {
  const { url, pgSchema, poolSize } = options;
  const statementTimeoutMs = options.statementTimeoutMs ?? 15_000;
  // COUNT(*) and SUM() come back as bigint: numbers are what the repositories expect.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize ?? 10,
    // Without these a database that accepts TCP but never answers hangs every page forever.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    // The server cancels a runaway statement; the client gives up a little later on a silent server.
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1000,
    // A connection that died without a FIN (a NAT, a failover) is noticed instead of waited on.
    keepAlive: true,
    // A batch's statements are written without waiting for each answer (statement-batches.ts).
    // A connection used by one statement at a time behaves as without it.
    pipeline: options.batchStatements ?? true,
    ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
  });
  const state = availability(options.onAvailabilityChange);
  // An idle client whose connection drops (a restart, pg_terminate_backend, a network cut) makes the
  // pool emit 'error'; with no listener Node would end the whole process. The pool has already
  // thrown that client away: we only note that the database may be gone.
  pool.on("error", (error) => state.down(error));
  const dialectConfig = {
    pool: watchedPool(pool, state, statementTimeoutMs, options.preparedStatements ?? true, options.batchStatements ?? true),
  };
  const dialect = pgSchema ? new SchemaScopedPostgresDialect(dialectConfig, pgSchema) : new PostgresLiteralLimitDialect(dialectConfig);
  const db = new Kysely<Database>({ dialect, ...queryLog(options.onQuery) });
  const handle: DatabaseHandle = {
    db,
    dialect: "postgres",
    schema: pgSchema ?? "public",
    ping: (timeoutMs) => ping(db, state, timeoutMs),
    isAvailable: () => state.available,
    readiness: () => checkReadiness(handle),
    gatherStatistics: () => Promise.resolve(),
    close: () => db.destroy(),
  };
  return handle;
}

interface Availability {
  available: boolean;
  down(error: unknown): void;
  up(): void;
}

function availability(onChange?: ConnectOptions["onAvailabilityChange"]): Availability {
  const state: Availability = {
    available: true,
    down(error) {
      if (!state.available) return;
      state.available = false;
      onChange?.(false, error);
    },
    up() {
      if (state.available) return;
      state.available = true;
      onChange?.(true);
    },
  };
  return state;
}

/** PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, terminate). */
const CONNECTION_SQLSTATE = /^(08|57P0[1-3])/;
const CONNECTION_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
const CONNECTION_MESSAGE = /timeout|Connection terminated|not queryable|connection error|Client was closed/i;

/** pg-pool's error when all `max` clients stayed checked out for connectionTimeoutMillis (its queue, not the network). */
const isPoolBusy = (error: unknown) => error instanceof Error && error.message === "timeout exceeded when trying to connect";

/** True for errors that say the database cannot be reached, not that one statement was wrong. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  // A SQLSTATE decides alone: 57014 (statement timeout) is a slow query, not an absent database.
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return CONNECTION_SQLSTATE.test(code);
  if (typeof code === "string" && CONNECTION_ERRNO.has(code)) return true;
  return CONNECTION_MESSAGE.test(error.message);
}

/**
 * Named prepared statements (issue 12, decision 0159). Sent as an unnamed statement, each query is
 * parsed and planned by PostgreSQL every time: 0.1–0.6 ms of the server's CPU for our search and
 * photo statements, as much as running them. Named, a statement is parsed once per connection,
 * and PostgreSQL plans it once too when its generic plan is as good as a fresh one. The name is the
 * statement text's hash. Only reads and writes are named (not BEGIN, COMMIT or SET), and only the
 * first MAX_NAMED_STATEMENTS distinct texts: a text made from unbounded input (a list of any
 * length) must not grow every connection's memory on the server; later ones are sent unnamed.
 */
const MAX_NAMED_STATEMENTS = 1_000;
const statementNames = new Map<string, string>();
// Reads and writes are named; BEGIN, COMMIT and SET are not.
const NAMEABLE = PLAIN_STATEMENT;

function namedStatement(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known !== undefined || statementNames.size >= MAX_NAMED_STATEMENTS || !NAMEABLE.test(text)) return known;
  const name = `kn_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}

/** A new name for a statement whose prepared copies are stale (its old name stays on their connections). */
function renameStatement(text: string, stale: string): string {
  const generation = Number(/_g(\d+)$/.exec(stale)?.[1] ?? 0) + 1;
  const name = `${stale.replace(/_g\d+$/, "")}_g${generation}`;
  statementNames.set(text, name);
  return name;
}

/** PostgreSQL refuses a prepared statement whose result columns a migration changed (SQLSTATE 0A000). */
export function isStalePreparedStatement(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === "0A000" &&
    /cached plan must not change result type/i.test(error.message)
  );
}

/**
 * The pool as Kysely sees it: a failed connect or a connection-level query error marks the
 * database unavailable, and a client that had one is destroyed on release rather than reused.
 * With `batched`, the statements of one tick share a connection (statement-batches.ts).
 */
function watchedPool(pool: pg.Pool, state: Availability, busyWaitMs: number, prepared: boolean, batched: boolean): PostgresPool {
  const checkout = async (): Promise<Lease> => {
    let client: pg.PoolClient;
    const waitUntil = Date.now() + busyWaitMs;
    for (;;) {
      try {
        client = await pool.connect();
        break;
      } catch (error) {
        // Every client busy is load, not absence: each of them is talking to the database. Under a
        // burst (bench:load, 200 connections) waits past connectTimeoutMs are normal, and calling the
        // database down for them turned every instance's pages into 503s at once. Wait on, within
        // the statement budget, while nothing else has found the database gone (a hung server is
        // still caught by the ping and by the busy clients' own query timeouts).
        if (isPoolBusy(error)) {
          if (Date.now() < waitUntil && state.available) continue;
          throw error;
        }
        state.down(error);
        throw error;
      }
    }
    let broken: Error | undefined;
    // A checked-out client whose connection drops between two queries (inside a transaction)
    // emits 'error' on itself, where the pool is not listening: unheard, it would end the process.
    const onError = (error: Error) => {
      broken = error;
      state.down(error);
    };
    client.on("error", onError);
    const send = (text: unknown, parameters?: ReadonlyArray<unknown>) => {
      const name = prepared && typeof text === "string" ? namedStatement(text) : undefined;
      const run = (as: string | undefined) =>
        as === undefined
          ? (client.query as (t: unknown, p?: ReadonlyArray<unknown>) => Promise<unknown>)(text, parameters)
          : queryDescribedOnce(client, as, text as string, parameters as unknown[] | undefined);
      return run(name).catch((error: unknown) => {
        // A migration changed what a statement returns (another instance migrated while this
        // one runs): this connection's prepared copy is stale. It is sent again under a new name.
        if (name === undefined || !isStalePreparedStatement(error)) throw error;
        return run(renameStatement(text as string, name));
      });
    };
    // pg's socket, to hold a batch's statements back until they can go in one write.
    const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
    return {
      send: (text, parameters) =>
        send(text, parameters).then(
          (result) => {
            // An answer is proof the database is back. Waiting for the gate's ping alone kept a busy
            // instance "down": its ping queued behind the busy clients and timed out, again and again.
            state.up();
            return result;
          },
          (error: unknown) => {
            if (isConnectionError(error)) {
              broken = error as Error;
              state.down(error);
            }
            throw error;
          },
        ),
      corkUntilNextTick() {
        if (!stream?.cork || !stream.uncork) return;
        stream.cork();
        process.nextTick(() => stream.uncork?.());
      },
      release: () => {
        client.off("error", onError);
        client.release(broken);
      },
    };
  };
  const batches = statementBatches(checkout);
  return {
    async connect(): Promise<PostgresPoolClient> {
      if (batched) return batches.connection() as unknown as PostgresPoolClient;
      const lease = await checkout();
      return { query: lease.send, release: lease.release } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

async function ping(db: Kysely<Database>, state: Availability, timeoutMs = DEFAULT_PING_TIMEOUT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve(false);
    }, timeoutMs);
  });
  // After a restart every idle connection in the pool is dead, and each is only found out when
  // used (and then thrown away): a lost connection is tried again, a fresh one is what answers.
  // A few tries at most: an unreachable server must not be hammered.
  const answer = (async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch (error) {
        if (timedOut || attempt >= PING_ATTEMPTS || !isConnectionError(error)) return false;
      }
    }
  })();
  const ok = await Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
  if (ok) state.up();
  else state.down(new Error(`The database did not answer within ${timeoutMs} ms`));
  return ok;
}
