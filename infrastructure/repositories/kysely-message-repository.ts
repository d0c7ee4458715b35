import type { Kysely, Selectable } from "kysely";
import type { Message, Participant, Thread } from "#domain/messaging/message.entity";
import type { MessageRepository, MessagingRepos, ThreadSummary } from "#domain/messaging/message-repository.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { Database, MessageThreadsTable, MessagesTable } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";

const toThread = (r: Selectable<MessageThreadsTable>): Thread => ({
  id: r.id,
  propertyId: r.property_id,
  studentId: r.student_id,
  agentId: r.agent_id,
  createdAt: new Date(r.created_at),
  lastMessageAt: new Date(r.last_message_at),
});

const toMessage = (r: Selectable<MessagesTable>): Message => ({
  id: r.id,
  threadId: r.thread_id,
  senderId: r.sender_id,
  body: r.body,
  readAt: r.read_at ? new Date(r.read_at) : null,
  createdAt: new Date(r.created_at),
});

/** Messages sent to a user and not yet read, in any of their threads (read on every profile view: compiled once). */
const unreadCountQuery = preparedQuery((db: Kysely<Database>, slot) => {
  const userId = slot<string>("userId");
  return db
    .selectFrom("messages as m")
    .innerJoin("message_threads as t", "t.id", "m.thread_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => eb.or([eb("t.student_id", "=", userId), eb("t.agent_id", "=", userId)]))
    .where("m.sender_id", "<>", userId)
    .where("m.read_at", "is", null);
});

export class KyselyMessageRepository implements MessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findContactableProperty(propertyId: string): Promise<{ id: string; agentId: string; title: string } | null> {
    const row = await this.db
      .selectFrom("properties")
      .select(["id", "agent_id", "title"])
      .where("id", "=", propertyId)
      .where("hidden_at", "is", null)
      .executeTakeFirst();
    return row ? { id: row.id, agentId: row.agent_id, title: row.title } : null;
  }

  async findOrCreateThread(candidate: Thread): Promise<Thread> {
    // The unique (student_id, agent_id, property_id) index settles a race between two first messages.
    await this.db
      .insertInto("message_threads")
      .values({
        id: candidate.id,
        property_id: candidate.propertyId,
        student_id: candidate.studentId,
        agent_id: candidate.agentId,
        created_at: candidate.createdAt.toISOString(),
        last_message_at: candidate.lastMessageAt.toISOString(),
      })
      .onConflict((oc) => oc.columns(["student_id", "agent_id", "property_id"]).doNothing())
      .execute();
    let q = this.db
      .selectFrom("message_threads")
      .selectAll()
      .where("student_id", "=", candidate.studentId)
      .where("agent_id", "=", candidate.agentId);
    q =
      candidate.propertyId === null
        ? q.where("property_id", "is", null).where("id", "=", candidate.id)
        : q.where("property_id", "=", candidate.propertyId);
    return toThread(await q.executeTakeFirstOrThrow());
  }

  async findThread(threadId: string): Promise<Thread | null> {
    const row = await this.db.selectFrom("message_threads").selectAll().where("id", "=", threadId).executeTakeFirst();
    return row ? toThread(row) : null;
  }

  async addMessage(message: Message): Promise<void> {
    const at = message.createdAt.toISOString();
    await this.db
      .insertInto("messages")
      .values({
        id: message.id,
        thread_id: message.threadId,
        sender_id: message.senderId,
        body: message.body,
        read_at: message.readAt?.toISOString() ?? null,
        created_at: at,
      })
      .execute();
    await this.db
      .updateTable("message_threads")
      .set({ last_message_at: at })
      .where("id", "=", message.threadId)
      .where("last_message_at", "<", at)
      .execute();
  }

  private summaries(viewerId: string) {
    return this.db
      .selectFrom("message_threads as t")
      .leftJoin("properties as p", "p.id", "t.property_id")
      .innerJoin("profiles as s", "s.id", "t.student_id")
      .innerJoin("profiles as a", "a.id", "t.agent_id")
      .leftJoin("agents as ag", "ag.user_id", "t.agent_id")
      .selectAll("t")
      .select((eb) => {
        // Correlated subqueries: one thread row each, however many messages it has.
        const last = <C extends "body" | "sender_id" | "created_at">(column: C) =>
          eb
            .selectFrom("messages as m")
            .select(`m.${column}` as `m.${C}`)
            .whereRef("m.thread_id", "=", "t.id")
            .orderBy("m.created_at", "desc")
            .orderBy("m.id", "desc")
            .limit(1);
        return [
          "p.title as property_title",
          "s.full_name as student_name",
          "a.full_name as agent_full_name",
          "ag.business_name as agent_business_name",
          last("body").as("last_body"),
          last("sender_id").as("last_sender_id"),
          last("created_at").as("last_created_at"),
          eb
            .selectFrom("messages as u")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("u.thread_id", "=", "t.id")
            .where("u.sender_id", "<>", viewerId)
            .where("u.read_at", "is", null)
            .as("unread_count"),
        ];
      });
  }

  private static toSummary(
    r: Selectable<MessageThreadsTable> & {
      property_title: string | null;
      student_name: string;
      agent_full_name: string;
      agent_business_name: string | null;
      last_body: string | null;
      last_sender_id: string | null;
      last_created_at: string | null;
      unread_count: number | string | null;
    },
  ): ThreadSummary {
    return {
      ...toThread(r),
      propertyTitle: r.property_title,
      studentName: r.student_name,
      agentName: r.agent_business_name || r.agent_full_name,
      lastMessage:
        r.last_body !== null && r.last_sender_id !== null && r.last_created_at !== null
          ? { body: r.last_body, senderId: r.last_sender_id, createdAt: new Date(r.last_created_at) }
          : null,
      unreadCount: Number(r.unread_count ?? 0),
    };
  }

  async listThreadsFor(viewerId: string): Promise<ThreadSummary[]> {
    const rows = await this.summaries(viewerId)
      .where((eb) => eb.or([eb("t.student_id", "=", viewerId), eb("t.agent_id", "=", viewerId)]))
      .orderBy("t.last_message_at", "desc")
      .orderBy("t.id", "desc")
      .execute();
    return rows.map(KyselyMessageRepository.toSummary);
  }

  async findThreadSummary(threadId: string, viewerId: string): Promise<ThreadSummary | null> {
    const row = await this.summaries(viewerId).where("t.id", "=", threadId).executeTakeFirst();
    return row ? KyselyMessageRepository.toSummary(row) : null;
  }

  async listMessages(threadId: string): Promise<Message[]> {
    const rows = await this.db
      .selectFrom("messages")
      .selectAll()
      .where("thread_id", "=", threadId)
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .execute();
    return rows.map(toMessage);
  }

  async markRead(threadId: string, readerId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("messages")
      .set({ read_at: at.toISOString() })
      .where("thread_id", "=", threadId)
      .where("sender_id", "<>", readerId)
      .where("read_at", "is", null)
      .execute();
  }

  async unreadCount(userId: string): Promise<number> {
    const { rows } = await this.db.executeQuery(unreadCountQuery(this.db, { userId }));
    return Number(rows[0].n);
  }

  async findParticipant(userId: string): Promise<Participant | null> {
    const row = await this.db
      .selectFrom("profiles as p")
      .leftJoin("agents as ag", "ag.user_id", "p.id")
      .select(["p.id", "p.email", "p.full_name", "p.language", "ag.business_name"])
      .where("p.id", "=", userId)
      .executeTakeFirst();
    if (!row) return null;
    const name = row.business_name?.trim() || row.full_name.trim() || row.email.split("@")[0];
    return { id: row.id, name, email: row.email, language: row.language === "fr" ? "fr" : "en" };
  }

  async claimNotice(threadId: string, side: "student" | "agent", at: Date, notBefore: Date): Promise<boolean> {
    // One conditional UPDATE: of two messages at once, only one finds the slot free. ISO-8601 UTC
    // strings of one format compare in time order as text, on SQLite and PostgreSQL alike.
    const column = side === "agent" ? "agent_notified_at" : "student_notified_at";
    const result = await this.db
      .updateTable("message_threads")
      .set({ [column]: at.toISOString() })
      .where("id", "=", threadId)
      .where((eb) => eb.or([eb(column, "is", null), eb(column, "<=", notBefore.toISOString())]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

/** Thread and message writes in one database transaction. */
export function kyselyMessagingUnitOfWork(db: Kysely<Database>): UnitOfWork<MessagingRepos> {
  return { run: (work) => db.transaction().execute((trx) => work({ messages: new KyselyMessageRepository(trx) })) };
}
