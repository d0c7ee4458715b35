import type { Kysely, Selectable } from "kysely";
import type { SavedSearch } from "#domain/alerts/saved-search.entity";
import type { SavedSearchRepository, SavedSearchWithRecipient } from "#domain/alerts/saved-search-repository.port";
import type { Database, SavedSearchesTable } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";

const toSearch = (r: Selectable<SavedSearchesTable>): SavedSearch => ({
  id: r.id,
  userId: r.user_id,
  query: r.query,
  lastNotifiedAt: new Date(r.last_notified_at),
  createdAt: new Date(r.created_at),
});

/** A user's saved searches, newest first (read on every profile view: compiled once). */
const savedSearchesQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db
    .selectFrom("saved_searches")
    .selectAll()
    .where("user_id", "=", slot<string>("userId"))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc"),
);

export class KyselySavedSearchRepository implements SavedSearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countFor(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("saved_searches")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async addWithinLimit(search: SavedSearch, limit: number): Promise<"added" | "exists" | "limit"> {
    return this.db.transaction().execute(async (trx) => {
      // A no-op update on the user's profile row serialises this user's saves (the row lock on
      // PostgreSQL, the write lock on SQLite), so the count below cannot be passed by a racing save.
      await trx
        .updateTable("profiles")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("id", "=", search.userId)
        .execute();
      const existing = await trx.selectFrom("saved_searches").select(["query"]).where("user_id", "=", search.userId).execute();
      if (existing.some((r) => r.query === search.query)) return "exists";
      if (existing.length >= limit) return "limit";
      const inserted = await trx
        .insertInto("saved_searches")
        .values({
          id: search.id,
          user_id: search.userId,
          query: search.query,
          last_notified_at: search.lastNotifiedAt.toISOString(),
          created_at: search.createdAt.toISOString(),
        })
        .onConflict((oc) => oc.columns(["user_id", "query"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined ? "added" : "exists";
    });
  }

  async remove(userId: string, searchId: string): Promise<boolean> {
    const result = await this.db.deleteFrom("saved_searches").where("id", "=", searchId).where("user_id", "=", userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async listFor(userId: string): Promise<SavedSearch[]> {
    const { rows } = await this.db.executeQuery(savedSearchesQuery(this.db, { userId }));
    return rows.map(toSearch);
  }

  async listAllWithRecipients(): Promise<SavedSearchWithRecipient[]> {
    const rows = await this.db
      .selectFrom("saved_searches as s")
      .innerJoin("profiles as u", "u.id", "s.user_id")
      .selectAll("s")
      .select(["u.email", "u.full_name", "u.language"])
      .orderBy("s.user_id")
      .orderBy("s.created_at")
      .orderBy("s.id")
      .execute();
    return rows.map((r) => ({ search: toSearch(r), email: r.email, fullName: r.full_name, language: r.language }));
  }

  async markNotified(searchIds: readonly string[], at: Date): Promise<void> {
    if (searchIds.length === 0) return;
    await this.db
      .updateTable("saved_searches")
      .set({ last_notified_at: at.toISOString() })
      .where("id", "in", [...searchIds])
      .execute();
  }
}
