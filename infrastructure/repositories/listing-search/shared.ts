// The listing search's SQL common to SQLite and PostgreSQL: the filters, the sorts, a page's ids and
// cards, the keyword's count, and the prepared-search shapes every statement is built from. What
// only one engine runs lives beside it: sqlite.ts and postgres.ts. The repository that chooses
// between them: ../kysely-listing-search.ts. See docs/decisions/0104-listing-search.md.
import {
  sql,
  type Compilable,
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from "kysely";
import type { Database } from "../../db/schema";
import type { Dialect } from "../../db/connection";
import { PROPERTY_TYPES, type PropertyType } from "#domain/listings/buea";
import {
  LISTING_PAGE_SIZE,
  NEAR_CAMPUS_OPTIONS_M,
  type ListingSearchCriteria,
  type NearCampusOption,
} from "#domain/listings/listing-search";
import { APPROVED, AMENITY_COLUMNS, CARD_COLUMNS, availableNow, publishableListing, visibleToStudents } from "../kysely-property-cards";
import { preparedQuery, type SlotMaker } from "../../db/prepared-query";

export type PropertiesQuery<O> = SelectQueryBuilder<Database, "properties", O>;

/** `%` and `_` typed by a student are letters, not wildcards. The escape character is `\`. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A keyword as one FTS5 string: double quotes doubled, so `"`, `*`, `-`, NEAR and parentheses are only letters. */
export function ftsPhrase(keyword: string): string {
  return `"${keyword.replace(/"/g, '""')}"`;
}

/** How the keyword is tested: from the search index, or on each row of an ordered scan. */
export type KeywordPlan = "index" | "scan";

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

/**
 * A search's filters as its queries take them. Built from the criteria's values, or from a prepared
 * query's placeholders (see preparedSearch): the keyword comes as its pattern and phrase, already
 * worked out, since a placeholder cannot go through JavaScript's string functions.
 */
export type SearchFilters = Omit<ListingSearchCriteria, "keyword" | "page"> & { keyword: KeywordValues | null };

/** The WHERE clause of a search: visibility plus every filter in the criteria. */
export function filtered<O>(
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
  // "Available now only" is the rentable standing, tested as a branch of every search tests it
  // (inStanding): on SQLite availableNow's own terms drew a neighbourhood's page to the partial
  // index of open listings in rent order and a sort of its matches (17 ms instead of 0.3 ms for
  // Molyko ≤ 40 000, newest, at 100 000 listings).
  if (c.availableOnly) q = q.where(inStanding(dialect, 0));
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

export type SortColumn = "created_at" | "monthly_rent" | "distance_to_campus_m" | "id";
type SortKey = readonly [SortColumn, "asc" | "desc"];

/** Every sort ends on id, so pages never overlap or skip rows that tie. */
export function sortKeys(c: Pick<ListingSearchCriteria, "sort">): SortKey[] {
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
 * Rentable listings first, in every sort (decision 0236): a page merges the listings open for a
 * visit now (availableNow: standing 0) before the others (booked, rented out, unavailable:
 * standing 1), each class read in the sort's order from the same covering index as before, its
 * class one more test on the index entries (is_available and status are in every cover index).
 * With "available now only" there is one class, the filter itself.
 */
export type Standing = 0 | 1;

/**
 * A listing's standing, 0 when availableNow holds (both columns are NOT NULL). SQLite: one CASE
 * term, not availableNow's two: a branch then reads its sort's index in order (the columns are in
 * every cover index); given availableNow's own terms, SQLite read the partial index of open
 * listings (migration 0027) in rent order and sorted a neighbourhood's newest page. PostgreSQL:
 * the column tests, whose statistics it estimates from (a CASE it guessed at 0.5 % of the rows,
 * and read a whole distance range to sort it).
 */
const standingOf = sql<Standing>`case when properties.is_available = 1 and properties.status = 'available' then 0 else 1 end`;

function inStanding(dialect: Dialect, standing: Standing) {
  if (dialect === "sqlite") return (eb: ExpressionBuilder<Database, "properties">) => eb(standingOf, "=", sql.lit(standing));
  if (standing === 0) return availableNow;
  return (eb: ExpressionBuilder<Database, "properties">) =>
    eb.or([eb("properties.is_available", "<>", sql.lit(1)), eb("properties.status", "<>", sql.lit("available"))]);
}

/** The classes a search's page merges, rentable first. */
export const standingsOf = (c: Pick<SearchFilters, "availableOnly">): Standing[] => (c.availableOnly ? [0] : [0, 1]);

/**
 * The matches' ids, sort keys and standing, in the search's order: no other column, so that they
 * come from the sort's covering index alone (merged branches are ordered by standing, then the keys).
 */
function matching(db: Kysely<Database>, c: SearchFilters, dialect: Dialect, plan: KeywordPlan, standing: Standing) {
  const columns = db
    .selectFrom("properties")
    .select(sortKeys(c).map(([column]) => `properties.${column}` as const))
    .select(sql.lit<Standing>(standing).as("standing"));
  const matches = filtered(columns, c, dialect, plan);
  // With availableOnly the filter already is the class (filtered).
  const classed = c.availableOnly ? matches : matches.where(inStanding(dialect, standing));
  return sorted(classed, c);
}

/**
 * The ids of a search's page. `offset`: the rows before the page; `branchLimit`: offset +
 * LISTING_PAGE_SIZE (each neighbourhood's share).
 */
function pageIdsQuery(db: Kysely<Database>, c: SearchFilters, dialect: Dialect, plan: KeywordPlan, offset: number, branchLimit: number) {
  // The first page, when its offset is known while building (PostgreSQL, decision 0176): no OFFSET.
  const paged = <Q extends { offset(n: number): Q }>(q: Q) => (offset === 0 ? q : q.offset(offset));
  const standings = standingsOf(c);
  if (c.neighbourhoods.length <= 1 && standings.length === 1)
    return paged(matching(db, c, dialect, plan, standings[0]).limit(LISTING_PAGE_SIZE));
  // Several neighbourhoods: `neighbourhood IN (...)` cannot come out of an index in date or price
  // order, so SQLite would sort every listing of those neighbourhoods. Instead each neighbourhood
  // gives its own first rows in order (an index range each) and only those few are merged. Each
  // standing the same (rentable first, decision 0236): a branch reads its index in order, no
  // further than the page's end.
  const places = c.neighbourhoods.length <= 1 ? [c] : c.neighbourhoods.map((n) => ({ ...c, neighbourhoods: [n] }));
  const branches = places.flatMap((place) =>
    standings.map((standing) => db.selectFrom(matching(db, place, dialect, plan, standing).limit(branchLimit).as("branch")).selectAll()),
  );
  const merged = branches.slice(1).reduce((union, branch) => union.unionAll(branch), branches[0]);
  return paged(
    sortKeys(c)
      .reduce(
        (q, [column, direction]) => q.orderBy(`page.${column}`, direction),
        db.selectFrom(merged.as("page")).selectAll().orderBy("page.standing"),
      )
      .limit(LISTING_PAGE_SIZE),
  );
}

/** Whether a search's page merges branches (pageIdsQuery), whose limit is then the page's end. */
export const mergesBranches = (c: Pick<SearchFilters, "availableOnly"> & { neighbourhoods: { length: number } }) =>
  c.neighbourhoods.length > 1 || standingsOf(c).length > 1;

/**
 * A search's page of cards. Its ids come first, from the sort's covering index alone (migration
 * 0033, decision 0166): the filters are tested on index entries, and only the page's 20 rows are
 * read from the table. Reading the table's rows in sort order tested every wide row until the
 * 20th match, 1 500 of them for a filter rare at the cheap end.
 */
export function pageQuery(
  db: Kysely<Database>,
  c: SearchFilters,
  dialect: Dialect,
  plan: KeywordPlan,
  offset: number,
  branchLimit: number,
) {
  // One branch or merged branches: the same columns, of which the page reads its id and standing.
  const ids = (
    pageIdsQuery(db, c, dialect, plan, offset, branchLimit) as unknown as PropertiesQuery<{ id: string; standing: Standing }>
  ).as("page_ids");
  return sorted(
    db.selectFrom(ids).innerJoin("properties", "properties.id", "page_ids.id").select(CARD_COLUMNS).orderBy("page_ids.standing"),
    c,
  );
}

/** Every column a search filters on, for shown listings (migration 0031, decision 0147). */
export const FILTER_COVER_INDEX = "properties_filter_cover_idx";

/** Each sort's covering index (migration 0033, decision 0166), by its first key. */
export const SORT_COVER_INDEX: Record<Exclude<SortColumn, "id">, string> = {
  created_at: "properties_newest_cover_idx",
  monthly_rent: "properties_rent_cover_idx",
  distance_to_campus_m: "properties_distance_cover_idx",
};

/** The listing's own half of being public (not hidden, with a photo); its agent may be anyone (the count's correction takes the unapproved agents out). */
export const notHidden = (eb: ExpressionBuilder<Database, "properties">) => publishableListing(eb);

/**
 * The agents who are not approved (waiting, refused): "before or after 'approved'" rather than "not
 * 'approved'", the same agents (the status is NOT NULL) read as two ranges of agents_status_idx
 * instead of a scan of every agent (SQLite 89 → 12 µs; PostgreSQL's capped count of room+studio at
 * 100 000 listings and 2 500 agents 0.94 → 0.83 ms, the sixth run of each in psql). APPROVED
 * is a literal, so the kept generic plan reads the two ranges too.
 */
export const unapprovedAgents = (eb: ExpressionBuilder<Database, "properties">) =>
  eb
    .selectFrom("agents")
    .select("agents.user_id")
    .where((a) => a.or([a("agents.verification_status", "<", APPROVED), a("agents.verification_status", ">", APPROVED)]));

export function keywordCountQuery(
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
export function countIndex(c: SearchFilters): { index: string; column: "distance_to_campus_m" | "monthly_rent" | "agent_id" } {
  if (c.maxDistanceM !== null) return { index: SORT_COVER_INDEX.distance_to_campus_m, column: "distance_to_campus_m" };
  if (c.minRent !== null || c.maxRent !== null) return { index: SORT_COVER_INDEX.monthly_rent, column: "monthly_rent" };
  return { index: FILTER_COVER_INDEX, column: "agent_id" };
}

/** The values of a search, by the name its prepared queries give their placeholders. */
export interface SearchValues extends Record<string, unknown> {
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
export interface SearchShape {
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

export interface PreparedSearch {
  keyword: boolean;
  /** Its page merges branches (mergesBranches): their limit is the page's end. */
  mergesBranches: boolean;
  dialect: Dialect;
  shape: string;
  values: SearchValues;
}

export function prepareSearch(c: ListingSearchCriteria, dialect: Dialect, plan: KeywordPlan): PreparedSearch {
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
  return { keyword: c.keyword !== null, mergesBranches: mergesBranches(c), dialect, shape: JSON.stringify(shape), values };
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
export function withLimit(shape: string, limit: number): string {
  return `${shape}\n${limit}`;
}

/**
 * A search query built and compiled once per shape (infrastructure/db/prepared-query.ts): Kysely's
 * building and compiling was a quarter of a search's CPU, the database's own work the rest.
 * `limit`: the limit withLimit put in the shape, else undefined (a placeholder is used).
 */
export function preparedSearch<Row>(
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

export const preparedKeywordCount = preparedSearch((db, c, shape, slot, limit) =>
  keywordCountQuery(db, c, shape.dialect, shape.plan, limit ?? slot("cap")),
);
