import type { Kysely } from "kysely";
import type { WishlistRepository } from "#domain/engagement/wishlist-repository.port";
import type { Database } from "../db/schema";
import { preparedQuery } from "../db/prepared-query";

/** A user's saved listings still shown, latest first: on every signed-in page with cards, built once. */
const savedIdsQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db
    .selectFrom("wishlists as w")
    .innerJoin("properties as p", "p.id", "w.property_id")
    .select("w.property_id")
    .where("w.user_id", "=", slot<string>("userId"))
    .where("p.hidden_at", "is", null)
    .orderBy("w.created_at", "desc")
    .orderBy("w.property_id", "desc"),
);

export class KyselyWishlistRepository implements WishlistRepository {
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

  async add(userId: string, propertyId: string, at: Date): Promise<void> {
    await this.db
      .insertInto("wishlists")
      .values({ user_id: userId, property_id: propertyId, created_at: at.toISOString() })
      .onConflict((oc) => oc.columns(["user_id", "property_id"]).doNothing())
      .execute();
  }

  async remove(userId: string, propertyId: string): Promise<void> {
    await this.db.deleteFrom("wishlists").where("user_id", "=", userId).where("property_id", "=", propertyId).execute();
  }

  async listIds(userId: string): Promise<string[]> {
    const { rows } = await this.db.executeQuery(savedIdsQuery(this.db, { userId }));
    return rows.map((r) => r.property_id);
  }
}
