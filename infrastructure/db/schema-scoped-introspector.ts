// Kysely's PostgreSQL introspector reads every schema of the database and calls
// has_schema_privilege(name) and pg_get_serial_sequence(name) on each row. When another process
// drops a schema between the catalog scan and those calls (the test suites create and drop one
// schema per database, many at once), the query fails with 'schema "t_…" does not exist' for a
// schema that is not even ours, and our migration fails with it. The migrator only needs to know
// whether its schema and its own tables exist, so for a database confined to one schema we read
// only that schema, by plain catalog joins with no name lookups that can fail.
import {
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";
import { PostgresLiteralLimitDialect } from "./literal-limit";

interface ColumnRow {
  table: string;
  table_type: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
}

export class SchemaScopedIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await sql<{ name: string }>`SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname = ${this.schema}`.execute(
      this.db,
    );
    return rows.rows.map((r) => ({ name: r.name }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const rows = await sql<ColumnRow>`
      SELECT c.relname AS "table", c.relkind AS table_type, a.attname AS "column", typ.typname AS "type",
             dtns.nspname AS type_schema, a.attnotnull AS not_null, a.atthasdef AS has_default
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
      JOIN pg_catalog.pg_type typ ON typ.oid = a.atttypid
      JOIN pg_catalog.pg_namespace dtns ON dtns.oid = typ.typnamespace
      WHERE ns.nspname = ${this.schema} AND c.relkind IN ('r', 'v', 'p') AND a.attnum >= 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const row of rows.rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith("kysely_")) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: this.schema, isView: row.table_type === "v", columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        // Not read by the migrator; telling it would need pg_get_serial_sequence (see above).
        isAutoIncrementing: false,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL confined to one schema: Kysely as usual, introspection of that schema only. */
export class SchemaScopedPostgresDialect extends PostgresLiteralLimitDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresLiteralLimitDialect>[0],
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db, this.schema);
  }
}
