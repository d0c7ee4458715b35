// A database confined to one PostgreSQL schema (each test's own) must migrate while other
// processes create and drop their schemas. Kysely's stock introspector reads every schema and
// looks each one up by name, so a schema dropped mid-query failed our migration with
// 'schema "t_…" does not exist' (seen twice in full runs on a busy machine).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connect } from "#infrastructure/db/connection";
import { migrateToLatest } from "#infrastructure/db/migrate";

const url = process.env.TEST_DATABASE_URL;
const schemaName = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;

describe.skipIf(!url)(`schema-scoped introspection on PostgreSQL${url ? "" : " (TEST_DATABASE_URL not set)"}`, () => {
  it("sees its own schema and tables, never another schema's", async () => {
    const ours = schemaName("t_ours");
    const theirs = schemaName("t_theirs");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${ours}; CREATE SCHEMA ${theirs}; CREATE TABLE ${theirs}.intruder (id integer)`);
    const handle = connect({ url: url!, pgSchema: ours });
    try {
      await sql`CREATE TABLE mine (id integer PRIMARY KEY, name text NOT NULL DEFAULT '')`.execute(handle.db);
      expect((await handle.db.introspection.getSchemas()).map((s) => s.name)).toEqual([ours]);
      const tables = await handle.db.introspection.getTables();
      expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual([`${ours}.mine`]);
      expect(tables[0].columns.map((c) => [c.name, c.dataType, c.isNullable, c.hasDefaultValue])).toEqual([
        ["id", "int4", false, false],
        ["name", "text", false, true],
      ]);
    } finally {
      await handle.close();
      await admin.query(`DROP SCHEMA ${ours} CASCADE; DROP SCHEMA ${theirs} CASCADE`);
      await admin.end();
    }
  });

  it("migrates while other schemas are created and dropped all the time", { timeout: 120_000 }, async () => {
    const churn = new pg.Client({ connectionString: url });
    await churn.connect();
    let stop = false;
    let churned = 0;
    // Bounded: at most 2 000 create/drop pairs, and it stops as soon as the migrations are done.
    const churning = (async () => {
      while (!stop && churned < 2_000) {
        const other = schemaName("t_churn");
        await churn.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.t (id serial PRIMARY KEY)`);
        await churn.query(`DROP SCHEMA ${other} CASCADE`);
        churned += 1;
      }
    })();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (let i = 0; i < 4; i += 1) {
        const ours = schemaName("t_mig");
        await admin.query(`CREATE SCHEMA ${ours}`);
        const handle = connect({ url: url!, pgSchema: ours });
        try {
          expect((await migrateToLatest(handle.db, handle.schema)).length).toBeGreaterThan(0);
        } finally {
          await handle.close();
          await admin.query(`DROP SCHEMA ${ours} CASCADE`);
        }
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
      await admin.end();
    }
    expect(churned).toBeGreaterThan(0);
  });
});
