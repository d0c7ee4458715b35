// A PostgreSQL pool whose clients are all busy is under load, not cut off from its database: a
// request waits for a client beyond the connect timeout instead of failing, and the database is not
// called unreachable (which would turn every page into a 503; found by npm run bench:load).
import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../../infrastructure/db/connection";
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
    small = connect({ url: db.url, pgSchema: db.pgSchema, poolSize: 1, connectTimeoutMs: 100, onAvailabilityChange: (available) => changes.push(available) });
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
});
