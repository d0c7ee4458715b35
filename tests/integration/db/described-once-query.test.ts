// A named statement's rows are described once per connection (decision 0179): the first run on a
// connection sends Describe, later runs reuse what it answered and still parse every column as its
// type; a connection that has not parsed the statement describes it itself.
import { sql } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

interface ProbeRow {
  id: number;
  label: string | null;
  open: boolean;
  seen: Date;
  rooms: number;
}

describeEachDatabase(["postgres"] as const)("rows described once per connection on %s", () => {
  let db: TestDatabase;
  let handles: DatabaseHandle[] = [];
  const open = () => {
    const handle = connect({ url: db.url, pgSchema: db.pgSchema, poolSize: 1 });
    handles.push(handle);
    return handle;
  };
  const read = (handle: DatabaseHandle, id: number) =>
    sql<ProbeRow>`select id, label, open, seen, (select count(*) from described_probe) as rooms from described_probe where id = ${id}`.execute(
      handle.db,
    );
  // pg's Connection writes the protocol's messages; Describe is the one this is about.
  const describes = () =>
    vi.spyOn((pg as unknown as { Connection: { prototype: { describe(m: unknown): void } } }).Connection.prototype, "describe");

  beforeEach(async () => {
    db = await createTestDatabase("postgres");
    await sql`create table described_probe (id integer primary key, label text, open boolean not null, seen timestamptz not null)`.execute(
      db.db,
    );
    await sql`insert into described_probe values (1, 'one', true, '2026-11-01T10:00:00Z'), (2, null, false, '2026-11-02T11:30:00Z')`.execute(
      db.db,
    );
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const handle of handles) await handle.close();
    handles = [];
    await db.destroy();
  });

  it("describes on the first run only, and parses every later row as its types", async () => {
    const handle = open();
    const spy = describes();
    expect((await read(handle, 1)).rows).toEqual([{ id: 1, label: "one", open: true, seen: new Date("2026-11-01T10:00:00Z"), rooms: 2 }]);
    expect(spy).toHaveBeenCalledTimes(1);
    // Later runs, one at a time and several in one batch: no Describe, the same parsing.
    expect((await read(handle, 2)).rows).toEqual([{ id: 2, label: null, open: false, seen: new Date("2026-11-02T11:30:00Z"), rooms: 2 }]);
    const [a, b, c] = await Promise.all([read(handle, 1), read(handle, 2), read(handle, 3)]);
    expect(a.rows[0]).toEqual({ id: 1, label: "one", open: true, seen: new Date("2026-11-01T10:00:00Z"), rooms: 2 });
    expect(b.rows[0]?.open).toBe(false);
    expect(c.rows).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("describes again on a connection that has not parsed the statement", async () => {
    const first = open();
    const second = open();
    const spy = describes();
    await read(first, 1);
    await read(first, 1);
    expect(spy).toHaveBeenCalledTimes(1);
    expect((await read(second, 1)).rows[0]?.seen).toEqual(new Date("2026-11-01T10:00:00Z"));
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("reads the new columns once a migration changed them", async () => {
    const handle = open();
    const readAll = () => sql<Record<string, unknown>>`select * from described_probe where id = ${1}`.execute(handle.db);
    expect((await readAll()).rows).toEqual([{ id: 1, label: "one", open: true, seen: new Date("2026-11-01T10:00:00Z") }]);
    expect((await readAll()).rows).toHaveLength(1);
    // Another instance migrates: the description kept for this connection no longer holds.
    await sql`alter table described_probe add column rooms integer not null default 3`.execute(db.db);
    expect((await readAll()).rows).toEqual([{ id: 1, label: "one", open: true, seen: new Date("2026-11-01T10:00:00Z"), rooms: 3 }]);
    expect((await readAll()).rows).toEqual([{ id: 1, label: "one", open: true, seen: new Date("2026-11-01T10:00:00Z"), rooms: 3 }]);
  });

  it("fails a run with a bad value, and the next run of the statement still reads its rows", async () => {
    const handle = open();
    const byId = (id: unknown) => sql<{ id: number }>`select id from described_probe where id = ${id}`.execute(handle.db);
    const spy = describes();
    expect((await byId(1)).rows).toEqual([{ id: 1 }]);
    await expect(byId("not a number")).rejects.toThrow(/invalid input syntax/);
    expect((await byId(2)).rows).toEqual([{ id: 2 }]);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
