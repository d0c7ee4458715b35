import type { Kysely } from "kysely";

// Background jobs run once per period across every app instance on one database (issue 13): each
// job's last start is a row, and an instance runs the job only if its conditional update of that
// row wins (infrastructure/jobs/kysely-job-leases.ts, docs/decisions/0133).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("job", "text", (c) => c.primaryKey())
    .addColumn("last_run_at", "text", (c) => c.notNull())
    .addColumn("holder", "text", (c) => c.notNull())
    // How many periods were claimed, for operators (and the cluster test: once per period, not twice).
    .addColumn("runs", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_leases").ifExists().execute();
}
