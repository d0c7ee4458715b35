import type { Kysely } from "kysely";
import type { EmailToken, TokenPurpose } from "#domain/accounts/email-token.entity";
import type { EmailTokenRepository } from "#domain/accounts/email-token-repository.port";
import type { Database } from "../db/schema";

const PURPOSES: readonly TokenPurpose[] = ["confirm_email", "reset_password", "login_totp"];

export class KyselyAccountEmailTokenRepository implements EmailTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(t: EmailToken) {
    await this.db
      .insertInto("email_tokens")
      .values({
        id: t.id,
        user_id: t.userId,
        purpose: t.purpose,
        token_hash: t.tokenHash,
        expires_at: t.expiresAt.toISOString(),
        used_at: t.usedAt ? t.usedAt.toISOString() : null,
        created_at: t.createdAt.toISOString(),
      })
      .execute();
  }

  async findByHash(tokenHash: string): Promise<EmailToken | null> {
    const row = await this.db.selectFrom("email_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
    if (!row) return null;
    if (!PURPOSES.includes(row.purpose as TokenPurpose)) throw new Error(`Unknown token purpose ${row.purpose}`);
    return {
      id: row.id,
      userId: row.user_id,
      purpose: row.purpose as TokenPurpose,
      tokenHash: row.token_hash,
      expiresAt: new Date(row.expires_at),
      usedAt: row.used_at ? new Date(row.used_at) : null,
      createdAt: new Date(row.created_at),
    };
  }

  async markUsed(id: string, at: Date) {
    // Conditional update: of two requests using the same link, exactly one changes the row.
    const result = await this.db
      .updateTable("email_tokens")
      .set({ used_at: at.toISOString() })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async invalidateAll(userId: string, purpose: TokenPurpose, at: Date) {
    await this.db
      .updateTable("email_tokens")
      .set({ used_at: at.toISOString() })
      .where("user_id", "=", userId)
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .execute();
  }

  async deleteSpentBefore(before: Date) {
    const cutoff = before.toISOString();
    const result = await this.db
      .deleteFrom("email_tokens")
      .where((eb) => eb.or([eb("used_at", "<", cutoff), eb("expires_at", "<", cutoff)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
