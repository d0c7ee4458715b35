import type { Kysely } from "kysely";

// The visitors' page cache is emptied on every instance when data changes (issue 13): an instance
// that changed something bumps this counter, and every instance polls it (decision 0134).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cache_generations")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("generation", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cache_generations").ifExists().execute();
}
