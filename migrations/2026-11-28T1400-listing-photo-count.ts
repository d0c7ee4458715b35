import { SqliteAdapter, sql, type Kysely } from "kysely";

// Issue 33, decision 0231: a listing with no photo is not public. Each listing stores how many
// photos it has (properties.photo_count), kept by triggers on photos so every writer (the portal,
// the seed, the benchmark's generator, a restore) keeps it true, and the public test is a column
// the search indexes hold, not a count of photos for each listing read:
// - the covering indexes of the searches (0031, 0033, 0034) and the agents' listing count (0005)
//   get photo_count as their last column, so their counts and pages still come from the index alone;
// - the neighbourhood counts' triggers (0027) count a listing only with a photo, and fire when its
//   photo count changes.

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

const SEARCH_FILTERS = [
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
];

/** Each covering index as migrations 0005, 0031, 0033 and 0034 made it: its columns, all `where hidden_at is null`. */
const COVER_INDEXES: Record<string, string[]> = {
  properties_agent_visible_idx: ["agent_id"],
  properties_filter_cover_idx: ["agent_id", "hidden_at", ...SEARCH_FILTERS],
  properties_newest_cover_idx: ["created_at", "id", "agent_id", ...SEARCH_FILTERS, "hidden_at"],
  properties_rent_cover_idx: ["monthly_rent", "id", "agent_id", ...SEARCH_FILTERS.filter((c) => c !== "monthly_rent"), "hidden_at"],
  properties_distance_cover_idx: [
    "distance_to_campus_m",
    "id",
    "agent_id",
    ...SEARCH_FILTERS.filter((c) => c !== "distance_to_campus_m"),
    "hidden_at",
  ],
  properties_neighbourhood_cover_idx: [
    "neighbourhood",
    "monthly_rent",
    ...SEARCH_FILTERS.filter((c) => c !== "neighbourhood" && c !== "monthly_rent"),
    "agent_id",
    "hidden_at",
  ],
};

async function rebuildCoverIndexes(db: Kysely<any>, withPhotoCount: boolean): Promise<void> {
  for (const [name, columns] of Object.entries(COVER_INDEXES)) {
    await db.schema.dropIndex(name).ifExists().execute();
    // The agents' listing count tests the agent, then the photo count: a range of this index,
    // with hidden_at held so SQLite reads it as covering (as in 0033).
    const all = !withPhotoCount
      ? columns
      : name === "properties_agent_visible_idx"
        ? ["agent_id", "photo_count", "hidden_at"]
        : [...columns, "photo_count"];
    await sql`create index ${sql.ref(name)} on properties (${sql.join(all.map((c) => sql.ref(c)))}) where hidden_at is null`.execute(db);
  }
}

/** Shown (not hidden, with a photo when withPhotos), open for a visit: what the neighbourhood counts read. */
const openListing = (withPhotos: boolean) =>
  sql`hidden_at is null and is_available = 1 and status = 'available'${withPhotos ? sql` and photo_count > 0` : sql``}`;

const counted = (row: "old" | "new", withPhotos: boolean) =>
  sql`${sql.raw(row)}.hidden_at is null and ${sql.raw(row)}.is_available = 1 and ${sql.raw(row)}.status = 'available'
    ${withPhotos ? sql`and ${sql.raw(row)}.photo_count > 0` : sql``}
    and exists (select 1 from agents where agents.user_id = ${sql.raw(row)}.agent_id and agents.verification_status = 'approved')`;

const countedColumns = (withPhotos: boolean) =>
  withPhotos
    ? sql`neighbourhood, hidden_at, is_available, status, agent_id, photo_count`
    : sql`neighbourhood, hidden_at, is_available, status, agent_id`;

async function sqliteCountTriggers(db: Kysely<any>, withPhotos: boolean): Promise<void> {
  for (const trigger of ["properties_counts_insert", "properties_counts_delete", "properties_counts_update", "agents_counts_update"]) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  // The WHERE before ON CONFLICT is required: without it SQLite reads ON as a join's.
  const add = (row: "old" | "new") => sql`insert into neighbourhood_counts (neighbourhood, listings)
    select ${sql.raw(row)}.neighbourhood, 1 where ${counted(row, withPhotos)}
    on conflict (neighbourhood) do update set listings = listings + 1`;
  const remove = (row: "old" | "new") =>
    sql`update neighbourhood_counts set listings = listings - 1 where neighbourhood = ${sql.raw(row)}.neighbourhood and ${counted(row, withPhotos)}`;
  await sql`create trigger properties_counts_insert after insert on properties begin ${add("new")}; end`.execute(db);
  await sql`create trigger properties_counts_delete after delete on properties begin ${remove("old")}; end`.execute(db);
  await sql`create trigger properties_counts_update after update of ${countedColumns(withPhotos)} on properties begin
    ${remove("old")}; ${add("new")};
  end`.execute(db);
  await sql`create trigger agents_counts_update after update of verification_status on agents
    when (old.verification_status = 'approved') <> (new.verification_status = 'approved') begin
    insert into neighbourhood_counts (neighbourhood, listings)
      select properties.neighbourhood, case when new.verification_status = 'approved' then count(*) else -count(*) end
      from properties where properties.agent_id = new.user_id and ${openListing(withPhotos)} group by properties.neighbourhood
      on conflict (neighbourhood) do update set listings = listings + excluded.listings;
  end`.execute(db);
}

async function postgresCountTriggers(db: Kysely<any>, withPhotos: boolean): Promise<void> {
  await sql`create or replace function properties_neighbourhood_counts() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update neighbourhood_counts set listings = listings - 1 where neighbourhood = old.neighbourhood and ${counted("old", withPhotos)};
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into neighbourhood_counts (neighbourhood, listings) select new.neighbourhood, 1 where ${counted("new", withPhotos)}
          on conflict (neighbourhood) do update set listings = neighbourhood_counts.listings + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists properties_neighbourhood_counts on properties`.execute(db);
  await sql`create trigger properties_neighbourhood_counts after insert or delete or update of ${countedColumns(withPhotos)} on properties
    for each row execute function properties_neighbourhood_counts()`.execute(db);
  await sql`create or replace function agents_neighbourhood_counts() returns trigger language plpgsql as $$
    begin
      insert into neighbourhood_counts (neighbourhood, listings)
        select properties.neighbourhood, case when new.verification_status = 'approved' then count(*) else -count(*) end
        from properties where properties.agent_id = new.user_id and ${openListing(withPhotos)} group by properties.neighbourhood
        on conflict (neighbourhood) do update set listings = neighbourhood_counts.listings + excluded.listings;
      return null;
    end $$`.execute(db);
}

/** The counts worked out again from the listings, as the triggers now count them. */
async function recount(db: Kysely<any>, withPhotos: boolean): Promise<void> {
  await sql`delete from neighbourhood_counts`.execute(db);
  await sql`insert into neighbourhood_counts (neighbourhood, listings)
    select properties.neighbourhood, count(*) from properties
    where ${openListing(withPhotos)} and exists (select 1 from agents where agents.user_id = properties.agent_id and agents.verification_status = 'approved')
    group by properties.neighbourhood`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("properties")
    .addColumn("photo_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update properties set photo_count = (
    select count(*) from photos where photos.owner_type = 'property' and photos.owner_id = properties.id)`.execute(db);
  if (isSqlite(db)) {
    await sql`create trigger photos_property_count_insert after insert on photos when new.owner_type = 'property' begin
      update properties set photo_count = photo_count + 1 where id = new.owner_id;
    end`.execute(db);
    await sql`create trigger photos_property_count_delete after delete on photos when old.owner_type = 'property' begin
      update properties set photo_count = photo_count - 1 where id = old.owner_id;
    end`.execute(db);
    await sqliteCountTriggers(db, true);
  } else {
    await sql`create function photos_property_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update properties set photo_count = photo_count + 1 where id = new.owner_id;
        else
          update properties set photo_count = photo_count - 1 where id = old.owner_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger photos_property_count_insert after insert on photos
      for each row when (new.owner_type = 'property') execute function photos_property_count()`.execute(db);
    await sql`create trigger photos_property_count_delete after delete on photos
      for each row when (old.owner_type = 'property') execute function photos_property_count()`.execute(db);
    await postgresCountTriggers(db, true);
  }
  await recount(db, true);
  await rebuildCoverIndexes(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildCoverIndexes(db, false);
  if (isSqlite(db)) {
    await sql`drop trigger if exists photos_property_count_insert`.execute(db);
    await sql`drop trigger if exists photos_property_count_delete`.execute(db);
    await sqliteCountTriggers(db, false);
  } else {
    await sql`drop trigger if exists photos_property_count_insert on photos`.execute(db);
    await sql`drop trigger if exists photos_property_count_delete on photos`.execute(db);
    await sql`drop function if exists photos_property_count()`.execute(db);
    await postgresCountTriggers(db, false);
  }
  await recount(db, false);
  await db.schema.alterTable("properties").dropColumn("photo_count").execute();
}
