// Unique-constraint violations, as SQLite (better-sqlite3) and PostgreSQL (pg) report them, and a
// savepoint guard so a violation inside a transaction does not poison it: PostgreSQL aborts the
// whole transaction on any error, so the statement that may collide runs under a savepoint and
// only that statement is rolled back.
import { sql, type Kysely } from "kysely";

export interface UniqueViolation {
  /** PostgreSQL: the constraint or index name. SQLite: undefined. */
  constraint?: string;
  /** SQLite: "table.col, table.col" from the message. PostgreSQL: the detail text. */
  columns: string;
}

export function asUniqueViolation(error: unknown): UniqueViolation | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown };
  if (e.code === "23505") {
    return {
      constraint: typeof e.constraint === "string" ? e.constraint : undefined,
      columns: typeof e.detail === "string" ? e.detail : "",
    };
  }
  if (e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const m = /UNIQUE constraint failed: (.+)$/.exec(String(e.message ?? ""));
    return { columns: m ? m[1] : "" };
  }
  return null;
}

/** True for a violation of bookings_live_slot_idx: another live booking holds the slot. */
export function isLiveSlotViolation(error: unknown): boolean {
  const v = asUniqueViolation(error);
  if (!v) return false;
  if (v.constraint !== undefined) return v.constraint === "bookings_live_slot_idx";
  return v.columns === "bookings.property_id, bookings.visit_date, bookings.visit_time";
}

let savepoints = 0;

/**
 * Runs `statement`; if it throws an error `isExpected` accepts, answers `onExpected` instead.
 * Inside a transaction the statement runs under a savepoint, so the transaction stays usable.
 */
export async function withSavepoint<T, D>(
  db: Kysely<D>,
  statement: () => Promise<T>,
  isExpected: (error: unknown) => boolean,
  onExpected: T,
): Promise<T> {
  if (!db.isTransaction) {
    try {
      return await statement();
    } catch (error) {
      if (isExpected(error)) return onExpected;
      throw error;
    }
  }
  savepoints = (savepoints + 1) % 1_000_000;
  const name = sql.id(`sp_money_${savepoints}`);
  await sql`savepoint ${name}`.execute(db);
  try {
    const value = await statement();
    await sql`release savepoint ${name}`.execute(db);
    return value;
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(db);
    await sql`release savepoint ${name}`.execute(db);
    if (isExpected(error)) return onExpected;
    throw error;
  }
}
