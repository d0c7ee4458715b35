// The retention job's deletes over SQLite and PostgreSQL (decision 0227). Which rows have outlived
// their period is the domain's cutoff (retentionCutoffs); here it becomes a `<` on ISO-8601 text,
// which compares in time order on both engines.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ExpiredDocuments, RetentionStore } from "#domain/data-rights/retention-policy";

const DECIDED_AGENT = ["approved", "rejected", "withheld"] as const;
const DECIDED_HOST = ["verified", "rejected"] as const;

interface StoredHostDocument {
  id: string;
  storageKey: string;
}

function parseJsonList(json: string): unknown[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

const hostDocuments = (json: string): StoredHostDocument[] =>
  parseJsonList(json).filter(
    (d): d is StoredHostDocument => typeof d === "object" && d !== null && typeof (d as StoredHostDocument).storageKey === "string",
  );

export class KyselyRetentionStore implements RetentionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async deleteContactMessages(before: Date): Promise<number> {
    const r = await this.db.deleteFrom("contact_messages").where("created_at", "<", before.toISOString()).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async deleteOutboxEmails(before: Date): Promise<{ outboxEmails: number; bookingNotices: number }> {
    const at = before.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const outbox = await trx.deleteFrom("outbox_emails").where("created_at", "<", at).executeTakeFirst();
      // A booking e-mail still waiting to be sent stays, however old: it is work, not a copy.
      const notices = await trx
        .deleteFrom("booking_notices")
        .where("created_at", "<", at)
        .where("status", "<>", "pending")
        .executeTakeFirst();
      return { outboxEmails: Number(outbox.numDeletedRows), bookingNotices: Number(notices.numDeletedRows) };
    });
  }

  async expiredDocuments(decidedBefore: Date, limit: number): Promise<ExpiredDocuments[]> {
    const cutoff = decidedBefore.toISOString();
    const agentRows = await this.db
      .selectFrom("agent_documents as d")
      .innerJoin("agents as a", "a.user_id", "d.agent_id")
      .select(["d.id", "d.agent_id", "d.storage_key"])
      .where("a.verification_status", "in", DECIDED_AGENT)
      .where("a.reviewed_at", "<", cutoff)
      // Only the documents the decision was made on: anything sent after it waits for its own.
      .where((eb) => eb("d.created_at", "<=", eb.ref("a.reviewed_at")))
      .orderBy("d.agent_id")
      .orderBy("d.id")
      .limit(limit * 20)
      .execute();
    const agents = new Map<string, ExpiredDocuments>();
    for (const r of agentRows) {
      const entry = agents.get(r.agent_id) ?? { kind: "agent" as const, ownerId: r.agent_id, documentIds: [], storageKeys: [] };
      entry.documentIds.push(r.id);
      entry.storageKeys.push(r.storage_key);
      agents.set(r.agent_id, entry);
    }
    const hostRows = await this.db
      .selectFrom("host_verifications")
      .select(["host_id", "documents"])
      .where("status", "in", DECIDED_HOST)
      .where("reviewed_at", "<", cutoff)
      .where("documents", "<>", "[]")
      .orderBy("host_id")
      .limit(limit)
      .execute();
    const hosts: ExpiredDocuments[] = hostRows
      .map((r) => {
        const docs = hostDocuments(r.documents);
        return {
          kind: "host" as const,
          ownerId: r.host_id,
          documentIds: docs.map((d) => d.id),
          storageKeys: docs.map((d) => d.storageKey),
        };
      })
      .filter((h) => h.storageKeys.length > 0);
    return [...agents.values(), ...hosts].slice(0, limit);
  }

  async forgetDocuments(expired: ExpiredDocuments, decidedBefore: Date): Promise<number> {
    const cutoff = decidedBefore.toISOString();
    if (expired.kind === "agent") {
      if (expired.documentIds.length === 0) return 0;
      const r = await this.db
        .deleteFrom("agent_documents")
        .where("agent_id", "=", expired.ownerId)
        .where("id", "in", expired.documentIds)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    }
    const r = await this.db
      .updateTable("host_verifications")
      .set({ documents: "[]" })
      .where("host_id", "=", expired.ownerId)
      .where("status", "in", DECIDED_HOST)
      .where("reviewed_at", "<", cutoff)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0 ? expired.documentIds.length : 0;
  }
}
