import type { Kysely } from "kysely";

// Guest houses listed by the platform itself (issue 10, decision 0122). A house is public when its
// host is approved or when it is "seeded": listed before hosts could publish their own. Every
// house that exists when this runs was listed that way (there was no host area), so it keeps
// showing; houses created from now on start hidden until their host is approved.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("guest_houses")
    .addColumn("seeded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable("guest_houses").set({ seeded: 1 }).execute();
  await db.schema.createIndex("host_verifications_host_idx").on("host_verifications").columns(["host_id", "submitted_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("host_verifications_host_idx").ifExists().execute();
  await db.schema.alterTable("guest_houses").dropColumn("seeded").execute();
}
