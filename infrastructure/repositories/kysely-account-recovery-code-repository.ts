import type { Kysely } from "kysely";
import type { RecoveryCodeRepository } from "#domain/accounts/recovery-code-repository.port";
import type { Database } from "../db/schema";

export class KyselyAccountRecoveryCodeRepository implements RecoveryCodeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async replaceAll(userId: string, codes: { id: string; codeHash: string }[]) {
    await this.db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    if (codes.length === 0) return;
    await this.db
      .insertInto("recovery_codes")
      .values(codes.map((c) => ({ id: c.id, user_id: userId, code_hash: c.codeHash, used_at: null })))
      .execute();
  }

  async use(userId: string, codeHash: string, at: Date) {
    const row = await this.db
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", userId)
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (!row) return false;
    // Conditional on still unused, so one code cannot sign in twice concurrently.
    const result = await this.db
      .updateTable("recovery_codes")
      .set({ used_at: at.toISOString() })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async countUnused(userId: string) {
    const row = await this.db
      .selectFrom("recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deleteAll(userId: string) {
    await this.db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  }
}
