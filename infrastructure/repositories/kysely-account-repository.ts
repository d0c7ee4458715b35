import type { Kysely, Selectable } from "kysely";
import type { Account, AccountChanges } from "../../domain/accounts/account.entity";
import type { AccountRepository } from "../../domain/accounts/account-repository.port";
import type { Database, ProfilesTable } from "../db/schema";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (s: string | null) => (s ? new Date(s) : null);

export function toAccount(row: Selectable<ProfilesTable>): Account {
  return {
    id: row.id,
    role: row.role,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    passwordHash: row.password_hash,
    emailConfirmedAt: date(row.email_confirmed_at),
    googleId: row.google_id,
    totpSecret: row.totp_secret,
    totpEnabledAt: date(row.totp_enabled_at),
    language: row.language === "fr" ? "fr" : "en",
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export class KyselyAccountRepository implements AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(a: Account): Promise<"inserted" | "duplicate"> {
    // DO NOTHING on any unique conflict (id, email, google_id): the caller reports "taken".
    const result = await this.db
      .insertInto("profiles")
      .values({
        id: a.id,
        role: a.role,
        full_name: a.fullName,
        email: a.email,
        phone: a.phone,
        password_hash: a.passwordHash,
        email_confirmed_at: iso(a.emailConfirmedAt),
        google_id: a.googleId,
        totp_secret: a.totpSecret,
        totp_enabled_at: iso(a.totpEnabledAt),
        language: a.language,
        created_at: a.createdAt.toISOString(),
        updated_at: a.updatedAt.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? "inserted" : "duplicate";
  }

  async findById(id: string) {
    const row = await this.db.selectFrom("profiles").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findByEmail(email: string) {
    const row = await this.db.selectFrom("profiles").selectAll().where("email", "=", email).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findByGoogleId(googleId: string) {
    const row = await this.db.selectFrom("profiles").selectAll().where("google_id", "=", googleId).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async update(id: string, c: AccountChanges): Promise<void> {
    await this.db
      .updateTable("profiles")
      .set({
        ...(c.role !== undefined && { role: c.role }),
        ...(c.fullName !== undefined && { full_name: c.fullName }),
        ...(c.phone !== undefined && { phone: c.phone }),
        ...(c.passwordHash !== undefined && { password_hash: c.passwordHash }),
        ...(c.emailConfirmedAt !== undefined && { email_confirmed_at: iso(c.emailConfirmedAt) }),
        ...(c.googleId !== undefined && { google_id: c.googleId }),
        ...(c.totpSecret !== undefined && { totp_secret: c.totpSecret }),
        ...(c.totpEnabledAt !== undefined && { totp_enabled_at: iso(c.totpEnabledAt) }),
        ...(c.language !== undefined && { language: c.language }),
        updated_at: c.updatedAt.toISOString(),
      })
      .where("id", "=", id)
      .execute();
  }
}
