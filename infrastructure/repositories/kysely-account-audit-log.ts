import type { Kysely } from "kysely";
import type { AuditEntry, AuditLog } from "../../domain/accounts/audit-log.port";
import type { Database } from "../db/schema";

export class KyselyAccountAuditLog implements AuditLog {
  constructor(private readonly db: Kysely<Database>) {}

  async record(e: AuditEntry) {
    await this.db
      .insertInto("audit_log")
      .values({ id: e.id, actor_id: e.actorId, action: e.action, data: JSON.stringify(e.data), created_at: e.at.toISOString() })
      .execute();
  }

  async list(query: { action?: string; limit: number }): Promise<AuditEntry[]> {
    let q = this.db.selectFrom("audit_log").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit);
    if (query.action) q = q.where("action", "=", query.action);
    const rows = await q.execute();
    return rows.map((r) => ({
      id: r.id,
      actorId: r.actor_id,
      action: r.action,
      data: JSON.parse(r.data) as AuditEntry["data"],
      at: new Date(r.created_at),
    }));
  }
}
