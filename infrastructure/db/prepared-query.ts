// Queries built and compiled by Kysely once, then run with each call's values.
//
// Kysely builds a query as a tree of frozen nodes and turns it into SQL on every call. For most
// statements that is a few tens of microseconds; for the property page's similar listings (ten
// branches in a UNION ALL, 12 KB of SQL) it was 0.75 ms of the server's CPU per page, more than
// SQLite's own work on the statement (issue 12, decision 0156). A prepared query is built once per
// dialect and shape, with a placeholder where each value goes; each call swaps in its values.
import { CompiledQuery, type Compilable, type Kysely } from "kysely";

/** Stands in for a value while the query is built; replaced by that value on each run. */
class Slot {
  constructor(
    readonly name: string,
    readonly index?: number,
  ) {}
}

/**
 * Hands the builder its placeholders: `slot("rent")` where the query takes the value of `rent`,
 * `slot.list("types", 3)` for a list of three. The builder must pass them straight into the query
 * as values: a placeholder used in JavaScript (arithmetic, a condition, a length) does not hold the
 * value, so whatever the query's text depends on goes into its shape instead.
 */
export interface SlotMaker {
  <T>(name: string): T;
  list<T>(name: string, length: number): T[];
}

const slotMaker: SlotMaker = Object.assign(<T>(name: string) => new Slot(name) as unknown as T, {
  list: <T>(name: string, length: number) => Array.from({ length }, (_, i) => new Slot(name, i) as unknown as T),
});

const MAX_SHAPES = 256;

export class PreparedQueryError extends Error {
  override name = "PreparedQueryError";
}

/**
 * A query whose SQL text depends only on its `shape` (a string naming what changes the text: which
 * filters are set, how long a list is; "" when nothing does). `run(db, values, shape)` gives the
 * compiled query for those values, built once per dialect and shape. The builder returns the query,
 * or the query compiled (when its text needs a touch Kysely cannot write, such as SQLite's INDEXED BY).
 */
export function preparedQuery<Values extends Record<string, unknown>, Row, DB>(
  build: (db: Kysely<DB>, slot: SlotMaker, shape: string) => Compilable<Row> | CompiledQuery<Row>,
): (db: Kysely<DB>, values: Values, shape?: string) => CompiledQuery<Row> {
  // By the dialect's adapter class: SQLite and PostgreSQL write different SQL for the same tree.
  const byDialect = new Map<unknown, Map<string, { query: CompiledQuery<Row>; lengths: Map<string, number> }>>();
  return (db, values, shape = "") => {
    const dialect = db.getExecutor().adapter.constructor;
    let byShape = byDialect.get(dialect);
    if (!byShape) byDialect.set(dialect, (byShape = new Map()));
    let template = byShape.get(shape);
    if (!template) {
      // A builder may hand back its query compiled already (to finish its SQL text for a dialect).
      const built = build(db, slotMaker, shape);
      const query = "compile" in built ? built.compile() : built;
      // A placeholder that went through arithmetic comes out as NaN: refuse it at once.
      if (query.parameters.some((p) => typeof p === "number" && Number.isNaN(p))) {
        throw new PreparedQueryError("a prepared query's value was used in arithmetic while it was built: compute it before");
      }
      const lengths = new Map<string, number>();
      for (const p of query.parameters)
        if (p instanceof Slot && p.index !== undefined) lengths.set(p.name, Math.max(lengths.get(p.name) ?? 0, p.index + 1));
      template = { query, lengths };
      // Shapes come from a small set (which filters, how many values); past this, a caller is
      // passing something unbounded, and the queries are compiled each time rather than kept.
      if (byShape.size < MAX_SHAPES) byShape.set(shape, template);
    }
    const { query, lengths } = template;
    for (const [name, length] of lengths) {
      const list = values[name];
      if (!Array.isArray(list) || list.length !== length)
        throw new PreparedQueryError(`"${name}" must hold ${length} values, as the query's shape says`);
    }
    const parameters = query.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      if (!(p.name in values)) throw new PreparedQueryError(`a prepared query needs the value "${p.name}"`);
      const value = values[p.name];
      return p.index === undefined ? value : (value as unknown[])[p.index];
    });
    return CompiledQuery.raw(query.sql, parameters) as CompiledQuery<Row>;
  };
}
