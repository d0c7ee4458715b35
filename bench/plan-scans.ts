// Which reads in a query plan scan a large growing table, for `npm run bench:plans` (decision 0147).
import type { Dialect } from "../infrastructure/db/connection";

export interface Finding { table: string; kind: "full scan" | "capped scan"; line: string }

/** Below this many rows a table is not evidence: PostgreSQL rightly reads a small table whole. */
export const LARGE_TABLE_ROWS = 5000;

/**
 * Reads of large growing tables in a plan. A read that stops at the statement's LIMIT is "capped"
 * (an index read in the page's order, or the listing count's `limit 1001`): shown, not flagged. It
 * is a full scan when nothing stops it: no LIMIT, or a sort, hash or aggregate that must see every
 * row before the first one comes out.
 */
export function findScans(dialect: Dialect, plan: string, statement: string, large: ReadonlySet<string>): Finding[] {
  const blocking = dialect === "sqlite" ? /USE TEMP B-TREE FOR (ORDER|GROUP) BY/ : /(?<!Incremental )\bSort\b|\bHash\b|GroupAggregate|HashAggregate|Materialize/;
  const capped = /\blimit\b/i.test(statement) && !blocking.test(plan);
  const findings: Finding[] = [];
  const lines = plan.split("\n");
  lines.forEach((line, i) => {
    let table: string | undefined;
    if (dialect === "sqlite") {
      table = /^\s*SCAN (\w+)(?: AS \w+)?/.exec(line)?.[1];
    } else {
      table = /Seq Scan on (\w+)/.exec(line)?.[1];
      const idx = /Index (?:Only )?Scan(?: Backward)? using \w+ on (\w+)/.exec(line);
      if (idx) {
        // An index scan with an Index Cond reads a range; without one it reads the whole index.
        const indent = line.search(/\S/);
        let ranged = false;
        for (let j = i + 1; j < lines.length && lines[j].search(/\S/) > indent && !lines[j].includes("->"); j++) ranged ||= /Index Cond/.test(lines[j]);
        if (!ranged) table = idx[1];
      }
    }
    if (table === undefined) return;
    // SQLite names a table by its alias in the plan: map the alias back through the statement.
    const real = dialect === "sqlite" ? aliasTable(statement, table) : table;
    if (!large.has(real)) return;
    findings.push({ table: real, kind: capped ? "capped scan" : "full scan", line: line.trim() });
  });
  return findings;
}

function aliasTable(statement: string, name: string): string {
  const m = new RegExp(`"?(\\w+)"? as "?${name}"?(?![\\w"])`, "i").exec(statement);
  return m && !/^(select|from)$/i.test(m[1]) ? m[1] : name;
}

