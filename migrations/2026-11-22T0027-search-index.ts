import { SqliteAdapter, sql, type Kysely } from "kysely";

// Keyword search from an index on both engines, and the indexes that keep the neighbourhood counts
// and similar listings off a table scan (docs/decisions/0131-search-index.md).
// - SQLite: an FTS5 table with the trigram tokenizer over properties(title, description), external
//   content (the text is not stored twice), kept in sync by triggers. Trigrams keep the meaning the
//   search always had: a case-insensitive substring of the title or the description.
// - PostgreSQL: pg_trgm GIN indexes on title and description, which serve `ilike '%…%'`.
// - neighbourhood_counts: how many listings of each neighbourhood students can visit (shown, open,
//   agent approved), kept by triggers on properties and agents, so the home page reads 10 rows.

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Visible and open for a visit: what the neighbourhood counts and similar listings read. */
const OPEN_LISTING = sql`hidden_at is null and is_available = 1 and status = 'available'`;

/** The same test on a trigger's old or new row, agent approval included (visibleToStudents + availableNow). */
const counted = (row: "old" | "new") =>
  sql`${sql.raw(row)}.hidden_at is null and ${sql.raw(row)}.is_available = 1 and ${sql.raw(row)}.status = 'available'
    and exists (select 1 from agents where agents.user_id = ${sql.raw(row)}.agent_id and agents.verification_status = 'approved')`;

/** The columns whose change can move a listing into or out of a neighbourhood's count. */
const COUNTED_COLUMNS = sql`neighbourhood, hidden_at, is_available, status, agent_id`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("neighbourhood_counts")
    .addColumn("neighbourhood", "text", (c) => c.primaryKey())
    .addColumn("listings", "integer", (c) => c.notNull())
    .execute();
  if (isSqlite(db)) await sqliteUp(db);
  else await postgresUp(db);
  await sql`insert into neighbourhood_counts (neighbourhood, listings)
    select properties.neighbourhood, count(*) from properties
    where ${OPEN_LISTING} and exists (select 1 from agents where agents.user_id = properties.agent_id and agents.verification_status = 'approved')
    group by properties.neighbourhood`.execute(db);
  // Similar listings: the closest rents of one neighbourhood and type, of one neighbourhood, or of one type,
  // each read in rent order from either side of the listing's rent.
  await sql`create index properties_open_place_type_rent_idx on properties (neighbourhood, property_type, monthly_rent, id) where ${OPEN_LISTING}`.execute(
    db,
  );
  await sql`create index properties_open_place_rent_idx on properties (neighbourhood, monthly_rent, id) where ${OPEN_LISTING}`.execute(db);
  await sql`create index properties_open_type_rent_idx on properties (property_type, monthly_rent, id) where ${OPEN_LISTING}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["properties_open_type_rent_idx", "properties_open_place_rent_idx", "properties_open_place_type_rent_idx"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  if (isSqlite(db)) {
    for (const trigger of [
      "properties_fts_insert",
      "properties_fts_delete",
      "properties_fts_update",
      "properties_counts_insert",
      "properties_counts_delete",
      "properties_counts_update",
      "agents_counts_update",
    ]) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists properties_fts`.execute(db);
  } else {
    await sql`drop trigger if exists agents_neighbourhood_counts on agents`.execute(db);
    await sql`drop trigger if exists properties_neighbourhood_counts on properties`.execute(db);
    await sql`drop function if exists agents_neighbourhood_counts()`.execute(db);
    await sql`drop function if exists properties_neighbourhood_counts()`.execute(db);
    // The extension stays: other schemas of the same database may use it.
    await db.schema.dropIndex("properties_description_trgm_idx").ifExists().execute();
    await db.schema.dropIndex("properties_title_trgm_idx").ifExists().execute();
  }
  await db.schema.dropTable("neighbourhood_counts").ifExists().execute();
}

async function sqliteUp(db: Kysely<any>): Promise<void> {
  // content_rowid is the table's implicit rowid, which VACUUM keeps. After a restore that renumbers
  // rows: insert into properties_fts(properties_fts) values ('rebuild').
  await sql`create virtual table properties_fts using fts5(title, description, content = 'properties', content_rowid = 'rowid', tokenize = 'trigram')`.execute(
    db,
  );
  await sql`create trigger properties_fts_insert after insert on properties begin
    insert into properties_fts (rowid, title, description) values (new.rowid, new.title, new.description);
  end`.execute(db);
  await sql`create trigger properties_fts_delete after delete on properties begin
    insert into properties_fts (properties_fts, rowid, title, description) values ('delete', old.rowid, old.title, old.description);
  end`.execute(db);
  await sql`create trigger properties_fts_update after update of title, description on properties begin
    insert into properties_fts (properties_fts, rowid, title, description) values ('delete', old.rowid, old.title, old.description);
    insert into properties_fts (rowid, title, description) values (new.rowid, new.title, new.description);
  end`.execute(db);
  await sql`insert into properties_fts (properties_fts) values ('rebuild')`.execute(db);

  // The WHERE before ON CONFLICT is required: without it SQLite reads ON as a join's.
  const add = (row: "old" | "new") => sql`insert into neighbourhood_counts (neighbourhood, listings)
    select ${sql.raw(row)}.neighbourhood, 1 where ${counted(row)}
    on conflict (neighbourhood) do update set listings = listings + 1`;
  const remove = (row: "old" | "new") =>
    sql`update neighbourhood_counts set listings = listings - 1 where neighbourhood = ${sql.raw(row)}.neighbourhood and ${counted(row)}`;
  await sql`create trigger properties_counts_insert after insert on properties begin ${add("new")}; end`.execute(db);
  await sql`create trigger properties_counts_delete after delete on properties begin ${remove("old")}; end`.execute(db);
  await sql`create trigger properties_counts_update after update of ${COUNTED_COLUMNS} on properties begin
    ${remove("old")}; ${add("new")};
  end`.execute(db);
  await sql`create trigger agents_counts_update after update of verification_status on agents
    when (old.verification_status = 'approved') <> (new.verification_status = 'approved') begin
    insert into neighbourhood_counts (neighbourhood, listings)
      select properties.neighbourhood, case when new.verification_status = 'approved' then count(*) else -count(*) end
      from properties where properties.agent_id = new.user_id and ${OPEN_LISTING} group by properties.neighbourhood
      on conflict (neighbourhood) do update set listings = listings + excluded.listings;
  end`.execute(db);
}

async function postgresUp(db: Kysely<any>): Promise<void> {
  // One extension per database, shared by every schema (the tests run one schema each, in parallel):
  // created in public under a lock so two migrations at once do not race, and named with its schema
  // since a schema's search_path may not include it.
  await sql`select pg_advisory_xact_lock(2026112227)`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const ops = sql`${sql.id(rows[0].schema)}.gin_trgm_ops`;
  await sql`create index properties_title_trgm_idx on properties using gin (title ${ops})`.execute(db);
  await sql`create index properties_description_trgm_idx on properties using gin (description ${ops})`.execute(db);

  await sql`create function properties_neighbourhood_counts() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update neighbourhood_counts set listings = listings - 1 where neighbourhood = old.neighbourhood and ${counted("old")};
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into neighbourhood_counts (neighbourhood, listings) select new.neighbourhood, 1 where ${counted("new")}
          on conflict (neighbourhood) do update set listings = neighbourhood_counts.listings + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger properties_neighbourhood_counts after insert or delete or update of ${COUNTED_COLUMNS} on properties
    for each row execute function properties_neighbourhood_counts()`.execute(db);
  await sql`create function agents_neighbourhood_counts() returns trigger language plpgsql as $$
    begin
      insert into neighbourhood_counts (neighbourhood, listings)
        select properties.neighbourhood, case when new.verification_status = 'approved' then count(*) else -count(*) end
        from properties where properties.agent_id = new.user_id and ${OPEN_LISTING} group by properties.neighbourhood
        on conflict (neighbourhood) do update set listings = neighbourhood_counts.listings + excluded.listings;
      return null;
    end $$`.execute(db);
  await sql`create trigger agents_neighbourhood_counts after update of verification_status on agents
    for each row when ((old.verification_status = 'approved') is distinct from (new.verification_status = 'approved'))
    execute function agents_neighbourhood_counts()`.execute(db);
}
