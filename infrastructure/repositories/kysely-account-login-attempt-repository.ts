import type { Kysely } from "kysely";
import type { LoginAttemptRepository } from "#domain/accounts/login-attempt-repository.port";
import type { Database } from "../db/schema";

export class KyselyAccountLoginAttemptRepository implements LoginAttemptRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(id: string, key: string, at: Date) {
    await this.db.insertInto("login_attempts").values({ id, throttle_key: key, created_at: at.toISOString() }).execute();
  }

  async countSince(key: string, since: Date) {
    const row = await this.db
      .selectFrom("login_attempts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("throttle_key", "=", key)
      .where("created_at", ">=", since.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async clear(key: string) {
    await this.db.deleteFrom("login_attempts").where("throttle_key", "=", key).execute();
  }

  async remove(ids: readonly string[]) {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom("login_attempts")
      .where("id", "in", [...ids])
      .execute();
  }

  async pruneBefore(at: Date) {
    const result = await this.db.deleteFrom("login_attempts").where("created_at", "<", at.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
