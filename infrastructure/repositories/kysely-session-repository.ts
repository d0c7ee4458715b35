import type { Kysely, Selectable } from "kysely";
import type { Session } from "../../domain/accounts/session.entity";
import type { SessionRepository } from "../../domain/accounts/session-repository.port";
import type { Database, SessionsTable } from "../db/schema";

const toSession = (row: Selectable<SessionsTable>): Session => ({
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
  lastSeenAt: new Date(row.last_seen_at),
  expiresAt: new Date(row.expires_at),
  userAgent: row.user_agent,
});

export class KyselySessionRepository implements SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(s: Session) {
    await this.db
      .insertInto("sessions")
      .values({
        id: s.id,
        user_id: s.userId,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        user_agent: s.userAgent,
      })
      .execute();
  }

  async findById(id: string) {
    const row = await this.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toSession(row) : null;
  }

  async touch(id: string, lastSeenAt: Date) {
    await this.db.updateTable("sessions").set({ last_seen_at: lastSeenAt.toISOString() }).where("id", "=", id).execute();
  }

  async delete(id: string) {
    await this.db.deleteFrom("sessions").where("id", "=", id).execute();
  }

  async deleteAllForUser(userId: string, exceptId?: string) {
    let query = this.db.deleteFrom("sessions").where("user_id", "=", userId);
    if (exceptId) query = query.where("id", "!=", exceptId);
    await query.execute();
  }

  async deleteExpired(now: Date, idleBefore: Date) {
    // ISO-8601 UTC text compares in time order, on both databases.
    const result = await this.db
      .deleteFrom("sessions")
      .where((eb) => eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_seen_at", "<", idleBefore.toISOString())]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
