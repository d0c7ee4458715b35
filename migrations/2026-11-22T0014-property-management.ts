import type { Kysely } from "kysely";

// The agent portal's property form: bathrooms, and an index so My Properties counts each
// property's views without scanning every view (view_history is indexed by user only).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("properties")
    .addColumn("bathrooms", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("view_history_property_idx").on("view_history").column("property_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("view_history_property_idx").ifExists().execute();
  await db.schema.alterTable("properties").dropColumn("bathrooms").execute();
}
