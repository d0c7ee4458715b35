import type { Kysely } from "kysely";
import type { Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { Mailer, MailMessage } from "#domain/shared/mailer.port";
import type { Database } from "../db/schema";
import { logger } from "../logging/logger";

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
}

/**
 * Without SMTP (development, the demo, tests) mail goes to the outbox_emails table, where admins
 * and tests read it, and a one-line summary goes to the server log. Only in demo mode does that
 * line carry the links, so a developer can follow a link without a mail server. A reset or
 * confirmation link is a key to an account: the logger removes its token even then (decision
 * 0137), and the whole link stays readable in the outbox, by an admin.
 */
export class OutboxMailer implements Mailer {
  private readonly log: (line: string) => void;
  private readonly logLinks: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    options: { logLinks?: boolean; log?: (line: string) => void } = {},
  ) {
    this.log = options.log ?? ((line) => logger.info(line));
    this.logLinks = options.logLinks ?? false;
  }

  async send(message: MailMessage): Promise<void> {
    await this.db
      .insertInto("outbox_emails")
      .values({
        id: this.ids.id(),
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        created_at: this.clock.now().toISOString(),
      })
      .execute();
    const links = this.logLinks ? (message.text.match(/https?:\/\/\S+/g) ?? []) : [];
    this.log(`[mail outbox] to=${message.to} subject="${message.subject}"${links.map((l) => ` link=${l}`).join("")}`);
  }
}

/** The newest messages first, optionally to one address. */
export async function readOutbox(db: Kysely<Database>, query: { to?: string; limit: number }): Promise<OutboxEmail[]> {
  let q = db.selectFrom("outbox_emails").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit);
  if (query.to) q = q.where("to_address", "=", query.to.trim().toLowerCase());
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    createdAt: new Date(r.created_at),
  }));
}
