import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { HistoryRepository, PastSearch, ViewedProperty } from "#domain/engagement/history-repository.port";
import type { Database } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";

// The profile page's history reads, built and compiled once (infrastructure/db/prepared-query.ts).
// The limit is the shape, not a value: SQLite plans a statement again at every run when its LIMIT
// is bound (decision 0168).
/** A user's viewed listings still shown, latest first. */
const viewsQuery = preparedQuery((db: Kysely<Database>, slot, limit) =>
  db
    .selectFrom("view_history as v")
    .innerJoin("properties as p", "p.id", "v.property_id")
    .select(["v.property_id", "v.viewed_at"])
    .where("v.user_id", "=", slot<string>("userId"))
    .where("p.hidden_at", "is", null)
    .orderBy("v.viewed_at", "desc")
    .orderBy("v.property_id", "desc")
    .limit(Number(limit)),
);

/** A user's latest searches. */
const searchesQuery = preparedQuery((db: Kysely<Database>, slot, limit) =>
  db
    .selectFrom("search_history")
    .select(["query", "searched_at"])
    .where("user_id", "=", slot<string>("userId"))
    .orderBy("searched_at", "desc")
    .orderBy("id", "desc")
    .limit(Number(limit)),
);

export class KyselyHistoryRepository implements HistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isVisibleProperty(propertyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("properties")
      .select("id")
      .where("id", "=", propertyId)
      .where("hidden_at", "is", null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async upsertView(userId: string, propertyId: string, at: Date): Promise<void> {
    // The unique (user_id, property_id) index makes a repeat view an update, even under concurrent requests.
    await this.db
      .insertInto("view_history")
      .values({ id: randomUUID(), user_id: userId, property_id: propertyId, viewed_at: at.toISOString() })
      .onConflict((oc) => oc.columns(["user_id", "property_id"]).doUpdateSet((eb) => ({ viewed_at: eb.ref("excluded.viewed_at") })))
      .execute();
  }

  async trimViews(userId: string, keep: number): Promise<void> {
    await this.db
      .deleteFrom("view_history")
      .where("user_id", "=", userId)
      .where("property_id", "not in", (eb) =>
        eb
          .selectFrom("view_history")
          .select("property_id")
          .where("user_id", "=", userId)
          .orderBy("viewed_at", "desc")
          .orderBy("property_id", "desc")
          .limit(keep),
      )
      .execute();
  }

  async listViews(userId: string, limit: number): Promise<ViewedProperty[]> {
    const { rows } = await this.db.executeQuery(viewsQuery(this.db, { userId }, String(limit)));
    return rows.map((r) => ({ propertyId: r.property_id, viewedAt: new Date(r.viewed_at) }));
  }

  async clearViews(userId: string): Promise<void> {
    await this.db.deleteFrom("view_history").where("user_id", "=", userId).execute();
  }

  async latestSearch(userId: string): Promise<PastSearch | null> {
    return (await this.listSearches(userId, 1))[0] ?? null;
  }

  async addSearch(id: string, userId: string, query: string, at: Date): Promise<void> {
    await this.db.insertInto("search_history").values({ id, user_id: userId, query, searched_at: at.toISOString() }).execute();
  }

  async trimSearches(userId: string, keep: number): Promise<void> {
    await this.db
      .deleteFrom("search_history")
      .where("user_id", "=", userId)
      .where("id", "not in", (eb) =>
        eb
          .selectFrom("search_history")
          .select("id")
          .where("user_id", "=", userId)
          .orderBy("searched_at", "desc")
          .orderBy("id", "desc")
          .limit(keep),
      )
      .execute();
  }

  async listSearches(userId: string, limit: number): Promise<PastSearch[]> {
    const { rows } = await this.db.executeQuery(searchesQuery(this.db, { userId }, String(limit)));
    return rows.map((r) => ({ query: r.query, searchedAt: new Date(r.searched_at) }));
  }

  async clearSearches(userId: string): Promise<void> {
    await this.db.deleteFrom("search_history").where("user_id", "=", userId).execute();
  }
}
