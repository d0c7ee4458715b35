import type { Kysely, Selectable } from "kysely";
import type { AgentStatus } from "#domain/accounts/account.entity";
import type { Session } from "#domain/accounts/session.entity";
import type { SessionRepository, SessionWithHolder } from "#domain/accounts/session-repository.port";
import type { Database, ProfilesTable, SessionsTable } from "../db/schema";
import { toAccount } from "./kysely-account-repository";
import { preparedQuery } from "../db/prepared-query";

const toSession = (row: Selectable<SessionsTable>): Session => ({
  id: row.id,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
  lastSeenAt: new Date(row.last_seen_at),
  expiresAt: new Date(row.expires_at),
  userAgent: row.user_agent,
});

// One statement: the session, its holder's profile and agent row (either may be missing). It runs
// for every signed-in request, so it is built and compiled once (infrastructure/db/prepared-query.ts).
const sessionWithHolderQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db
    .selectFrom("sessions")
    .leftJoin("profiles", "profiles.id", "sessions.user_id")
    .leftJoin("agents", "agents.user_id", "sessions.user_id")
    .selectAll("profiles")
    .select([
      "sessions.id as session_id",
      "sessions.user_id as session_user_id",
      "sessions.created_at as session_created_at",
      "sessions.last_seen_at as session_last_seen_at",
      "sessions.expires_at as session_expires_at",
      "sessions.user_agent as session_user_agent",
      "agents.verification_status as agent_status",
    ])
    .where("sessions.id", "=", slot<string>("id")),
);

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

  async findWithHolder(id: string): Promise<SessionWithHolder | null> {
    const { rows } = await this.db.executeQuery(sessionWithHolderQuery(this.db, { id }));
    const row = rows[0];
    if (!row) return null;
    const session = toSession({
      id: row.session_id,
      user_id: row.session_user_id,
      created_at: row.session_created_at,
      last_seen_at: row.session_last_seen_at,
      expires_at: row.session_expires_at,
      user_agent: row.session_user_agent,
    });
    const account = row.id === null ? null : toAccount(row as Selectable<ProfilesTable>);
    return { session, account, agentStatus: (row.agent_status as AgentStatus | null) ?? null };
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
