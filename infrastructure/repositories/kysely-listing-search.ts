// The listings read side on SQLite and PostgreSQL. Every list is one query for the rows, plus one
// for their first photos; a search adds one capped count. See docs/decisions/0104-listing-search.md.
import {
  CompiledQuery,
  SqliteAdapter,
  sql,
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from "kysely";
import type { Database } from "../db/schema";
import type { Dialect } from "../db/connection";
import { NEIGHBOURHOODS, PROPERTY_TYPES, type PropertyType } from "#domain/listings/buea";
import {
  LISTING_PAGE_SIZE,
  NEAR_CAMPUS_OPTIONS_M,
  type ListingSearchCriteria,
  type NearCampusOption,
} from "#domain/listings/listing-search";
import {
  LISTING_COUNT_CAP,
  type AgentPropertyCard,
  type ListingPage,
  type NeighbourhoodCount,
  type PropertyCard,
  type PropertyDetail,
  type PropertyWithSimilar,
  type SimilarTo,
} from "#domain/listings/listing-read-models";
import { RECOMMENDATION_HISTORY_SIZE, SIMILAR_RENT_RATIO, type ListingSearch } from "#domain/listings/listing-search.port";
import {
  APPROVED,
  AMENITY_COLUMNS,
  CARD_COLUMNS,
  type CardRow,
  availableNow,
  toCard,
  toPhoto,
  visibleToStudents,
  withFirstPhotos,
} from "./kysely-property-cards";
import { findAgentCard } from "./kysely-agent-directory";
import { preparedQuery, type SlotMaker } from "../db/prepared-query";

type PropertiesQuery<O> = SelectQueryBuilder<Database, "properties", O>;

/** `%` and `_` typed by a student are letters, not wildcards. The escape character is `\`. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Shorter keywords hold no trigram: the indexes cannot serve them (see keywordMatches). */
export const MIN_INDEXED_KEYWORD_LENGTH = 3;

/**
 * SQLite: a keyword found in at least this many listings is common, and its matches are dense
 * enough for the ordered scan to meet a page of them early; a rarer one is read from the index and
 * its few matches sorted. Decision 0131.
 */
export const COMMON_KEYWORD_MATCHES = 4000;

/** A keyword as one FTS5 string: double quotes doubled, so `"`, `*`, `-`, NEAR and parentheses are only letters. */
export function ftsPhrase(keyword: string): string {
  return `"${keyword.replace(/"/g, '""')}"`;
}

/** How the keyword is tested: from the search index, or on each row of an ordered scan. */
type KeywordPlan = "index" | "scan";

/**
 * A case-insensitive substring of the title or the description. PostgreSQL: `ilike`, which the
 * pg_trgm GIN indexes serve (its planner chooses between them and the ordered scan). SQLite: the
 * FTS5 trigram table (properties_fts) for a rare keyword; `lower() like` (ASCII case folding, as
 * before the index) for a common one and for one under three characters, which has no trigram.
 */
function keywordMatches(dialect: Dialect, keyword: KeywordValues, plan: KeywordPlan) {
  const { pattern, phrase } = keyword;
  if (dialect === "postgres") {
    return sql<boolean>`(properties.title ilike ${pattern} escape '\\' or properties.description ilike ${pattern} escape '\\')`;
  }
  if (plan === "scan") {
    return sql<boolean>`(lower(properties.title) like lower(${pattern}) escape '\\' or lower(properties.description) like lower(${pattern}) escape '\\')`;
  }
  return sql<boolean>`properties.rowid in (select rowid from properties_fts where properties_fts match ${phrase})`;
}

/** A keyword as the queries take it: its LIKE pattern and its FTS5 phrase. */
interface KeywordValues {
  pattern: string;
  phrase: string;
}

/** SQLite: whether a keyword is rare enough to be read from the index (one capped FTS read). */
async function keywordPlan(db: Kysely<Database>, dialect: Dialect, keyword: string | null): Promise<KeywordPlan> {
  if (dialect !== "sqlite" || !keyword || [...keyword].length < MIN_INDEXED_KEYWORD_LENGTH) return "scan";
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from properties_fts
    where properties_fts match ${ftsPhrase(keyword)} limit ${sql.lit(COMMON_KEYWORD_MATCHES)})`.execute(db);
  return Number(rows[0].n) < COMMON_KEYWORD_MATCHES ? "index" : "scan";
}

/**
 * A search's filters as its queries take them. Built from the criteria's values, or from a prepared
 * query's placeholders (see preparedSearch): the keyword comes as its pattern and phrase, already
 * worked out, since a placeholder cannot go through JavaScript's string functions.
 */
type SearchFilters = Omit<ListingSearchCriteria, "keyword" | "page"> & { keyword: KeywordValues | null };

/** The WHERE clause of a search: visibility plus every filter in the criteria. */
function filtered<O>(
  query: PropertiesQuery<O>,
  c: SearchFilters,
  dialect: Dialect,
  plan: KeywordPlan,
  visible: (eb: ExpressionBuilder<Database, "properties">) => Expression<SqlBool> = visibleToStudents,
): PropertiesQuery<O> {
  let q = query.where(visible);
  if (c.neighbourhoods.length > 0) q = q.where("properties.neighbourhood", "in", c.neighbourhoods);
  if (c.propertyTypes.length > 0) q = q.where("properties.property_type", "in", c.propertyTypes.map(propertyType));
  if (c.minRent !== null) q = q.where("properties.monthly_rent", ">=", c.minRent);
  if (c.maxRent !== null) q = q.where("properties.monthly_rent", "<=", c.maxRent);
  if (c.minBedrooms !== null) q = q.where("properties.bedrooms", ">=", c.minBedrooms);
  // Constants, the four property types and the four walking distances are written into the SQL,
  // not bound: PostgreSQL then keeps one plan for a search with no other value (decision 0176), as
  // SQLite does for any.
  for (const a of c.amenities) q = q.where(`properties.${AMENITY_COLUMNS[a]}`, "=", sql.lit(1));
  if (c.maxDistanceM !== null) q = q.where("properties.distance_to_campus_m", "<=", walkingDistance(c.maxDistanceM));
  if (c.verifiedOnly) q = q.where("properties.is_verified", "=", sql.lit(1));
  if (c.availableOnly) q = q.where(availableNow);
  if (c.keyword) q = q.where(keywordMatches(dialect, c.keyword, plan));
  return q;
}

/** One of PROPERTY_TYPES, as a literal: checked again here because it goes into the SQL text. */
function propertyType(type: PropertyType) {
  if (!(PROPERTY_TYPES as readonly string[]).includes(type)) throw new RangeError(`not a property type: ${type}`);
  return sql.lit(type);
}

/** One of NEAR_CAMPUS_OPTIONS_M, as a literal: checked again here because it goes into the SQL text. */
function walkingDistance(metres: number) {
  if (!(NEAR_CAMPUS_OPTIONS_M as readonly number[]).includes(metres)) throw new RangeError(`not a walking-distance choice: ${metres}`);
  return sql.lit(metres);
}

type SortColumn = "created_at" | "monthly_rent" | "distance_to_campus_m" | "id";
type SortKey = readonly [SortColumn, "asc" | "desc"];

/** Every sort ends on id, so pages never overlap or skip rows that tie. */
function sortKeys(c: Pick<ListingSearchCriteria, "sort">): SortKey[] {
  switch (c.sort) {
    case "price_asc":
      return [
        ["monthly_rent", "asc"],
        ["id", "asc"],
      ];
    case "price_desc":
      return [
        ["monthly_rent", "desc"],
        ["id", "desc"],
      ];
    case "nearest":
      return [
        ["distance_to_campus_m", "asc"],
        ["id", "asc"],
      ];
    case "newest":
      return [
        ["created_at", "desc"],
        ["id", "desc"],
      ];
  }
}

function sorted<O>(query: PropertiesQuery<O>, c: SearchFilters): PropertiesQuery<O> {
  return sortKeys(c).reduce((q, [column, direction]) => q.orderBy(`properties.${column}`, direction), query);
}

/**
 * The matches' ids and sort keys, in the search's order: no other column, so that they come from
 * the sort's covering index alone (merged neighbourhoods are ordered by the keys).
 */
const matching = (db: Kysely<Database>, c: SearchFilters, dialect: Dialect, plan: KeywordPlan) =>
  sorted(filtered(db.selectFrom("properties").select(sortKeys(c).map(([column]) => `properties.${column}` as const)), c, dialect, plan), c);

/**
 * The ids of a search's page. `offset`: the rows before the page; `branchLimit`: offset +
 * LISTING_PAGE_SIZE (each neighbourhood's share).
 */
function pageIdsQuery(db: Kysely<Database>, c: SearchFilters, dialect: Dialect, plan: KeywordPlan, offset: number, branchLimit: number) {
  // The first page, when its offset is known while building (PostgreSQL, decision 0176): no OFFSET.
  const paged = <Q extends { offset(n: number): Q }>(q: Q) => (offset === 0 ? q : q.offset(offset));
  if (c.neighbourhoods.length <= 1) return paged(matching(db, c, dialect, plan).limit(LISTING_PAGE_SIZE));
  // Several neighbourhoods: `neighbourhood IN (...)` cannot come out of an index in date or price
  // order, so SQLite would sort every listing of those neighbourhoods. Instead each neighbourhood
  // gives its own first rows in order (an index range each) and only those few are merged.
  const branches = c.neighbourhoods.map((n) =>
    db
      .selectFrom(
        matching(db, { ...c, neighbourhoods: [n] }, dialect, plan)
          .limit(branchLimit)
          .as("branch"),
      )
      .selectAll(),
  );
  const merged = branches.slice(1).reduce((union, branch) => union.unionAll(branch), branches[0]);
  return paged(
    sortKeys(c)
      .reduce((q, [column, direction]) => q.orderBy(`page.${column}`, direction), db.selectFrom(merged.as("page")).selectAll())
      .limit(LISTING_PAGE_SIZE),
  );
}

/**
 * A search's page of cards. Its ids come first, from the sort's covering index alone (migration
 * 0033, decision 0166): the filters are tested on index entries, and only the page's 20 rows are
 * read from the table. Reading the table's rows in sort order tested every wide row until the
 * 20th match, 1 500 of them for a filter rare at the cheap end.
 */
function pageQuery(db: Kysely<Database>, c: SearchFilters, dialect: Dialect, plan: KeywordPlan, offset: number, branchLimit: number) {
  const ids = pageIdsQuery(db, c, dialect, plan, offset, branchLimit).as("page_ids");
  return sorted(db.selectFrom(ids).innerJoin("properties", "properties.id", "page_ids.id").select(CARD_COLUMNS), c);
}

/** Every column a search filters on, for shown listings (migration 0031, decision 0147). */
export const FILTER_COVER_INDEX = "properties_filter_cover_idx";

/** Each sort's covering index (migration 0033, decision 0166), by its first key. */
const SORT_COVER_INDEX: Record<Exclude<SortColumn, "id">, string> = {
  created_at: "properties_newest_cover_idx",
  monthly_rent: "properties_rent_cover_idx",
  distance_to_campus_m: "properties_distance_cover_idx",
};

/**
 * SQLite's page, told to read its sort's covering index when nothing narrower applies (no
 * neighbourhood, whose own indexes serve it; no keyword, whose plan chooses between its index and
 * the ordered scan, decision 0131). Left to choose, SQLite's choice moved with the indexes that
 * exist: with the neighbourhood's covering index added (decision 0170) it read every verified
 * listing by properties_moderation_idx and sorted them for "available, verified, nearest", 290 ms
 * instead of 0.9 ms at 100 000 listings. PostgreSQL's planner keeps the index read in order.
 */
function sqlitePageQuery(db: Kysely<Database>, c: SearchFilters, shape: SearchShape, offset: number, branchLimit: number) {
  const query = pageQuery(db, c, "sqlite", shape.plan, offset, branchLimit);
  if (shape.neighbourhoods > 0 || shape.keyword) return query;
  const compiled = query.compile();
  const index = SORT_COVER_INDEX[sortKeys(c)[0][0] as Exclude<SortColumn, "id">];
  return CompiledQuery.raw(readingIndex(compiled.sql, index, "sqlitePageQuery"), [...compiled.parameters]) as typeof compiled;
}

/** Not hidden; its agent may be anyone (the count's correction takes the unapproved agents out). */
const notHidden = (eb: ExpressionBuilder<Database, "properties">) => eb("properties.hidden_at", "is", null);

/**
 * The agents who are not approved (waiting, refused): "before or after 'approved'" rather than "not
 * 'approved'", the same agents (the status is NOT NULL) read as two ranges of agents_status_idx
 * instead of a scan of every agent (SQLite 89 → 12 µs; PostgreSQL's capped count of room+studio at
 * 100 000 listings and 2 500 agents 0.94 → 0.83 ms, the sixth run of each in psql). APPROVED
 * is a literal, so the kept generic plan reads the two ranges too.
 */
const unapprovedAgents = (eb: ExpressionBuilder<Database, "properties">) =>
  eb
    .selectFrom("agents")
    .select("agents.user_id")
    .where((a) => a.or([a("agents.verification_status", "<", APPROVED), a("agents.verification_status", ">", APPROVED)]));

/** Not hidden, and its agent is one who is not approved: the few such listings (SQLite's count). */
function unapprovedAgentsListing(eb: ExpressionBuilder<Database, "properties">) {
  return eb.and([notHidden(eb), eb("properties.agent_id", "in", unapprovedAgents(eb))]);
}

/**
 * The matches of a search, counted up to LISTING_COUNT_CAP + 1: enough to say "1 000+". Every
 * way reads the matches from a covering index alone where it can (every column the filters test is
 * in it): FILTER_COVER_INDEX, or the range a distance or rent bound gives (countIndex); a keyword's
 * count keeps one statement, through the keyword's own index or scan.
 *
 * SQLite, without a keyword: two statements (decision 0161). First the matches whose agent is not
 * approved: few, read by agent (the index's first column). Then every match whatever its agent,
 * up to the cap plus those: no agent is looked up for each listing read, which was a third to a
 * half of the count's time at 100 000 listings. The difference is the count of shown listings,
 * exact up to the cap (a listing changing between the two statements can move it by one for that
 * page view). SQLite is told which covering index to read, countIndex's (left to choose, it took
 * a range of an index without the filter columns and fetched a wide row for each entry, decision
 * 0147), except with neighbourhoods, whose own covering index's range is the better read (decision
 * 0170). The first statement is unchanged: it reads the few unapproved agents' listings by agent.
 *
 * PostgreSQL, without a keyword: one statement (decision 0159), the matches asked for in a
 * covering index's order (so the planner reads it: left to choose, it read the table), the agent
 * tested by exclusion, hashed once per statement: as cheap as the two statements there.
 */
async function countMatches(db: Kysely<Database>, search: PreparedSearch): Promise<number> {
  const count = async (query: CompiledQuery<{ n: number }>) => Number((await db.executeQuery(query)).rows[0].n);
  const { matches, correction } = countStatements(db, search);
  if (!correction) return count(matches(LISTING_COUNT_CAP + 1));
  const unapproved = await count(correction);
  return Math.max(0, (await count(matches(LISTING_COUNT_CAP + 1 + unapproved))) - unapproved);
}

/**
 * The statements that count a search's matches (see countMatches): `matches(cap)` counts up to
 * `cap`, and on SQLite without a keyword `correction` counts the matches of agents not approved,
 * which the cap must make room for and the count leaves out.
 */
function countStatements(
  db: Kysely<Database>,
  { keyword, dialect, shape, values }: PreparedSearch,
): { matches: (cap: number) => CompiledQuery<{ n: number }>; correction: CompiledQuery<{ n: number }> | null } {
  if (keyword) return { matches: (cap) => preparedKeywordCount(db, { ...values, cap }, withLimit(shape, cap)), correction: null };
  if (dialect === "postgres")
    return { matches: (cap) => preparedPostgresCount(db, { ...values, cap }, withLimit(shape, cap)), correction: null };
  return {
    matches: (cap) => preparedAnyAgentCount(db, { ...values, cap }, withLimit(shape, cap)),
    correction: preparedUnapprovedMatches(db, values, shape),
  };
}

/**
 * visibleToStudents for PostgreSQL's count: "no agent of this listing is unapproved" rather than
 * "its agent is approved". The same rows (every listing has its agent: a NOT NULL foreign key;
 * verification_status is NOT NULL), but PostgreSQL tests NOT IN against the few unapproved agents
 * hashed once per statement, where EXISTS was a cached index probe of agents for each listing read.
 */
function visibleToStudentsByExclusion(eb: ExpressionBuilder<Database, "properties">) {
  return eb.and([notHidden(eb), eb("properties.agent_id", "not in", unapprovedAgents(eb))]);
}

function postgresCountQuery(db: Kysely<Database>, c: SearchFilters, plan: KeywordPlan, cap: number): CompiledQuery<{ n: number }> {
  const filteredMatches = filtered(
    db.selectFrom("properties").select(sql<number>`1`.as("one")),
    c,
    "postgres",
    plan,
    visibleToStudentsByExclusion,
  );
  // Asked in a covering index's order, so the planner reads it: by neighbourhood, the range of
  // each one named (decision 0170); else the index countIndex chooses (decision 0171).
  const matches = (
    c.neighbourhoods.length > 0
      ? filteredMatches.orderBy("properties.neighbourhood").orderBy("properties.monthly_rent")
      : filteredMatches.orderBy(`properties.${countIndex(c).column}`)
  ).limit(cap);
  return db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .compile();
}

function keywordCountQuery(
  db: Kysely<Database>,
  c: SearchFilters,
  dialect: Dialect,
  plan: KeywordPlan,
  cap: number,
): CompiledQuery<{ n: number }> {
  const matches = filtered(db.selectFrom("properties").select(sql<number>`1`.as("one")), c, dialect, plan).limit(cap);
  return db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .compile();
}

function unapprovedMatchesQuery(db: Kysely<Database>, c: SearchFilters, dialect: Dialect, plan: KeywordPlan): CompiledQuery<{ n: number }> {
  return filtered(
    db.selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("n")),
    c,
    dialect,
    plan,
    unapprovedAgentsListing,
  ).compile();
}

function anyAgentCountQuery(
  db: Kysely<Database>,
  c: SearchFilters,
  dialect: Dialect,
  plan: KeywordPlan,
  cap: number,
): CompiledQuery<{ n: number }> {
  const matches = filtered(db.selectFrom("properties").select(sql<number>`1`.as("one")), c, dialect, plan, notHidden).limit(cap);
  const compiled = db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .compile();
  if (c.neighbourhoods.length > 0) return compiled;
  return CompiledQuery.raw(readingIndex(compiled.sql, countIndex(c).index, "anyAgentCountQuery"), [
    ...compiled.parameters,
  ]) as CompiledQuery<{ n: number }>;
}

/**
 * The covering index a count without neighbourhoods reads (decision 0171), and the column it is
 * asked in so that PostgreSQL reads it. Every one holds every filter column; what differs is how
 * much of it is read before the cap's 1 001 matches are found. A distance or rent bound makes its
 * index's first column a range: only the listings inside it are read, and more of those match
 * (at 100 000 listings, rooms and studios with toilet and meter within 1 km: 4 200 entries instead
 * of 9 600; rent ≤ 20 000 with wifi, a third of the time on SQLite, an eighth on PostgreSQL). The
 * distance first: its bound ("within 1 km") is the one students set to narrow a search. Without a
 * bound, the filter index, led by the agent.
 */
function countIndex(c: SearchFilters): { index: string; column: "distance_to_campus_m" | "monthly_rent" | "agent_id" } {
  if (c.maxDistanceM !== null) return { index: SORT_COVER_INDEX.distance_to_campus_m, column: "distance_to_campus_m" };
  if (c.minRent !== null || c.maxRent !== null) return { index: SORT_COVER_INDEX.monthly_rent, column: "monthly_rent" };
  return { index: FILTER_COVER_INDEX, column: "agent_id" };
}

/**
 * SQLite's `INDEXED BY`, which Kysely cannot write: `statement` (one FROM properties) made to read
 * `index`. Throws when the FROM clause is not the one expected, so a change in Kysely's SQL is
 * seen at once rather than silently losing the index.
 */
function readingIndex(statement: string, index: string, where: string): string {
  const from = 'from "properties" where';
  if (statement.split(from).length !== 2) throw new Error(`the FROM clause of ${where} changed: update it`);
  return statement.replace(from, `from "properties" indexed by "${index}" where`);
}

/** The values of a search, by the name its prepared queries give their placeholders. */
interface SearchValues extends Record<string, unknown> {
  neighbourhoods: string[];
  minRent: number | null;
  maxRent: number | null;
  minBedrooms: number | null;
  pattern: string | null;
  phrase: string | null;
  offset: number;
  branchLimit: number;
  /** A count's limit (SQLite's any-agent count: known once the correction is counted): set by countStatements. */
  cap?: number;
}

/** What a search's SQL text depends on (its prepared queries' shape): never a value, only which filters are set and how. */
interface SearchShape {
  dialect: Dialect;
  plan: KeywordPlan;
  neighbourhoods: number;
  /** Written into the SQL (a few of four types): see filtered. */
  propertyTypes: PropertyType[];
  minRent: boolean;
  maxRent: boolean;
  minBedrooms: boolean;
  /** Written into the SQL (one of four choices): see filtered. */
  maxDistanceM: NearCampusOption | null;
  keyword: boolean;
  amenities: ListingSearchCriteria["amenities"];
  verifiedOnly: boolean;
  availableOnly: boolean;
  sort: ListingSearchCriteria["sort"];
}

interface PreparedSearch {
  keyword: boolean;
  dialect: Dialect;
  shape: string;
  values: SearchValues;
}

function prepareSearch(c: ListingSearchCriteria, dialect: Dialect, plan: KeywordPlan): PreparedSearch {
  const shape: SearchShape = {
    dialect,
    plan,
    neighbourhoods: c.neighbourhoods.length,
    propertyTypes: c.propertyTypes,
    minRent: c.minRent !== null,
    maxRent: c.maxRent !== null,
    minBedrooms: c.minBedrooms !== null,
    maxDistanceM: c.maxDistanceM,
    keyword: c.keyword !== null,
    amenities: c.amenities,
    verifiedOnly: c.verifiedOnly,
    availableOnly: c.availableOnly,
    sort: c.sort,
  };
  const offset = (c.page - 1) * LISTING_PAGE_SIZE;
  const values: SearchValues = {
    neighbourhoods: c.neighbourhoods,
    minRent: c.minRent,
    maxRent: c.maxRent,
    minBedrooms: c.minBedrooms,
    pattern: c.keyword === null ? null : likePattern(c.keyword),
    phrase: c.keyword === null ? null : ftsPhrase(c.keyword),
    offset,
    branchLimit: offset + LISTING_PAGE_SIZE,
  };
  return { keyword: c.keyword !== null, dialect, shape: JSON.stringify(shape), values };
}

/** The filters of a shape, each value a placeholder (a filter the shape leaves out stays out). */
function slottedFilters(shape: SearchShape, slot: SlotMaker): SearchFilters {
  const optional = <T>(set: boolean, name: string) => (set ? slot<T>(name) : null);
  return {
    neighbourhoods: slot.list("neighbourhoods", shape.neighbourhoods),
    propertyTypes: shape.propertyTypes,
    minRent: optional(shape.minRent, "minRent"),
    maxRent: optional(shape.maxRent, "maxRent"),
    minBedrooms: optional(shape.minBedrooms, "minBedrooms"),
    maxDistanceM: shape.maxDistanceM,
    keyword: shape.keyword ? { pattern: slot("pattern"), phrase: slot("phrase") } : null,
    amenities: shape.amenities,
    verifiedOnly: shape.verifiedOnly,
    availableOnly: shape.availableOnly,
    sort: shape.sort,
  };
}

/**
 * A statement's LIMIT is written into its text (decisions 0168, 0176), so a limit that varies (a
 * later page's branches, a count's cap) is part of the shape, after a line break (never in the
 * shape's JSON).
 */
function withLimit(shape: string, limit: number): string {
  return `${shape}\n${limit}`;
}

/**
 * A search query built and compiled once per shape (infrastructure/db/prepared-query.ts): Kysely's
 * building and compiling was a quarter of a search's CPU, the database's own work the rest.
 * `limit`: the limit withLimit put in the shape, else undefined (a placeholder is used).
 */
function preparedSearch<Row>(
  build: (
    db: Kysely<Database>,
    filters: SearchFilters,
    shape: SearchShape,
    slot: SlotMaker,
    limit: number | undefined,
  ) => Compilable<Row> | CompiledQuery<Row>,
) {
  return preparedQuery<SearchValues, Row, Database>((db, slot, shape) => {
    const [json, limit] = shape.split("\n");
    const parsed = JSON.parse(json) as SearchShape;
    return build(db, slottedFilters(parsed, slot), parsed, slot, limit === undefined ? undefined : Number(limit));
  });
}

/**
 * A page's shape. SQLite: with its branches' limit when several neighbourhoods' pages are merged
 * (pageIdsQuery). PostgreSQL: the first page's own, with its limits written out and no offset, so
 * that its generic plan sees them (decision 0176); a later page binds its offset and branches' limit.
 */
function pageShape(search: PreparedSearch): string {
  const { neighbourhoods, offset, branchLimit } = search.values;
  if (search.dialect === "postgres") return offset === 0 ? withLimit(search.shape, branchLimit) : search.shape;
  return neighbourhoods.length > 1 ? withLimit(search.shape, branchLimit) : search.shape;
}

const preparedPage = preparedSearch((db, c, shape, slot, limit) =>
  shape.dialect === "sqlite"
    ? sqlitePageQuery(db, c, shape, slot("offset"), limit ?? slot("branchLimit"))
    : // A limit in the shape is the first page's (pageShape): its offset is 0.
      pageQuery(db, c, shape.dialect, shape.plan, limit === undefined ? slot("offset") : 0, limit ?? slot("branchLimit")),
);
const preparedKeywordCount = preparedSearch((db, c, shape, slot, limit) =>
  keywordCountQuery(db, c, shape.dialect, shape.plan, limit ?? slot("cap")),
);
const preparedPostgresCount = preparedSearch((db, c, shape, slot, limit) => postgresCountQuery(db, c, shape.plan, limit ?? slot("cap")));
const preparedUnapprovedMatches = preparedSearch((db, c, shape) => unapprovedMatchesQuery(db, c, shape.dialect, shape.plan));
const preparedAnyAgentCount = preparedSearch((db, c, shape, slot, limit) =>
  anyAgentCountQuery(db, c, shape.dialect, shape.plan, limit ?? slot("cap")),
);

interface SimilarValues extends Record<string, unknown> {
  id: string;
  neighbourhood: string;
  propertyType: string;
  /** Every type but the listing's own, in PROPERTY_TYPES' order. */
  otherTypes: string[];
  rent: number;
  low: number;
  high: number;
  limit: number;
}

/**
 * The listings most like one: same place and type first, then same place, then same type; closest
 * rent within each. The closest rents of a group are among its `limit` nearest above and its
 * `limit` nearest below, each an index range read in rent order (properties_open_*_rent_idx), so
 * no branch reads more than `limit` rows whatever the size of the neighbourhood. Same place, other
 * type: one group per other type, so each reads its own index range
 * (properties_open_place_type_rent_idx) instead of skipping past the listing's own type.
 * Ten branches: built and compiled once (infrastructure/db/prepared-query.ts).
 */
const similarQuery = preparedQuery<SimilarValues, CardRow & { similarity: number }, Database>((db, slot, shape) => {
  // SQLite: the limit is the shape, as SQLite plans a statement again at every run when its LIMIT
  // is bound (decision 0168). PostgreSQL: bound, as its generic plan is kept only so (decision 0177).
  const limit = db.getExecutor().adapter instanceof SqliteAdapter ? Number(shape) : slot<number>("limit");
  const [id, neighbourhood, propertyType, rent, low, high] = [
    slot<string>("id"),
    slot<string>("neighbourhood"),
    slot<PropertyType>("propertyType"),
    slot<number>("rent"),
    slot<number>("low"),
    slot<number>("high"),
  ];
  const place = (q: PropertiesQuery<CardRow>) => q.where("properties.neighbourhood", "=", neighbourhood);
  const groups: Array<[number, (q: PropertiesQuery<CardRow>) => PropertiesQuery<CardRow>]> = [
    [0, (q) => place(q).where("properties.property_type", "=", propertyType)],
    ...slot
      .list<PropertyType>("otherTypes", PROPERTY_TYPES.length - 1)
      .map((t): [number, (q: PropertiesQuery<CardRow>) => PropertiesQuery<CardRow>] => [
        1,
        (q) => place(q).where("properties.property_type", "=", t),
      ]),
    // `|| ''` keeps "another neighbourhood" off the indexes: SQLite would otherwise skip-scan the
    // neighbourhood-and-type index for it and sort every listing of the type within the rent band.
    [
      2,
      (q) => q.where("properties.property_type", "=", propertyType).where(sql<boolean>`properties.neighbourhood || '' <> ${neighbourhood}`),
    ],
  ];
  const branches = groups.flatMap(([group, where]) =>
    (["above", "below"] as const).map((side) => {
      const open = where(
        db.selectFrom("properties").select(CARD_COLUMNS).where(visibleToStudents).where(availableNow).where("properties.id", "!=", id),
      );
      // Each side in its index's own order (below: read backwards), so no branch sorts.
      const ranged =
        side === "above"
          ? open
              .where("properties.monthly_rent", ">=", rent)
              .where("properties.monthly_rent", "<=", high)
              .orderBy("properties.monthly_rent", "asc")
              .orderBy("properties.id", "asc")
          : open
              .where("properties.monthly_rent", "<", rent)
              .where("properties.monthly_rent", ">=", low)
              .orderBy("properties.monthly_rent", "desc")
              .orderBy("properties.id", "desc");
      const nearest = ranged.limit(limit).as("nearest");
      return db
        .selectFrom(nearest)
        .selectAll()
        .select(sql<number>`${sql.lit(group)}`.as("similarity"));
    }),
  );
  const merged = branches.slice(1).reduce((union, branch) => union.unionAll(branch), branches[0]);
  const query = db
    .selectFrom(merged.as("candidates"))
    .selectAll()
    .orderBy("candidates.similarity")
    .orderBy(sql`abs(candidates.monthly_rent - ${rent})`)
    // Equally close: the dearer side first, then each side's own order (above: id up; below: id down).
    .orderBy("candidates.monthly_rent", "desc")
    .orderBy(sql`case when candidates.monthly_rent >= ${rent} then candidates.id end`)
    .orderBy("candidates.id", "desc")
    .limit(limit)
    .compile();
  return db.getExecutor().adapter instanceof SqliteAdapter ? sameTypeElsewhereByTypeIndex(query) : query;
});

/** The similar-listings statement for a listing, as similarListings runs it (its plan is tested). */
export function similarListingsQuery(db: Kysely<Database>, property: SimilarTo, limit: number) {
  const rent = property.monthlyRent;
  return similarQuery(
    db,
    {
      id: property.id,
      neighbourhood: property.neighbourhood,
      propertyType: property.propertyType,
      otherTypes: PROPERTY_TYPES.filter((t) => t !== property.propertyType),
      rent,
      low: Math.floor(rent * (1 - SIMILAR_RENT_RATIO)),
      high: Math.ceil(rent * (1 + SIMILAR_RENT_RATIO)),
      limit,
    },
    String(limit),
  );
}

/**
 * SQLite: the "same type, another neighbourhood" branches read properties_open_type_rent_idx.
 * Left to choose, SQLite skip-scanned the place-and-type index for one of them (every
 * neighbourhood's listings of the type in the rent band, then sorted): 42 ms for a studio in Muea
 * at 100 000 listings, where the type index gives the band in rent order and stops at `limit`.
 */
function sameTypeElsewhereByTypeIndex<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  const branches = query.sql.split(" union all ");
  const rewritten = branches.map((branch) =>
    branch.includes("properties.neighbourhood || '' <>")
      ? readingIndex(branch, OPEN_TYPE_RENT_INDEX, "sameTypeElsewhereByTypeIndex")
      : branch,
  );
  if (rewritten.filter((b, i) => b !== branches[i]).length !== 2)
    throw new Error("expected two 'same type elsewhere' branches in the similar listings");
  return CompiledQuery.raw(rewritten.join(" union all "), [...query.parameters]) as CompiledQuery<R>;
}

// A property page's own reads, built and compiled once (prepared-query.ts): building them on every
// page was about 1 % of its CPU.
const propertyQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db.selectFrom("properties").selectAll("properties").where("properties.id", "=", slot<string>("id")).where(visibleToStudents),
);

const photosQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db
    .selectFrom("photos")
    .select(["photos.storage_key", "photos.width", "photos.height", "photos.alt"])
    .where("photos.owner_type", "=", "property")
    .where("photos.owner_id", "=", slot<string>("id"))
    .orderBy("photos.position")
    .orderBy("photos.id"),
);

/** Cards by id (saved and viewed listings on /profile): built once per number of ids. */
const cardsByIdQuery = preparedQuery((db: Kysely<Database>, slot, count) =>
  db
    .selectFrom("properties")
    .select(CARD_COLUMNS)
    .where("properties.id", "in", slot.list<string>("ids", Number(count)))
    .where(visibleToStudents),
);

/** What the student viewed: the recommendations' seeds. */
const viewedQuery = preparedQuery((db: Kysely<Database>, slot, count) =>
  db
    .selectFrom("properties")
    .select(["properties.neighbourhood", "properties.property_type", "properties.monthly_rent"])
    .where("properties.id", "in", slot.list<string>("ids", Number(count))),
);

/**
 * Open listings like the ones viewed (same place or same type, rent within the band), newest
 * first. The shape: how many listings were viewed, in how many places and types, and the limit.
 */
const recommendedQuery = preparedQuery((db: Kysely<Database>, slot, shape) => {
  const [recent, places, types, limit] = shape.split(":").map(Number);
  return db
    .selectFrom("properties")
    .select(CARD_COLUMNS)
    .where(visibleToStudents)
    .where(availableNow)
    .where("properties.id", "not in", slot.list<string>("recent", recent))
    .where("properties.monthly_rent", ">=", slot<number>("low"))
    .where("properties.monthly_rent", "<=", slot<number>("high"))
    .where((eb) =>
      eb.or([
        eb("properties.neighbourhood", "in", slot.list<string>("neighbourhoods", places)),
        eb("properties.property_type", "in", slot.list<PropertyType>("types", types)),
      ]),
    )
    .orderBy("properties.created_at", "desc")
    .orderBy("properties.id", "desc")
    .limit(limit);
});

/** (property_type, monthly_rent, id) for open listings (migration 0027). */
const OPEN_TYPE_RENT_INDEX = "properties_open_type_rent_idx";

export class KyselyListingSearch implements ListingSearch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async searchListings(criteria: ListingSearchCriteria): Promise<ListingPage> {
    const plan = await keywordPlan(this.db, this.dialect, criteria.keyword);
    const search = prepareSearch(criteria, this.dialect, plan);
    const { offset } = search.values;
    const { rows } = await this.db.executeQuery(preparedPage(this.db, search.values, pageShape(search)));
    let known: number | null = null;
    // A short page is the last one: the count is known without asking.
    if (rows.length > 0 && rows.length < LISTING_PAGE_SIZE) known = offset + rows.length;
    else if (rows.length === 0 && offset === 0) known = 0;
    // The count and the cards' photos asked together: on PostgreSQL, one round trip (decision 0169).
    const [matches, items] = await Promise.all([known ?? countMatches(this.db, search), withFirstPhotos(this.db, rows)]);
    const totalIsCapped = matches > LISTING_COUNT_CAP;
    const total = Math.min(matches, LISTING_COUNT_CAP);
    return {
      items,
      total,
      totalIsCapped,
      page: criteria.page,
      pageSize: LISTING_PAGE_SIZE,
      pageCount: Math.ceil(total / LISTING_PAGE_SIZE),
    };
  }

  async findPropertyDetail(id: string): Promise<PropertyDetail | null> {
    return (await this.findPropertyPage(id, 0))?.property ?? null;
  }

  async findPropertyPage(id: string, similarCount: number): Promise<PropertyWithSimilar | null> {
    const [row] = (await this.db.executeQuery(propertyQuery(this.db, { id }))).rows;
    if (!row) return null;
    const card = toCard(row, null);
    // The photos, the agent and the similar listings asked together: on PostgreSQL one round trip
    // (decision 0169), where the page asked for the similar listings only once it had the detail.
    const [photoRows, agent, similar] = await Promise.all([
      this.db.executeQuery(photosQuery(this.db, { id })).then((r) => r.rows),
      findAgentCard(this.db, row.agent_id),
      this.similarListings(card, similarCount),
    ]);
    // visibleToStudents has just checked the agent exists and is approved.
    if (!agent) throw new Error(`Agent ${row.agent_id} of property ${id} vanished`);
    const photos = photoRows.map(toPhoto);
    return {
      property: {
        ...card,
        photo: photos[0] ?? null,
        description: row.description,
        address: row.address,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        photos,
        visitingHours: parseJson(row.visiting_hours),
        updatedAt: row.updated_at,
        agent,
      },
      similar,
    };
  }

  async similarListings(property: SimilarTo, limit = 4): Promise<PropertyCard[]> {
    if (limit <= 0) return [];
    const { rows } = await this.db.executeQuery(similarListingsQuery(this.db, property, limit));
    return withFirstPhotos(this.db, rows);
  }

  async featuredListings(limit: number): Promise<PropertyCard[]> {
    const rows = await this.db
      .selectFrom("properties")
      .select(CARD_COLUMNS)
      .where(visibleToStudents)
      .where(availableNow)
      .where("properties.is_verified", "=", 1)
      .orderBy("properties.created_at", "desc")
      .orderBy("properties.id", "desc")
      .limit(limit)
      .execute();
    return withFirstPhotos(this.db, rows);
  }

  async neighbourhoodCounts(): Promise<NeighbourhoodCount[]> {
    // Kept by triggers on properties and agents: the rule of visibleToStudents and availableNow,
    // restated in SQL by migration 0027 (a test compares the two on random changes).
    const rows = await this.db
      .selectFrom("neighbourhood_counts")
      .select(["neighbourhood_counts.neighbourhood", "neighbourhood_counts.listings as n"])
      .where("neighbourhood_counts.listings", ">", 0)
      .execute();
    const counts = new Map(rows.map((r) => [r.neighbourhood, Number(r.n)]));
    // Every neighbourhood of Buea in its usual order, then any the agents spelled differently.
    const known: NeighbourhoodCount[] = NEIGHBOURHOODS.map((n) => ({ neighbourhood: n, count: counts.get(n) ?? 0 }));
    const others = rows
      .filter((r) => !(NEIGHBOURHOODS as readonly string[]).includes(r.neighbourhood))
      .map((r) => ({ neighbourhood: r.neighbourhood, count: Number(r.n) }))
      .sort((a, b) => a.neighbourhood.localeCompare(b.neighbourhood));
    return [...known, ...others];
  }

  async listingsByIds(ids: readonly string[]): Promise<PropertyCard[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const { rows } = await this.db.executeQuery(cardsByIdQuery(this.db, { ids: unique }, String(unique.length)));
    const cards = new Map((await withFirstPhotos(this.db, rows)).map((c) => [c.id, c]));
    return unique.flatMap((id) => cards.get(id) ?? []);
  }

  async recommendedFor(viewedPropertyIds: readonly string[], limit: number): Promise<PropertyCard[]> {
    const recent = [...new Set(viewedPropertyIds)].slice(0, RECOMMENDATION_HISTORY_SIZE);
    if (recent.length === 0 || limit <= 0) return [];
    // A listing hidden since it was viewed still says what the student is looking for.
    const viewed = (await this.db.executeQuery(viewedQuery(this.db, { ids: recent }, String(recent.length)))).rows;
    if (viewed.length === 0) return [];
    const rents = viewed.map((v) => Number(v.monthly_rent));
    const values = {
      recent,
      low: Math.floor(Math.min(...rents) * (1 - SIMILAR_RENT_RATIO)),
      high: Math.ceil(Math.max(...rents) * (1 + SIMILAR_RENT_RATIO)),
      neighbourhoods: [...new Set(viewed.map((v) => v.neighbourhood))],
      types: [...new Set(viewed.map((v) => v.property_type))],
    };
    const shape = [recent.length, values.neighbourhoods.length, values.types.length, limit].join(":");
    const { rows } = await this.db.executeQuery(recommendedQuery(this.db, values, shape));
    return withFirstPhotos(this.db, rows);
  }

  async listingsForAgent(agentId: string): Promise<AgentPropertyCard[]> {
    const rows = await this.db
      .selectFrom("properties")
      .select([...CARD_COLUMNS, "properties.hidden_at", "properties.updated_at"])
      .where("properties.agent_id", "=", agentId)
      .orderBy("properties.created_at", "desc")
      .orderBy("properties.id", "desc")
      .execute();
    const cards = await withFirstPhotos(this.db, rows);
    return cards.map((card, i) => ({ ...card, hiddenAt: rows[i].hidden_at, updatedAt: rows[i].updated_at }));
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface ListingSearchPlan {
  /** SQLite: whether the keyword was read from the search index or tested on an ordered scan. */
  keyword: KeywordPlan | null;
  page: string;
  /** The capped count of every match (a keyword's: of the shown ones). */
  count: string;
  /** Without a keyword: the matches of agents not approved, taken from the count. */
  correction: string | null;
}

/**
 * The plans the database picks for a search's page and count queries, for the benchmark report.
 * `analyze` (PostgreSQL only) runs the queries and adds actual times and row counts.
 */
export async function explainListingSearch(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: ListingSearchCriteria,
  options: { analyze?: boolean; generic?: boolean } = {},
): Promise<ListingSearchPlan> {
  const explain = async (compiled: CompiledQuery): Promise<string> => {
    if (dialect === "postgres" && options.generic) return explainGenericPlan(db, compiled);
    if (dialect === "sqlite") {
      const result = await db.executeQuery<{ id: number; parent: number; detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      return indentSqlitePlan(result.rows);
    }
    const prefix = options.analyze ? "explain (analyze, buffers off, costs off, timing on)" : "explain";
    const result = await db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`${prefix} ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
  };
  const plan = await keywordPlan(db, dialect, criteria.keyword);
  const search = prepareSearch(criteria, dialect, plan);
  const { matches, correction } = countStatements(db, search);
  return {
    keyword: criteria.keyword ? plan : null,
    page: await explain(preparedPage(db, search.values, pageShape(search))),
    count: await explain(matches(LISTING_COUNT_CAP + 1)),
    correction: correction ? await explain(correction) : null,
  };
}

/**
 * PostgreSQL: the plan of a statement prepared without its values, the generic plan PostgreSQL
 * keeps for a named statement once it finds it no worse than planning each run (decision 0159).
 * EXPLAIN with values shows the plan for those values instead.
 */
async function explainGenericPlan(db: Kysely<Database>, compiled: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await trx.executeQuery(CompiledQuery.raw(`prepare kn_generic_plan as ${compiled.sql}`));
    // EXECUTE takes no bound parameters: the values go in as Kysely's literals.
    const values = compiled.parameters.length > 0 ? sql`(${sql.join(compiled.parameters.map((v) => sql.lit(v)))})` : sql``;
    const result = await sql<{ "QUERY PLAN": string }>`explain execute kn_generic_plan${values}`.execute(trx);
    await trx.executeQuery(CompiledQuery.raw("deallocate kn_generic_plan"));
    return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

function indentSqlitePlan(rows: Array<{ id: number; parent: number; detail: string }>): string {
  const depth = new Map<number, number>([[0, -1]]);
  return rows
    .map((r) => {
      const d = (depth.get(r.parent) ?? -1) + 1;
      depth.set(r.id, d);
      return `${"  ".repeat(d)}${r.detail}`;
    })
    .join("\n");
}
