import type { Kysely } from "kysely";

// One verification per host (issue 10): a new submission replaces the previous one in place
// (INSERT … ON CONFLICT (host_id)), so two submissions at once cannot leave two rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("host_verifications_host_uidx").on("host_verifications").column("host_id").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("host_verifications_host_uidx").ifExists().execute();
}
