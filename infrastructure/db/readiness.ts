// Readiness for the load balancer (/readyz): "up" only says the process answers (/healthz);
// "ready" says this instance can serve, which needs the database to answer and its schema to be
// exactly the one this build was written for.
import { schemaStatus } from "./migrate";
import type { DatabaseHandle } from "./connection";

export type NotReadyReason = "database_unreachable" | "schema_behind" | "schema_ahead" | "schema_unreadable";

export type Readiness =
  | { ready: true; migrations: { applied: number } }
  | { ready: false; reason: NotReadyReason; migrations?: { applied: number; pending: number; unknown: number } };

export async function checkReadiness(database: Pick<DatabaseHandle, "db" | "schema" | "ping">): Promise<Readiness> {
  if (!(await database.ping())) return { ready: false, reason: "database_unreachable" };
  let status;
  try {
    status = await schemaStatus(database.db, database.schema);
  } catch {
    return { ready: false, reason: "schema_unreadable" };
  }
  const migrations = { applied: status.applied.length, pending: status.pending.length, unknown: status.unknown.length };
  if (status.unknown.length > 0) return { ready: false, reason: "schema_ahead", migrations };
  if (status.pending.length > 0) return { ready: false, reason: "schema_behind", migrations };
  return { ready: true, migrations: { applied: status.applied.length } };
}
