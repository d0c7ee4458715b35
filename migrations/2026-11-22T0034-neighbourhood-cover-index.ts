import { sql, type Kysely } from "kysely";

// A neighbourhood's count from its own index range alone (issue 12, decision 0170). A search by
// neighbourhood (the most common filter: "Molyko under 40 000") counted its matches, up to 1 001,
// through properties_neighbourhood_idx (neighbourhood, monthly_rent), then read each match's row
// from the table for the visibility test and any other filter: SQLite 0.56 ms at 100 000 listings
// (0.06 ms at 1 000), PostgreSQL read the wide filter index in agent order until 1 001 matches.
// This index holds the neighbourhood and rent first, then every column a filter tests, for shown
// listings only, so the count reads 1 001 narrow entries and no row (SQLite 0.16 ms). It replaces
// properties_neighbourhood_idx: every query by neighbourhood is about shown listings.

const FILTERS = [
  "property_type",
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
  "agent_id",
  // Every row holds NULL (the index is partial): it is here so that SQLite sees the visibility test covered.
  "hidden_at",
];

export async function up(db: Kysely<any>): Promise<void> {
  const columns = ["neighbourhood", "monthly_rent", ...FILTERS].map((c) => sql.ref(c));
  await sql`create index properties_neighbourhood_cover_idx on properties (${sql.join(columns)}) where hidden_at is null`.execute(db);
  await db.schema.dropIndex("properties_neighbourhood_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("properties_neighbourhood_idx").on("properties").columns(["neighbourhood", "monthly_rent"]).execute();
  await db.schema.dropIndex("properties_neighbourhood_cover_idx").execute();
}
