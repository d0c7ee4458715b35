// Which reads in a query plan scan a large growing table, for `npm run bench:plans` (decision 0147).
import type { Dialect } from "#infrastructure/db/connection";

export interface Finding {
  table: string;
  kind: "full scan" | "capped scan" | "large range";
  line: string;
}

/**
 * SQLite's sqlite_stat1, by index: the rows of the table, then the rows one value of the first
 * column holds on average, of the first two, and so on.
 */
export type IndexStatistics = ReadonlyMap<string, readonly number[]>;

/** Whether a finding reads a large table's rows whole (flagged), not stopped by a LIMIT. */
export const isWholeRead = (f: Finding) => f.kind !== "capped scan";

/** Below this many rows a table is not evidence: PostgreSQL rightly reads a small table whole. */
export const LARGE_TABLE_ROWS = 5000;

/**
 * Reads of large growing tables in a plan. A read that stops at the statement's LIMIT is "capped"
 * (an index read in the page's order, or the listing count's `limit 1001`): shown, not flagged. It
 * is a full scan when nothing stops it: no LIMIT, or a sort, hash or aggregate that must see every
 * row before the first one comes out.
 *
 * Each read is judged by what stands above it, not by the whole plan: a page's ids read in index
 * order under a Limit, then sorted again (20 rows) once joined to their rows, stay capped
 * (decision 0166). PostgreSQL: the nodes between the read and the nearest Limit above it; a
 * Hash Join's outer side streams, its inner Hash does not. SQLite prints no LIMIT: a temp B-tree
 * sorts the reads of its own block (same indentation, same parent), so a read inside a
 * co-routine whose block has none is taken as stopped by the statement's LIMIT.
 */
export function findScans(
  dialect: Dialect,
  plan: string,
  statement: string,
  large: ReadonlySet<string>,
  statistics: IndexStatistics = new Map(),
): Finding[] {
  const hasLimit = /\blimit\b/i.test(statement);
  const findings: Finding[] = [];
  const lines = plan.split("\n");
  lines.forEach((line, i) => {
    let table: string | undefined;
    if (dialect === "sqlite") {
      table = /^\s*SCAN (\w+)(?: AS \w+)?/.exec(line)?.[1];
      // A range read, then sorted whole before the first row comes out: as costly as a scan when
      // the range is large (every verified listing, sorted by distance: decision 0170).
      const search = /^\s*SEARCH (\w+)(?: AS \w+)?/.exec(line)?.[1];
      const searched = search && aliasTable(statement, search);
      if (
        searched &&
        large.has(searched) &&
        sqliteSortedInBlock(lines, i) &&
        (sqliteRangeRows(line, statistics) ?? 0) >= LARGE_TABLE_ROWS
      ) {
        findings.push({ table: searched, kind: "large range", line: line.trim() });
        return;
      }
    } else {
      table = /Seq Scan on (\w+)/.exec(line)?.[1];
      const idx = /Index (?:Only )?Scan(?: Backward)? using \w+ on (\w+)/.exec(line);
      if (idx) {
        // An index scan with an Index Cond reads a range; without one it reads the whole index.
        const indent = line.search(/\S/);
        let ranged = false;
        for (let j = i + 1; j < lines.length && lines[j].search(/\S/) > indent && !lines[j].includes("->"); j++)
          ranged ||= /Index Cond/.test(lines[j]);
        if (!ranged) table = idx[1];
      }
      // A range (an index range, a bitmap) read whole before the first row comes out, by a sort, a
      // hash or an aggregate, or with no LIMIT: as costly as a scan when the planner expects it
      // large. Judged only on a plan printed with its estimates (rows=).
      const range = table === undefined ? (idx?.[1] ?? /Bitmap Heap Scan on (\w+)/.exec(line)?.[1]) : undefined;
      const estimate = Number(/ rows=(\d+)/.exec(line)?.[1] ?? 0);
      if (range && large.has(range) && estimate >= LARGE_TABLE_ROWS && !(hasLimit && postgresStoppedByLimit(lines, i))) {
        findings.push({ table: range, kind: "large range", line: line.trim() });
        return;
      }
    }
    if (table === undefined) return;
    // SQLite names a table by its alias in the plan: map the alias back through the statement.
    const real = dialect === "sqlite" ? aliasTable(statement, table) : table;
    if (!large.has(real)) return;
    const capped = hasLimit && (dialect === "sqlite" ? !sqliteSortedInBlock(lines, i) : postgresStoppedByLimit(lines, i));
    findings.push({ table: real, kind: capped ? "capped scan" : "full scan", line: line.trim() });
  });
  return findings;
}

/** A PostgreSQL plan node's name: "Limit", "Sort", "Hash Join"… (after its arrow, before its figures). */
const nodeName = (line: string) =>
  line
    .trim()
    .replace(/^->\s+/, "")
    .replace(/\s+\(.*$/, "")
    .replace(/ (using|on) .*$/, "");
const indentOf = (line: string) => line.search(/\S|->/);

/** Whether a Limit stands above line `at` with nothing between that needs every row first. */
function postgresStoppedByLimit(lines: string[], at: number): boolean {
  let indent = indentOf(lines[at]);
  for (let j = at - 1; j >= 0; j--) {
    const line = lines[j];
    if (!(line.trim().startsWith("->") || indentOf(line) === 0) || indentOf(line) >= indent) continue;
    indent = indentOf(line);
    const name = nodeName(line);
    if (/^(Sort|Hash|GroupAggregate|HashAggregate|Materialize)$/.test(name)) return false;
    if (name === "Limit") return true;
  }
  return false;
}

/**
 * The rows a SQLite SEARCH reads, estimated from sqlite_stat1 by the equality terms it names (the
 * plan lists them in the index's order, any range term after them); undefined without statistics.
 */
function sqliteRangeRows(line: string, statistics: IndexStatistics): number | undefined {
  const read = /USING (?:COVERING )?INDEX (\w+) \(([^)]*)\)/.exec(line);
  const counts = read && statistics.get(read[1]);
  if (!read || !counts) return undefined;
  const equalities = read[2].split(" AND ").filter((term) => /^\w+=\?$/.test(term.trim())).length;
  return counts[Math.min(equalities, counts.length - 1)];
}

/** Whether a SQLite temp B-tree sorts the block that line `at` reads in (its siblings, same parent). */
function sqliteSortedInBlock(lines: string[], at: number): boolean {
  const indent = lines[at].search(/\S/);
  const sorts = (line: string) => line.search(/\S/) === indent && /USE TEMP B-TREE FOR (ORDER|GROUP) BY/.test(line);
  for (let j = at + 1; j < lines.length && lines[j].search(/\S/) >= indent; j++) if (sorts(lines[j])) return true;
  for (let j = at - 1; j >= 0 && lines[j].search(/\S/) >= indent; j--) if (sorts(lines[j])) return true;
  return false;
}

function aliasTable(statement: string, name: string): string {
  const m = new RegExp(`"?(\\w+)"? as "?${name}"?(?![\\w"])`, "i").exec(statement);
  return m && !/^(select|from)$/i.test(m[1]) ? m[1] : name;
}
