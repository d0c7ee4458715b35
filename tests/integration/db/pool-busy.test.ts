// A PostgreSQL pool whose clients are all busy is under load, not cut off from its database: a
// request waits for a client beyond the connect timeout instead of failing, and the database is not
// called unreachable (which would turn every page into a 503; found by npm run bench:load).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

describeEachDatabase(["postgres"] as const)("a busy pool on %s", () => {
  let db: TestDatabase;
  let small: DatabaseHandle;
  const changes: boolean[] = [];
  beforeEach(async () => {
    db = await createTestDatabase("postgres");
    changes.length = 0;
    // One client, a 100 ms connect timeout: a query holding the client 1 s keeps the next one
    // queued ten times longer than pg-pool's own wait.
    small = connect({
      url: db.url,
      pgSchema: db.pgSchema,
      poolSize: 1,
      connectTimeoutMs: 100,
      onAvailabilityChange: (available) => changes.push(available),
    });
  });
  afterEach(async () => {
    await small.close();
    await db.destroy();
  });

  it("makes a query wait for a client past the connect timeout, and keeps the database available", async () => {
    const holding = sql`select pg_sleep(1)`.execute(small.db);
    const queued = sql<{ answer: number }>`select 42 as answer`.execute(small.db);
    const [, answered] = await Promise.all([holding, queued]);
    expect(answered.rows[0].answer).toBe(42);
    expect(small.isAvailable()).toBe(true);
    expect(changes).toEqual([]);
  });

  it("takes any answered query as the database back, without waiting for the gate's ping", async () => {
    const name = `kn_busy_${randomUUID().slice(0, 8)}`;
    const url = new URL(db.url);
    url.searchParams.set("application_name", name);
    const handle = connect({ url: url.href, pgSchema: db.pgSchema });
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(handle.db)));
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [name]);
      // The pool's 'error' event marks the database suspect.
      await vi.waitFor(() => expect(handle.isAvailable()).toBe(false));
      // The other terminated clients may still sit idle in the pool: a query on one fails, the next gets a fresh one.
      const { rows } = await vi.waitFor(() => sql<{ n: number }>`select 1 as n`.execute(handle.db));
      expect(rows).toEqual([{ n: 1 }]);
      expect(handle.isAvailable()).toBe(true);
    } finally {
      await admin.end();
      await handle.close();
    }
  });
});
