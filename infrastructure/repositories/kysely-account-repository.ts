import { sql, type Kysely, type Selectable } from "kysely";
import { displayName, type Account, type AccountChanges } from "#domain/accounts/account.entity";
import { phoneSearchText, type AccountRepository, type AccountSearch } from "#domain/accounts/account-repository.port";
import type { Database, ProfilesTable } from "../db/schema";
import { likePattern } from "./listing-search/shared";
import { sliceIds } from "./id-slices";

/** Ids per statement of a batch read: well under SQLite's and PostgreSQL's bound-parameter limits. */

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
    suspendedAt: date(row.suspended_at),
    suspendedReason: row.suspended_reason,
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
        suspended_at: iso(a.suspendedAt),
        suspended_reason: a.suspendedReason,
        created_at: a.createdAt.toISOString(),
        updated_at: a.updatedAt.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? "inserted" : "duplicate";
  }

  async recordSignIn(id: string, at: Date): Promise<"first" | "again"> {
    const when = at.toISOString();
    // Conditional: of two first sign-ins at once, one sets it from null.
    const first = await this.db
      .updateTable("profiles")
      .set({ last_sign_in_at: when })
      .where("id", "=", id)
      .where("last_sign_in_at", "is", null)
      .executeTakeFirst();
    if (Number(first.numUpdatedRows) === 1) return "first";
    await this.db.updateTable("profiles").set({ last_sign_in_at: when }).where("id", "=", id).execute();
    return "again";
  }

  async findById(id: string) {
    const row = await this.db.selectFrom("profiles").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  async findByIds(ids: readonly string[]): Promise<Account[]> {
    const rows = await Promise.all(
      sliceIds(ids).map((slice) => this.db.selectFrom("profiles").selectAll().where("id", "in", slice).execute()),
    );
    return rows.flat().map(toAccount);
  }

  async displayNamesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await Promise.all(
      sliceIds(ids).map((slice) => this.db.selectFrom("profiles").select(["id", "full_name", "email"]).where("id", "in", slice).execute()),
    );
    return new Map(rows.flat().map((r) => [r.id, displayName({ fullName: r.full_name, email: r.email })]));
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
        ...(c.suspendedAt !== undefined && { suspended_at: iso(c.suspendedAt) }),
        ...(c.suspendedReason !== undefined && { suspended_reason: c.suspendedReason }),
        updated_at: c.updatedAt.toISOString(),
      })
      .where("id", "=", id)
      .execute();
  }

  async search(query: AccountSearch): Promise<{ accounts: Account[]; total: number }> {
    let base = this.db.selectFrom("profiles");
    if (query.role) base = base.where("role", "=", query.role);
    const text = (query.text ?? "").trim().toLowerCase();
    if (text !== "") {
      // lower() on both sides: SQLite's LIKE ignores ASCII case only and PostgreSQL's LIKE never does.
      const pattern = likePattern(text);
      const phone = likePattern(phoneSearchText(text));
      base = base.where(
        sql<boolean>`(lower(full_name) like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\' or coalesce(phone, '') like ${phone} escape '\\')`,
      );
    }
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).offset(query.offset).execute(),
      // Capped, in the page's order, so it reads profiles_created_idx and stops (decision 0148).
      this.db
        .selectFrom(
          base
            .select(sql<number>`1`.as("one"))
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(query.countLimit)
            .as("matches"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return { accounts: rows.map(toAccount), total: Number(count.n) };
  }

  async lockAdmins(): Promise<number> {
    // A no-op update takes the row locks on PostgreSQL (SQLite's transactions already run one at a
    // time); a row demoted meanwhile is re-checked against the WHERE and not counted.
    const result = await this.db
      .updateTable("profiles")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("role", "=", "admin")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
