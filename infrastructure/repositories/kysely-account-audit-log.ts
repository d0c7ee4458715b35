import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { AuditEntry, AuditFilter, AuditLog, AuditQuery } from "#domain/accounts/audit-log.port";
import type { Database } from "../db/schema";

type AuditSelect<O> = SelectQueryBuilder<Database, "audit_log", O>;

/** LIKE pattern for "starts with", with LIKE's wildcards in the text taken literally. */
const startsWithPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered<O>(query: AuditSelect<O>, f: AuditFilter): AuditSelect<O> {
  let q = query;
  if (f.action) q = q.where("action", "=", f.action);
  if (f.actionPrefix) q = q.where(sql<boolean>`action like ${startsWithPattern(f.actionPrefix)} escape '\\'`);
  if (f.actorId) q = q.where("actor_id", "=", f.actorId);
  if (f.target !== undefined) {
    const targets = typeof f.target === "string" ? [f.target] : [...f.target];
    q = targets.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where("target", "in", targets);
  }
  // ISO-8601 UTC text compares in time order, on both databases.
  if (f.from) q = q.where("created_at", ">=", f.from.toISOString());
  if (f.to) q = q.where("created_at", "<", f.to.toISOString());
  return q;
}

export class KyselyAccountAuditLog implements AuditLog {
  constructor(private readonly db: Kysely<Database>) {}

  async record(e: AuditEntry) {
    const target = typeof e.data.target === "string" ? e.data.target : null;
    await this.db
      .insertInto("audit_log")
      .values({ id: e.id, actor_id: e.actorId, action: e.action, data: JSON.stringify(e.data), created_at: e.at.toISOString(), target })
      .execute();
  }

  async list(query: AuditQuery): Promise<AuditEntry[]> {
    const rows = await filtered(this.db.selectFrom("audit_log").selectAll(), query)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .offset(query.offset ?? 0)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      action: r.action,
      data: JSON.parse(r.data) as AuditEntry["data"],
      at: new Date(r.created_at),
    }));
  }

  async count(filter: AuditFilter): Promise<number> {
    const row = await filtered(
      this.db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")),
      filter,
    ).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async facets(): Promise<{ actions: string[]; actorIds: string[] }> {
    const [actions, actors] = await Promise.all([
      this.db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
      this.db.selectFrom("audit_log").select("actor_id").distinct().where("actor_id", "is not", null).orderBy("actor_id").execute(),
    ]);
    return { actions: actions.map((r) => r.action), actorIds: actors.map((r) => r.actor_id!) };
  }
}
