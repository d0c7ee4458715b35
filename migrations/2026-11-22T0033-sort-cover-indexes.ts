import { sql, type Kysely } from "kysely";

// A search page's ids from one index read (issue 12, decision 0166). A search reads its sort's
// index in order and stops after its 20th match; a filter that matches few listings at the cheap
// end (rooms with toilet and meter within 1 km, cheapest first) tested 1 500 wide rows to find
// them, each fetched from the table (PostgreSQL 5 ms at 100 000 listings, ×8 growth from 1 000).
// Each of these holds one sort's keys first, then every column a filter tests, for shown listings:
// the page's ids come from the index alone, and only those 20 rows are read from the table.

const FILTERS = [
  "agent_id",
  "property_type",
  "neighbourhood",
  "monthly_rent",
  "distance_to_campus_m",
  "bedrooms",
  "furnished",
  "toilet_inside",
  "shower_inside",
  "water_supply",
  "prepaid_meter",
  "wifi",
  "security",
  "parking",
  "is_verified",
  "is_available",
  "status",
  // Every row holds NULL (the index is partial): it is here so that SQLite sees the visibility test covered.
  "hidden_at",
];

/** Index name → its sort keys (newest first reads the first one backwards). */
const SORT_COVER_INDEXES = {
  properties_newest_cover_idx: ["created_at", "id"],
  properties_rent_cover_idx: ["monthly_rent", "id"],
  properties_distance_cover_idx: ["distance_to_campus_m", "id"],
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, keys] of Object.entries(SORT_COVER_INDEXES)) {
    const columns = [...keys, ...FILTERS.filter((c) => !(keys as readonly string[]).includes(c))];
    await sql`create index ${sql.ref(name)} on properties (${sql.join(columns.map((c) => sql.ref(c)))}) where hidden_at is null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(SORT_COVER_INDEXES)) await db.schema.dropIndex(name).execute();
}
