import { sql, type Kysely } from "kysely";

// Indexes for the listings pages, measured at 100 000 properties (docs/decisions/0104-listing-search.md).
// Partial on visible listings (hidden_at is null): that is all students ever see.
export async function up(db: Kysely<any>): Promise<void> {
  // A neighbourhood's listings newest first, read in order instead of sorting the whole neighbourhood.
  await db.schema
    .createIndex("properties_neighbourhood_newest_idx")
    .on("properties")
    .columns(["neighbourhood", "created_at", "id"])
    .where(sql.ref("hidden_at"), "is", null)
    .execute();
  // Each agent's visible listing count (agent cards, the agents page), answered from the index alone.
  await db.schema
    .createIndex("properties_agent_visible_idx")
    .on("properties")
    .column("agent_id")
    .where(sql.ref("hidden_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("properties_agent_visible_idx").ifExists().execute();
  await db.schema.dropIndex("properties_neighbourhood_newest_idx").ifExists().execute();
}
