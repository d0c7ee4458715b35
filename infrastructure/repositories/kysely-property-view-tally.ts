// Daily view counts per listing (migration 0019) on SQLite and PostgreSQL: one row per property and
// Buea day, incremented in place by a single upsert, so two views at once both count.
import type { Kysely } from "kysely";
import type { PropertyViewTally } from "#domain/agent-reports/property-view-tally.port";
import type { Database } from "../db/schema";

export class KyselyPropertyViewTally implements PropertyViewTally {
  constructor(private readonly db: Kysely<Database>) {}

  async listingAgentOf(propertyId: string): Promise<string | null> {
    const row = await this.db.selectFrom("properties").select("agent_id").where("id", "=", propertyId).executeTakeFirst();
    return row?.agent_id ?? null;
  }

  async addView(propertyId: string, day: string): Promise<void> {
    await this.db
      .insertInto("property_view_days")
      .values({ property_id: propertyId, day, views: 1 })
      .onConflict((oc) => oc.columns(["property_id", "day"]).doUpdateSet((eb) => ({ views: eb("property_view_days.views", "+", 1) })))
      .execute();
  }
}
