/**
 * Statements sent at once share one connection and one round trip (PostgreSQL, decision 0169).
 *
 * A page's loader asks for its sections together (Promise.all): /profile sends 13 reads in the
 * same tick. Each on its own pooled connection costs a socket write and a read in Node, a wake-up
 * of another PostgreSQL backend, and a pool checkout: about 90 µs of Node's CPU a statement on
 * loopback, 1.2 ms for /profile's 13. Here the statements a tick sends go, in pipeline mode, on one
 * checked-out connection, written together in one write: 0.3 ms for the same 13 (see the decision).
 *
 * What may share: a statement that leaves nothing behind on its connection. Each pipelined
 * statement ends with its own Sync, so it is its own implicit transaction: an error in one fails
 * that one only. A transaction (BEGIN), a SET, a session lock or setting (Kysely's migrator takes
 * pg_advisory_lock in a WITH) needs a connection of its own: Kysely begins every transaction with
 * its first statement, so a handle whose first statement is not a plain read or write gets a
 * connection to itself for its life. A shared handle that later sends such a statement is refused
 * (it would change the session of every statement batched with it); no code of ours does.
 */

/** A connection checked out of the pool: what the batches need of it. */
export interface Lease {
  send(text: unknown, parameters?: ReadonlyArray<unknown>): Promise<unknown>;
  /** Holds back writes until the current tick ends, so the statements queued meanwhile go in one write. */
  corkUntilNextTick(): void;
  release(): void;
}

/** A plain read or write: SELECT, INSERT, UPDATE, DELETE or WITH. Everything else may change the session. */
export const PLAIN_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** Functions that leave a lock or a setting on the session, even from a SELECT. */
const SESSION_FUNCTION = /\b(pg_(try_)?advisory_(lock|unlock)|set_config)\b/i;

export function isShareable(text: unknown): text is string {
  return typeof text === "string" && PLAIN_STATEMENT.test(text) && !SESSION_FUNCTION.test(text);
}

export class SessionStatementInBatchError extends Error {
  constructor(text: string) {
    super(
      `A statement that may change its connection's session was sent on a shared connection: ${text.slice(0, 60)}. Run it in a transaction.`,
    );
    this.name = "SessionStatementInBatchError";
  }
}

/** The statements of one tick on one connection. */
class Batch {
  private lease: Promise<Lease> | undefined;
  private users = 0;
  private open = true;
  private corked = false;

  constructor(private readonly checkout: () => Promise<Lease>) {}

  join(): void {
    this.users += 1;
  }

  /** No handle joins after this tick; the connection goes back once the last handle is done. */
  close(): void {
    this.open = false;
    this.releaseIfDone();
  }

  get accepting(): boolean {
    return this.open;
  }

  async send(text: unknown, parameters?: ReadonlyArray<unknown>): Promise<unknown> {
    this.lease ??= this.checkout();
    const lease = await this.lease;
    if (!this.corked) {
      // Every member waits on the same checkout, so they all send in the microtasks that follow it.
      this.corked = true;
      lease.corkUntilNextTick();
      process.nextTick(() => (this.corked = false));
    }
    return lease.send(text, parameters);
  }

  leave(): void {
    this.users -= 1;
    this.releaseIfDone();
  }

  private releaseIfDone(): void {
    if (this.open || this.users > 0 || !this.lease) return;
    const lease = this.lease;
    this.lease = undefined;
    // A checkout that failed has nothing to give back; its members have had its error.
    lease.then(
      (l) => l.release(),
      () => undefined,
    );
  }
}

/**
 * Kysely's view of a connection: chosen on the first statement, a share of this tick's batch or a
 * connection of its own (see the file's comment).
 */
export interface BatchedConnection {
  query(text: unknown, parameters?: ReadonlyArray<unknown>): Promise<unknown>;
  release(): void;
}

export function statementBatches(checkout: () => Promise<Lease>) {
  let current: Batch | undefined;

  const currentBatch = (): Batch => {
    if (current?.accepting) return current;
    const batch = new Batch(checkout);
    current = batch;
    // A tick's statements share; the next tick's make a new batch.
    process.nextTick(() => {
      if (current === batch) current = undefined;
      batch.close();
    });
    return batch;
  };

  return {
    connection(): BatchedConnection {
      let own: Promise<Lease> | undefined;
      let batch: Batch | undefined;
      return {
        query(text, parameters) {
          if (own) return own.then((lease) => lease.send(text, parameters));
          const shareable = isShareable(text);
          if (batch) {
            if (!shareable) return Promise.reject(new SessionStatementInBatchError(String(text)));
            return batch.send(text, parameters);
          }
          if (!shareable) {
            own = checkout();
            return own.then((lease) => lease.send(text, parameters));
          }
          batch = currentBatch();
          batch.join();
          return batch.send(text, parameters);
        },
        release() {
          if (own) {
            // Kysely releases only after its statements answered, so the checkout is settled.
            own.then(
              (lease) => lease.release(),
              () => undefined,
            );
            own = undefined;
          }
          batch?.leave();
          batch = undefined;
        },
      };
    },
  };
}
