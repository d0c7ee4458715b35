// How statement batches use the pool (decision 0169), with a pool of fake connections: one
// checkout for a tick's plain statements, written together, a new one the next tick, the
// connection back once its last handle is done, a connection of its own for anything that may
// change a session, and a failed checkout given to every member without a release.
import { describe, expect, it } from "vitest";
import { isShareable, statementBatches, type Lease } from "#infrastructure/db/statement-batches";

function fakePool(options: { failCheckout?: boolean } = {}) {
  const leases: Array<{ id: number; sent: string[]; corks: number; released: boolean }> = [];
  const checkout = async (): Promise<Lease> => {
    await Promise.resolve();
    if (options.failCheckout) throw new Error("connection refused");
    const lease = { id: leases.length + 1, sent: [] as string[], corks: 0, released: false };
    leases.push(lease);
    return {
      send: async (text) => {
        if (lease.released) throw new Error("sent on a released connection");
        lease.sent.push(String(text));
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { lease: lease.id };
      },
      corkUntilNextTick: () => void (lease.corks += 1),
      release: () => void (lease.released = true),
    };
  };
  return { leases, batches: statementBatches(checkout) };
}

/** What Kysely does for one statement outside a transaction: acquire, query, release. */
async function once(batches: ReturnType<typeof statementBatches>, text: string) {
  const connection = batches.connection();
  try {
    return await connection.query(text);
  } finally {
    connection.release();
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("statement batches", () => {
  it("sends a tick's statements on one connection, corked once, and gives it back when all are done", async () => {
    const { leases, batches } = fakePool();
    const answers = await Promise.all(
      ["select 1", "select 2", "with x as (select 3) select * from x", "insert into t values (1)"].map((t) => once(batches, t)),
    );
    expect(answers).toEqual(Array(4).fill({ lease: 1 }));
    expect(leases).toEqual([
      {
        id: 1,
        sent: ["select 1", "select 2", "with x as (select 3) select * from x", "insert into t values (1)"],
        corks: 1,
        released: true,
      },
    ]);
  });

  it("starts a new batch in the next tick", async () => {
    const { leases, batches } = fakePool();
    const first = once(batches, "select 1");
    await tick();
    const second = once(batches, "select 2");
    await Promise.all([first, second]);
    expect(leases.map((l) => [l.sent, l.released])).toEqual([
      [["select 1"], true],
      [["select 2"], true],
    ]);
  });

  it("gives a transaction, a SET or a session lock a connection of its own for the handle's life", async () => {
    const { leases, batches } = fakePool();
    const transaction = batches.connection();
    await transaction.query("begin");
    await Promise.all([once(batches, "select 1"), transaction.query("update t set x = 1"), once(batches, "select pg_advisory_lock(1)")]);
    await transaction.query("commit");
    transaction.release();
    await tick();
    expect(leases.map((l) => [l.sent, l.released])).toEqual([
      [["begin", "update t set x = 1", "commit"], true],
      [["select 1"], true],
      [["select pg_advisory_lock(1)"], true],
    ]);
  });

  it("refuses a session statement on a shared connection", async () => {
    const { leases, batches } = fakePool();
    const handle = batches.connection();
    await handle.query("select 1");
    await expect(handle.query("begin")).rejects.toThrow(/shared connection: begin/);
    handle.release();
    await tick();
    expect(leases.map((l) => [l.sent, l.released])).toEqual([[["select 1"], true]]);
  });

  it("gives every member a failed checkout's error and releases nothing", async () => {
    const { leases, batches } = fakePool({ failCheckout: true });
    const results = await Promise.allSettled([once(batches, "select 1"), once(batches, "select 2")]);
    expect(results.map((r) => r.status === "rejected" && (r.reason as Error).message)).toEqual([
      "connection refused",
      "connection refused",
    ]);
    expect(leases).toEqual([]);
  });

  it("tells plain statements from those that may change the session", () => {
    for (const text of [
      "select 1",
      " SELECT * from t",
      "with a as (select 1) select * from a",
      "insert into t values (1)",
      "update t set x = 1",
      "delete from t",
    ])
      expect(isShareable(text), text).toBe(true);
    for (const text of [
      "begin",
      "start transaction isolation level serializable",
      "commit",
      "set statement_timeout = 0",
      "select set_config('a', 'b', false)",
      "select pg_advisory_lock(1)",
      "with l as (select pg_try_advisory_lock(1)) select * from l",
      "select pg_advisory_unlock(1)",
      "listen x",
      "lock table t",
    ])
      expect(isShareable(text), text).toBe(false);
    expect(isShareable(undefined)).toBe(false);
  });
});
