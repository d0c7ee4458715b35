import {
  PostgresDialect,
  PostgresQueryCompiler,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
  type DefaultQueryCompiler,
  type LimitNode,
  type QueryCompiler,
} from "kysely";

/**
 * Kysely's compilers, writing a LIMIT of a whole number into the SQL text instead of binding it.
 *
 * Both planners read a LIMIT's value when they choose a plan.
 * - SQLite: a statement whose LIMIT is a bound parameter is planned again on every run after its
 *   parameters are bound, which better-sqlite3 does at every run. The statement cache
 *   (statement-cache.ts) then saves only the parsing. On /listings the page's ids took 110 µs a run
 *   with `limit ?` and 49 µs with `limit 20`; the property page's similar listings (ten branches,
 *   each with its LIMIT) took 634 µs against 53 µs (decision 0168).
 * - PostgreSQL: a prepared statement's generic plan (the plan kept instead of planning each run,
 *   decision 0159) cannot see a bound LIMIT, and plans for a tenth of the matches. For a search's
 *   page that was a hash join over every match (36 ms at 100 000 listings), so PostgreSQL planned
 *   the page again at every run instead: 0.3 ms of its CPU, twice the statement's own work
 *   (decision 0176).
 *
 * A limit is a count the server chose, never text from a request, and only a safe non-negative
 * integer is written out: anything else stays a parameter. OFFSET stays bound: a page number in the
 * SQL text would make one statement per page (a search's first page leaves it out, decision 0176).
 */
// A mixin's base class must take `...args: any[]` (TS2545); both compilers take no arguments.
function writesLiteralLimits<C extends new (...args: any[]) => DefaultQueryCompiler>(Compiler: C) {
  return class extends Compiler {
    protected override visitLimit(node: LimitNode): void {
      const limit = node.limit;
      if (ValueNode.is(limit) && typeof limit.value === "number" && Number.isSafeInteger(limit.value) && limit.value >= 0) {
        this.append(`limit ${limit.value}`);
        return;
      }
      super.visitLimit(node);
    }
  };
}

export const SqliteLiteralLimitCompiler = writesLiteralLimits(SqliteQueryCompiler);
export const PostgresLiteralLimitCompiler = writesLiteralLimits(PostgresQueryCompiler);

export class SqliteLiteralLimitDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteLiteralLimitCompiler();
  }
}

export class PostgresLiteralLimitDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new PostgresLiteralLimitCompiler();
  }
}
