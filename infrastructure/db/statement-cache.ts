import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Statements kept per connection: the app sends a few hundred distinct ones at most. */
const DEFAULT_CAPACITY = 500;

/**
 * better-sqlite3 for Kysely, with each statement prepared once and reused.
 *
 * Kysely's SQLite driver calls `prepare()` for every query it runs; SQLite then parses and plans
 * the same text again. A rendered /listings page sends a handful of statements, always the same
 * texts with different parameters, and their preparation was a tenth of the page's database time
 * in its CPU profile (decision 0152). A statement keeps no state between runs (Kysely runs it to
 * the end with all() or run(), holding its connection's lock), and SQLite prepares it again by
 * itself if a migration changes the schema under it. The least recently used one is dropped
 * beyond `capacity`, so a stream of ad-hoc texts cannot grow memory.
 */
export function withStatementCache(
  database: { prepare(sql: string): SqliteStatement; close(): unknown },
  capacity = DEFAULT_CAPACITY,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // Map keeps insertion order: moving it to the end makes the first key the least recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
