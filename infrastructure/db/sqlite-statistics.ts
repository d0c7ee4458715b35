import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/** How often a running server gathers SQLite's statistics again (the listings grow by the day, not by the minute). */
export const SQLITE_STATISTICS_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * SQLite's planner statistics, kept by the app (decision 0168): PostgreSQL's autovacuum analyzes
 * its tables by itself, SQLite never does.
 *
 * Without statistics SQLite guesses, and at 100 000 listings it guessed wrong: a Molyko search read
 * the newest-first index whole, 67 ms a search instead of 0.6 ms. A full ANALYZE reads every
 * index once (0.6 s at 100 000 listings; the server runs it before it listens, then once a day).
 * A sampled one (analysis_limit) is quicker but reads only the first rows of each index: all of
 * one neighbourhood, which made the same search 25 ms.
 *
 * The per-value samples ANALYZE also writes (sqlite_stat4; this build of SQLite has STAT4) are
 * deleted: with them SQLite plans a statement again at every run whenever a bound value is compared
 * with an indexed column, so the statement cache saves nothing (a listings page's search took 110 µs
 * instead of 49 µs). The per-index counts (sqlite_stat1) choose the same plans for our queries:
 * bench/RESULTS.md has them at 100 000 listings. `ANALYZE sqlite_schema` makes this connection read
 * the statistics again; its statements are planned once more, with them.
 */
export async function gatherSqliteStatistics(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat4'`.execute(
    db,
  );
  if (Number(rows[0]?.n ?? 0) > 0) await sql`delete from sqlite_stat4`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}
