// The listing search's SQL that only SQLite runs: the FTS5 keyword plan, `INDEXED BY` where its
// planner chose badly, the two-statement count (decision 0161) and the plan text for the benchmark.
import { CompiledQuery, sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Dialect } from "../../db/connection";
import {
  SORT_COVER_INDEX,
  countIndex,
  filtered,
  ftsPhrase,
  notHidden,
  pageQuery,
  preparedSearch,
  sortKeys,
  standingsOf,
  unapprovedAgents,
  type KeywordPlan,
  type SearchFilters,
  type SearchShape,
  type SortColumn,
} from "./shared";

/** Shorter keywords hold no trigram: the indexes cannot serve them (see keywordMatches). */
export const MIN_INDEXED_KEYWORD_LENGTH = 3;

/**
 * SQLite: a keyword found in at least this many listings is common, and its matches are dense
 * enough for the ordered scan to meet a page of them early; a rarer one is read from the index and
 * its few matches sorted. Decision 0131.
 */
export const COMMON_KEYWORD_MATCHES = 4000;

/** SQLite: whether a keyword is rare enough to be read from the index (one capped FTS read). */
export async function keywordPlan(db: Kysely<Database>, dialect: Dialect, keyword: string | null): Promise<KeywordPlan> {
  if (dialect !== "sqlite" || !keyword || [...keyword].length < MIN_INDEXED_KEYWORD_LENGTH) return "scan";
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from properties_fts
    where properties_fts match ${ftsPhrase(keyword)} limit ${sql.lit(COMMON_KEYWORD_MATCHES)})`.execute(db);
  return Number(rows[0].n) < COMMON_KEYWORD_MATCHES ? "index" : "scan";
}

/**
 * SQLite's page, told to read its sort's covering index when nothing narrower applies (no
 * neighbourhood, whose own indexes serve it; no keyword, whose plan chooses between its index and
 * the ordered scan, decision 0131). Left to choose, SQLite's choice moved with the indexes that
 * exist: with the neighbourhood's covering index added (decision 0170) it read every verified
 * listing by properties_moderation_idx and sorted them for "available, verified, nearest", 290 ms
 * instead of 0.9 ms at 100 000 listings. PostgreSQL's planner keeps the index read in order.
 */
export function sqlitePageQuery(db: Kysely<Database>, c: SearchFilters, shape: SearchShape, offset: number, branchLimit: number) {
  const query = pageQuery(db, c, "sqlite", shape.plan, offset, branchLimit);
  if (shape.neighbourhoods > 0 || shape.keyword) return query;
  const compiled = query.compile();
  const index = SORT_COVER_INDEX[sortKeys(c)[0][0] as Exclude<SortColumn, "id">];
  // One read of the index per standing (rentable first, decision 0236).
  return CompiledQuery.raw(readingIndex(compiled.sql, index, "sqlitePageQuery", standingsOf(c).length), [
    ...compiled.parameters,
  ]) as typeof compiled;
}

/** Not hidden, and its agent is one who is not approved: the few such listings (SQLite's count). */
function unapprovedAgentsListing(eb: ExpressionBuilder<Database, "properties">) {
  return eb.and([notHidden(eb), eb("properties.agent_id", "in", unapprovedAgents(eb))]);
}

function unapprovedMatchesQuery(db: Kysely<Database>, c: SearchFilters, dialect: Dialect, plan: KeywordPlan): CompiledQuery<{ n: number }> {
  return filtered(
    db.selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")),
    c,
    dialect,
    plan,
    unapprovedAgentsListing,
  ).compile();
}

function anyAgentCountQuery(
  db: Kysely<Database>,
  c: SearchFilters,
  dialect: Dialect,
  plan: KeywordPlan,
  cap: number,
): CompiledQuery<{ n: number }> {
  const matches = filtered(db.selectFrom("properties").select(sql<number>`1`.as("one")), c, dialect, plan, notHidden).limit(cap);
  const compiled = db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .compile();
  if (c.neighbourhoods.length > 0) return compiled;
  return CompiledQuery.raw(readingIndex(compiled.sql, countIndex(c).index, "anyAgentCountQuery"), [
    ...compiled.parameters,
  ]) as CompiledQuery<{ n: number }>;
}

/**
 * SQLite's `INDEXED BY`, which Kysely cannot write: `statement` (one FROM properties) made to read
 * `index`. Throws when the FROM clause is not the one expected, so a change in Kysely's SQL is
 * seen at once rather than silently losing the index.
 */
function readingIndex(statement: string, index: string, where: string, reads = 1): string {
  const from = 'from "properties" where';
  if (statement.split(from).length !== reads + 1) throw new Error(`the FROM clause of ${where} changed: update it`);
  return statement.replaceAll(from, `from "properties" indexed by "${index}" where`);
}

export const preparedUnapprovedMatches = preparedSearch((db, c, shape) => unapprovedMatchesQuery(db, c, shape.dialect, shape.plan));
export const preparedAnyAgentCount = preparedSearch((db, c, shape, slot, limit) =>
  anyAgentCountQuery(db, c, shape.dialect, shape.plan, limit ?? slot("cap")),
);

/**
 * SQLite: the "same type, another neighbourhood" branches read properties_open_type_rent_idx.
 * Left to choose, SQLite skip-scanned the place-and-type index for one of them (every
 * neighbourhood's listings of the type in the rent band, then sorted): 42 ms for a studio in Muea
 * at 100 000 listings, where the type index gives the band in rent order and stops at `limit`.
 */
export function sameTypeElsewhereByTypeIndex<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  const branches = query.sql.split(" union all ");
  const rewritten = branches.map((branch) =>
    branch.includes("properties.neighbourhood || '' <>")
      ? readingIndex(branch, OPEN_TYPE_RENT_INDEX, "sameTypeElsewhereByTypeIndex")
      : branch,
  );
  if (rewritten.filter((b, i) => b !== branches[i]).length !== 2)
    throw new Error("expected two 'same type elsewhere' branches in the similar listings");
  return CompiledQuery.raw(rewritten.join(" union all "), [...query.parameters]) as CompiledQuery<R>;
}

/** (property_type, monthly_rent, id) for open listings (migration 0027). */
const OPEN_TYPE_RENT_INDEX = "properties_open_type_rent_idx";

function indentSqlitePlan(rows: Array<{ id: number; parent: number; detail: string }>): string {
  const depth = new Map<number, number>([[0, -1]]);
  return rows
    .map((r) => {
      const d = (depth.get(r.parent) ?? -1) + 1;
      depth.set(r.id, d);
      return `${"  ".repeat(d)}${r.detail}`;
    })
    .join("\n");
}

/** SQLite's plan for a statement, one step a line, indented under its parent. */
export async function explainSqlite(db: Kysely<Database>, compiled: CompiledQuery): Promise<string> {
  const result = await db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  return indentSqlitePlan(result.rows);
}
