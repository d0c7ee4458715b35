import type { Kysely } from "kysely";
import type { ContactMessage } from "#domain/contact/contact-message.entity";
import type { ContactMessageStore, ContactRateLimit } from "#domain/contact/contact-message-repository.port";
import type { Database } from "../db/schema";

/** Contact messages, and the rate limit counted from them (indexed by email and by ip). */
export class KyselyContactMessageStore implements ContactMessageStore, ContactRateLimit {
  constructor(private readonly db: Kysely<Database>) {}

  async save(message: ContactMessage): Promise<void> {
    await this.db
      .insertInto("contact_messages")
      .values({
        id: message.id,
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        ip: message.ip,
        created_at: message.createdAt.toISOString(),
      })
      .execute();
  }

  async recentSubmissions(query: { email: string; ip: string | null; since: Date }): Promise<{ byEmail: number; byIp: number }> {
    const since = query.since.toISOString();
    const count = async (column: "email" | "ip", value: string) => {
      const row = await this.db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(column, "=", value)
        .where("created_at", ">", since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return { byEmail: await count("email", query.email), byIp: query.ip === null ? 0 : await count("ip", query.ip) };
  }
}
