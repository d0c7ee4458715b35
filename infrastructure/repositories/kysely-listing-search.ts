// The listings read side on SQLite and PostgreSQL. Every list is one query for the rows, plus one
// for their first photos; a search adds one capped count. See docs/decisions/0104-listing-search.md.
// The search's SQL is in listing-search/: shared.ts (both engines), sqlite.ts, postgres.ts; this
// file chooses between them and holds the property page's reads.
import { SqliteAdapter, sql, type CompiledQuery, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Dialect } from "../db/connection";
import { NEIGHBOURHOODS, PROPERTY_TYPES, type PropertyType } from "#domain/listings/buea";
import { LISTING_PAGE_SIZE, type ListingSearchCriteria } from "#domain/listings/listing-search";
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
import { CARD_COLUMNS, type CardRow, availableNow, toCard, toPhoto, visibleToStudents, withFirstPhotos } from "./kysely-property-cards";
import { findAgentCard } from "./kysely-agent-directory";
import { preparedQuery } from "../db/prepared-query";
import {
  pageQuery,
  prepareSearch,
  preparedKeywordCount,
  preparedSearch,
  withLimit,
  type KeywordPlan,
  type PreparedSearch,
  type PropertiesQuery,
} from "./listing-search/shared";
import {
  explainSqlite,
  keywordPlan,
  preparedAnyAgentCount,
  preparedUnapprovedMatches,
  sameTypeElsewhereByTypeIndex,
  sqlitePageQuery,
} from "./listing-search/sqlite";
import { explainGenericPlan, explainPostgres, preparedPostgresCount } from "./listing-search/postgres";

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
 * A page's shape. SQLite: with its branches' limit when several neighbourhoods' or standings' pages
 * are merged (pageIdsQuery). PostgreSQL: the first page's own, with its limits written out and no offset, so
 * that its generic plan sees them (decision 0176); a later page binds its offset and branches' limit.
 */
function pageShape(search: PreparedSearch): string {
  const { offset, branchLimit } = search.values;
  if (search.dialect === "postgres") return offset === 0 ? withLimit(search.shape, branchLimit) : search.shape;
  return search.mergesBranches ? withLimit(search.shape, branchLimit) : search.shape;
}

const preparedPage = preparedSearch((db, c, shape, slot, limit) =>
  shape.dialect === "sqlite"
    ? sqlitePageQuery(db, c, shape, slot("offset"), limit ?? slot("branchLimit"))
    : // A limit in the shape is the first page's (pageShape): its offset is 0.
      pageQuery(db, c, shape.dialect, shape.plan, limit === undefined ? slot("offset") : 0, limit ?? slot("branchLimit")),
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

export class KyselyListingSearch implements ListingSearch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async searchListings(criteria: ListingSearchCriteria): Promise<ListingPage> {
    const plan = await keywordPlan(this.db, this.dialect, criteria.keyword);
    const search = prepareSearch(criteria, this.dialect, plan);
    const { offset } = search.values;
    const rows = await this.pageRows(criteria, search, plan);
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

  /**
   * A search's page of rows, rentable listings first (decision 0236). The page is read first among
   * the listings open for a visit now alone ("available now only": one index range, stopped at
   * the page's end); only a page they do not fill (the last of them, or past them) merges both
   * standings. Merging on every page read each standing's range up to the page's end and doubled
   * a search's cost at 100 000 listings (bench/RESULTS.md), for first pages that are all rentable.
   */
  private async pageRows(criteria: ListingSearchCriteria, search: PreparedSearch, plan: KeywordPlan) {
    const read = async (s: PreparedSearch) => (await this.db.executeQuery(preparedPage(this.db, s.values, pageShape(s)))).rows;
    if (criteria.availableOnly) return read(search);
    const rentable = await read(prepareSearch({ ...criteria, availableOnly: true }, this.dialect, plan));
    return rentable.length === LISTING_PAGE_SIZE ? rentable : read(search);
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
      .select([...CARD_COLUMNS, "properties.hidden_at", "properties.updated_at", "properties.photo_count"])
      .where("properties.agent_id", "=", agentId)
      .orderBy("properties.created_at", "desc")
      .orderBy("properties.id", "desc")
      .execute();
    const cards = await withFirstPhotos(this.db, rows);
    return cards.map((card, i) => ({
      ...card,
      hiddenAt: rows[i].hidden_at,
      updatedAt: rows[i].updated_at,
      photoCount: Number(rows[i].photo_count),
    }));
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
    if (dialect === "sqlite") return explainSqlite(db, compiled);
    return options.generic ? explainGenericPlan(db, compiled) : explainPostgres(db, compiled, options.analyze ?? false);
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
