import { sql, type Kysely } from "kysely";

// Indexes found missing by `npm run bench:plans` at 100 000 listings (docs/decisions/0147-page-query-plans.md).
// - properties_filter_cover_idx: every column a search filters on, for shown listings. The capped
//   count of a search (`limit 1001`) reads this narrow index instead of the table: a search whose
//   filters match one listing in ten read 10 000 wide rows for its "1 000+" before. The agent comes
//   first so the agents' approval probe meets each agent once in a row; hidden_at is there only so
//   the index covers the visibility test (the rows all hold NULL).
// - The admin lists' orders (newest first), so a page of them is an index range, not a sort of
//   every booking, payment, account or listing.

const FILTER_COLUMNS = sql`agent_id, hidden_at, property_type, neighbourhood, monthly_rent, distance_to_campus_m, bedrooms,
  furnished, toilet_inside, shower_inside, water_supply, prepaid_meter, wifi, security, parking, is_verified, is_available, status`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index properties_filter_cover_idx on properties (${FILTER_COLUMNS}) where hidden_at is null`.execute(db);
  await sql`create index bookings_created_idx on bookings (created_at, id)`.execute(db);
  await sql`create index payments_created_idx on payments (created_at, id)`.execute(db);
  await sql`create index profiles_created_idx on profiles (created_at, id)`.execute(db);
  await sql`create index properties_moderation_idx on properties (is_verified, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "properties_moderation_idx",
    "profiles_created_idx",
    "payments_created_idx",
    "bookings_created_idx",
    "properties_filter_cover_idx",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
