/**
 * A named statement whose rows PostgreSQL describes once per connection, not at every run
 * (issue 12, decision 0179).
 *
 * pg runs a prepared statement as Bind, Describe, Execute, Sync, every time: PostgreSQL answers the
 * Describe with the row description (each column's name and type), and pg reads it and picks a
 * parser per column before the rows come. For a statement already prepared on this connection the
 * answer never changes: PostgreSQL refuses to run a prepared statement whose result columns
 * changed (SQLSTATE 0A000, "cached plan must not change result type", which connection.ts handles
 * by naming the statement again). Reading it again was 2–3 % of the server's main thread on a
 * PostgreSQL page (pg's _handleRowDescription and the parser's row description).
 *
 * So the first run on a connection describes as before, and the description pg made of it (the
 * fields, their parsers, the empty row) is kept for that connection and statement name; later
 * runs of that statement on that connection skip the Describe and reuse it. A statement that has
 * not been parsed on this connection is always described: a migration may have changed its
 * columns since another connection described it.
 *
 * This reaches into pg's Query (its `prepare`, `handleRowDescription` and `_result`), which pg
 * does not document: tests/integration/db/described-once-query.test.ts runs it against PostgreSQL,
 * so a pg upgrade that changes them fails there.
 */
import pg from "pg";

/** What pg's Result keeps of a row description. */
interface RowShape {
  fields: unknown[];
  parsers: unknown[] | undefined;
  emptyRow: unknown;
}

/** The parts of pg's Query this class uses. */
interface QueryInternals {
  name?: string;
  _result: { fields: unknown[]; _parsers: unknown[] | undefined; _prebuiltEmptyResultObject: unknown };
  _accumulateRows: unknown;
  hasBeenParsed(connection: Connection): boolean;
  prepare(connection: Connection): void;
  handleRowDescription(message: unknown): void;
}

/** pg's connection: the protocol writer of one client. */
interface Connection {
  describe(message: unknown): void;
}

const base = pg.Query.prototype as unknown as QueryInternals;

/** Row shapes by connection, then statement name. */
const shapes = new WeakMap<Connection, Map<string, RowShape>>();

const skipDescribe = () => {};

export class DescribedOnceQuery extends pg.Query {
  /** The connection this run was sent on, for the description it answers with. */
  private sentOn: Connection | undefined;

  /** Called by pg when the statement is sent (Query.submit). */
  prepare(connection: Connection): void {
    const self = this as unknown as QueryInternals;
    this.sentOn = connection;
    const shape = self.name !== undefined && self.hasBeenParsed(connection) ? shapes.get(connection)?.get(self.name) : undefined;
    if (!shape) {
      base.prepare.call(this, connection);
      return;
    }
    // As handleRowDescription would leave the result, from the description kept.
    self._result.fields = shape.fields;
    self._result._parsers = shape.parsers;
    self._result._prebuiltEmptyResultObject = shape.emptyRow;
    // pg keeps the rows for a query with a callback (every run of ours has one).
    self._accumulateRows = true;
    // pg's prepare writes Bind, Describe, Execute and Sync; this run writes them without the Describe.
    connection.describe = skipDescribe;
    try {
      base.prepare.call(this, connection);
    } finally {
      delete (connection as Partial<Connection>).describe;
    }
  }

  /** Called by pg with PostgreSQL's row description. */
  handleRowDescription(message: unknown): void {
    const self = this as unknown as QueryInternals;
    base.handleRowDescription.call(this, message);
    if (self.name === undefined || this.sentOn === undefined) return;
    let byName = shapes.get(this.sentOn);
    if (!byName) shapes.set(this.sentOn, (byName = new Map()));
    byName.set(self.name, {
      fields: self._result.fields,
      parsers: self._result._parsers,
      emptyRow: self._result._prebuiltEmptyResultObject,
    });
  }
}

/** Runs a named statement on a client, describing its rows once per connection. */
export function queryDescribedOnce(
  client: pg.ClientBase,
  name: string,
  text: string,
  values: unknown[] | undefined,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    client.query(
      new DescribedOnceQuery({ name, text, values }, (error: Error | undefined, result: unknown) =>
        error ? reject(error) : resolve(result as pg.QueryResult),
      ),
    );
  });
}
