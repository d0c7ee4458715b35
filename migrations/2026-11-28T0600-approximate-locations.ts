import type { Kysely } from "kysely";

// Issue 33, decision 0205: a listing may be saved with only its neighbourhood and address; its map
// point is then the neighbourhood's centre, marked approximate (and so is the distance to campus
// worked out from it). Every listing stored before had a point typed by hand: 0.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("properties")
    .addColumn("location_approximate", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("guest_houses")
    .addColumn("location_approximate", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("guest_houses").dropColumn("location_approximate").execute();
  await db.schema.alterTable("properties").dropColumn("location_approximate").execute();
}
