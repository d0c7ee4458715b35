import type { Kysely } from "kysely";

// The agent's reports (issue 9, docs/decisions/0119-agent-reports.md): how many times each listing
// was viewed on each Buea calendar day. view_history keeps only each user's last 20 views, one row
// per property, so it cannot say how many views a listing had last month. One row per property
// and day, incremented in place; the primary key serves the report's range scan per property.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("property_view_days")
    .addColumn("property_id", "text", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("property_view_days_pk", ["property_id", "day"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("property_view_days").ifExists().execute();
}
