// The tests' databases are copies of a template migrated once per run (tests/support/
// database-templates.ts). A copy must be the schema the migrations build: same tables, columns,
// indexes, constraints, triggers and rows, or every test built on it would test something else.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

/** Kysely's bookkeeping table (not in the app's typed schema). */
function migrationTable(t: Pick<TestDatabase, "schema">) {
  return t.schema ? sql.table(`${t.schema}.kysely_migration`) : sql.table("kysely_migration");
}

/** What the migrations built, with the schema's own name taken out. */
async function describeSchema(t: Pick<TestDatabase, "db" | "dialect" | "schema">): Promise<unknown> {
  const migrations = (await sql<{ name: string }>`select name from ${migrationTable(t)} order by name`.execute(t.db)).rows;
  if (t.dialect === "sqlite") {
    const objects = await sql<{
      type: string;
      name: string;
      sql: string | null;
    }>`select type, name, sql from sqlite_master order by type, name`.execute(t.db);
    return { objects: objects.rows, migrations };
  }
  const schema = t.schema!;
  const anonymous = (rows: object[]) => JSON.parse(JSON.stringify(rows).replaceAll(schema, "<schema>"));
  const columns = await sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
    where table_schema = ${schema} order by table_name, column_name`.execute(t.db);
  const indexes = await sql`select tablename, indexname, indexdef from pg_indexes where schemaname = ${schema} order by indexname`.execute(
    t.db,
  );
  const constraints = await sql`select c.conname, pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace where n.nspname = ${schema} order by c.conname`.execute(t.db);
  const triggers = await sql`select event_object_table, trigger_name, action_statement from information_schema.triggers
    where trigger_schema = ${schema} order by trigger_name, event_manipulation`.execute(t.db);
  const functions = await sql`select p.proname, pg_get_functiondef(p.oid) as def from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace where n.nspname = ${schema} order by p.proname`.execute(t.db);
  return anonymous([columns.rows, indexes.rows, constraints.rows, triggers.rows, functions.rows, migrations]);
}

describeEachDatabase(allDatabaseKinds())("a test database on %s", (kind) => {
  let migrated: TestDatabase;
  beforeAll(async () => {
    migrated = await createTestDatabase(kind, { migrate: true });
  });
  afterAll(() => migrated?.destroy());

  it("is the schema the migrations build, and a copy of its own", async () => {
    const copy = await createTestDatabase(kind);
    try {
      const expected = await describeSchema(migrated);
      expect(JSON.stringify(expected)).toContain("properties");
      expect(await describeSchema(copy)).toEqual(expected);
      // Its own: a row written in the copy is not in the template's other copies.
      const other = await createTestDatabase(kind);
      try {
        await sql`delete from ${migrationTable(copy)}`.execute(copy.db);
        expect((await sql`select name from ${migrationTable(other)}`.execute(other.db)).rows).not.toHaveLength(0);
      } finally {
        await other.destroy();
      }
    } finally {
      await copy.destroy();
    }
  });
});
