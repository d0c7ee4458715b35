// The listings read side on SQLite and PostgreSQL. Every list is one query for the rows, plus one
// for their first photos; a search adds one capped count. See docs/decisions/0104-listing-search.md.
import { CompiledQuery, sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "../db/schema";
import type { Dialect } from "../db/connection";
import { NEIGHBOURHOODS } from "../../domain/listings/buea";
import { LISTING_PAGE_SIZE, type ListingSearchCriteria } from "../../domain/listings/listing-search";
import {
  LISTING_COUNT_CAP,
  type AgentPropertyCard,
  type ListingPage,
  type NeighbourhoodCount,
  type PropertyCard,
  type PropertyDetail,
  type SimilarTo,
} from "../../domain/listings/listing-read-models";
import {
  RECOMMENDATION_HISTORY_SIZE,
  SIMILAR_RENT_RATIO,
  type ListingSearch,
} from "../../domain/listings/listing-search.port";
import {
  AMENITY_COLUMNS,
  CARD_COLUMNS,
  availableNow,
  toCard,
  toPhoto,
  visibleToStudents,
  withFirstPhotos,
} from "./kysely-property-cards";
import { findAgentCard } from "./kysely-agent-directory";

type PropertiesQuery<O> = SelectQueryBuilder<Database, "properties", O>;

/** `%` and `_` typed by a student are letters, not wildcards. The escape character is `\`. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause of a search: visibility plus every filter in the criteria. */
function filtered<O>(query: PropertiesQuery<O>, c: ListingSearchCriteria): PropertiesQuery<O> {
  let q = query.where(visibleToStudents);
  if (c.neighbourhoods.length > 0) q = q.where("properties.neighbourhood", "in", c.neighbourhoods);
  if (c.propertyTypes.length > 0) q = q.where("properties.property_type", "in", c.propertyTypes);
  if (c.minRent !== null) q = q.where("properties.monthly_rent", ">=", c.minRent);
  if (c.maxRent !== null) q = q.where("properties.monthly_rent", "<=", c.maxRent);
  if (c.minBedrooms !== null) q = q.where("properties.bedrooms", ">=", c.minBedrooms);
  for (const a of c.amenities) q = q.where(`properties.${AMENITY_COLUMNS[a]}`, "=", 1);
  if (c.maxDistanceM !== null) q = q.where("properties.distance_to_campus_m", "<=", c.maxDistanceM);
  if (c.verifiedOnly) q = q.where("properties.is_verified", "=", 1);
  if (c.availableOnly) q = q.where(availableNow);
  if (c.keyword) {
    // lower() on both sides: SQLite's LIKE ignores ASCII case only and PostgreSQL's LIKE never does.
    const pattern = likePattern(c.keyword);
    q = q.where(
      sql<boolean>`(lower(properties.title) like lower(${pattern}) escape '\\' or lower(properties.description) like lower(${pattern}) escape '\\')`,
    );
  }
  return q;
}

type SortColumn = "created_at" | "monthly_rent" | "distance_to_campus_m" | "id";
type SortKey = readonly [SortColumn, "asc" | "desc"];

/** Every sort ends on id, so pages never overlap or skip rows that tie. */
function sortKeys(c: ListingSearchCriteria): SortKey[] {
  switch (c.sort) {
    case "price_asc":
      return [["monthly_rent", "asc"], ["id", "asc"]];
    case "price_desc":
      return [["monthly_rent", "desc"], ["id", "desc"]];
    case "nearest":
      return [["distance_to_campus_m", "asc"], ["id", "asc"]];
    case "newest":
      return [["created_at", "desc"], ["id", "desc"]];
  }
}

function sorted<O>(query: PropertiesQuery<O>, c: ListingSearchCriteria): PropertiesQuery<O> {
  return sortKeys(c).reduce((q, [column, direction]) => q.orderBy(`properties.${column}`, direction), query);
}

const cardsMatching = (db: Kysely<Database>, c: ListingSearchCriteria) =>
  sorted(filtered(db.selectFrom("properties").select(CARD_COLUMNS), c), c);

function pageQuery(db: Kysely<Database>, c: ListingSearchCriteria) {
  const offset = (c.page - 1) * LISTING_PAGE_SIZE;
  if (c.neighbourhoods.length <= 1) return cardsMatching(db, c).limit(LISTING_PAGE_SIZE).offset(offset);
  // Several neighbourhoods: `neighbourhood IN (...)` cannot come out of an index in date or price
  // order, so SQLite would sort every listing of those neighbourhoods. Instead each neighbourhood
  // gives its own first rows in order (an index range each) and only those few are merged.
  const branches = c.neighbourhoods.map((n) =>
    db
      .selectFrom(cardsMatching(db, { ...c, neighbourhoods: [n] }).limit(offset + LISTING_PAGE_SIZE).as("branch"))
      .selectAll(),
  );
  const merged = branches.slice(1).reduce((union, branch) => union.unionAll(branch), branches[0]);
  return sortKeys(c)
    .reduce((q, [column, direction]) => q.orderBy(`page.${column}`, direction), db.selectFrom(merged.as("page")).selectAll())
    .limit(LISTING_PAGE_SIZE)
    .offset(offset);
}

/** Counts matches, but stops at LISTING_COUNT_CAP + 1: enough to say "1 000+". */
function countQuery(db: Kysely<Database>, c: ListingSearchCriteria) {
  const matches = filtered(db.selectFrom("properties").select(sql<number>`1`.as("one")), c).limit(LISTING_COUNT_CAP + 1);
  return db.selectFrom(matches.as("matches")).select((eb) => eb.fn.countAll<number>().as("n"));
}

export class KyselyListingSearch implements ListingSearch {
  constructor(private readonly db: Kysely<Database>) {}

  async searchListings(criteria: ListingSearchCriteria): Promise<ListingPage> {
    const offset = (criteria.page - 1) * LISTING_PAGE_SIZE;
    const rows = await pageQuery(this.db, criteria).execute();
    let matches: number;
    if (rows.length > 0 && rows.length < LISTING_PAGE_SIZE) {
      // A short page is the last one: the count is known without asking.
      matches = offset + rows.length;
    } else if (rows.length === 0 && offset === 0) {
      matches = 0;
    } else {
      const counted = await countQuery(this.db, criteria).executeTakeFirstOrThrow();
      matches = Number(counted.n);
    }
    const totalIsCapped = matches > LISTING_COUNT_CAP;
    const total = Math.min(matches, LISTING_COUNT_CAP);
    return {
      items: await withFirstPhotos(this.db, rows),
      total,
      totalIsCapped,
      page: criteria.page,
      pageSize: LISTING_PAGE_SIZE,
      pageCount: Math.ceil(total / LISTING_PAGE_SIZE),
    };
  }

  async findPropertyDetail(id: string): Promise<PropertyDetail | null> {
    const row = await this.db
      .selectFrom("properties")
      .selectAll("properties")
      .where("properties.id", "=", id)
      .where(visibleToStudents)
      .executeTakeFirst();
    if (!row) return null;
    const [photoRows, agent] = await Promise.all([
      this.db
        .selectFrom("photos")
        .select(["photos.storage_key", "photos.width", "photos.height", "photos.alt"])
        .where("photos.owner_type", "=", "property")
        .where("photos.owner_id", "=", id)
        .orderBy("photos.position")
        .orderBy("photos.id")
        .execute(),
      findAgentCard(this.db, row.agent_id),
    ]);
    // visibleToStudents has just checked the agent exists and is approved.
    if (!agent) throw new Error(`Agent ${row.agent_id} of property ${id} vanished`);
    const photos = photoRows.map(toPhoto);
    return {
      ...toCard(row, photos[0] ?? null),
      description: row.description,
      address: row.address,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      photos,
      visitingHours: parseJson(row.visiting_hours),
      updatedAt: row.updated_at,
      agent,
    };
  }

  async similarListings(property: SimilarTo, limit = 4): Promise<PropertyCard[]> {
    const low = Math.floor(property.monthlyRent * (1 - SIMILAR_RENT_RATIO));
    const high = Math.ceil(property.monthlyRent * (1 + SIMILAR_RENT_RATIO));
    const rows = await this.db
      .selectFrom("properties")
      .select(CARD_COLUMNS)
      .where(visibleToStudents)
      .where(availableNow)
      .where("properties.id", "!=", property.id)
      .where("properties.monthly_rent", ">=", low)
      .where("properties.monthly_rent", "<=", high)
      .where((eb) =>
        eb.or([
          eb("properties.neighbourhood", "=", property.neighbourhood),
          eb("properties.property_type", "=", property.propertyType),
        ]),
      )
      // Same place and type first, then same place, then same type; closest rent within each.
      .orderBy(
        sql`case when properties.neighbourhood = ${property.neighbourhood} and properties.property_type = ${property.propertyType} then 0 when properties.neighbourhood = ${property.neighbourhood} then 1 else 2 end`,
      )
      .orderBy(sql`abs(properties.monthly_rent - ${property.monthlyRent})`)
      .orderBy("properties.id")
      .limit(limit)
      .execute();
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
    const rows = await this.db
      .selectFrom("properties")
      .select((eb) => ["properties.neighbourhood", eb.fn.countAll<number>().as("n")])
      .where(visibleToStudents)
      .where(availableNow)
      .groupBy("properties.neighbourhood")
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
    const rows = await this.db
      .selectFrom("properties")
      .select(CARD_COLUMNS)
      .where("properties.id", "in", unique)
      .where(visibleToStudents)
      .execute();
    const cards = new Map((await withFirstPhotos(this.db, rows)).map((c) => [c.id, c]));
    return unique.flatMap((id) => cards.get(id) ?? []);
  }

  async recommendedFor(viewedPropertyIds: readonly string[], limit: number): Promise<PropertyCard[]> {
    const recent = [...new Set(viewedPropertyIds)].slice(0, RECOMMENDATION_HISTORY_SIZE);
    if (recent.length === 0 || limit <= 0) return [];
    // A listing hidden since it was viewed still says what the student is looking for.
    const viewed = await this.db
      .selectFrom("properties")
      .select(["properties.neighbourhood", "properties.property_type", "properties.monthly_rent"])
      .where("properties.id", "in", recent)
      .execute();
    if (viewed.length === 0) return [];
    const rents = viewed.map((v) => Number(v.monthly_rent));
    const low = Math.floor(Math.min(...rents) * (1 - SIMILAR_RENT_RATIO));
    const high = Math.ceil(Math.max(...rents) * (1 + SIMILAR_RENT_RATIO));
    const rows = await this.db
      .selectFrom("properties")
      .select(CARD_COLUMNS)
      .where(visibleToStudents)
      .where(availableNow)
      .where("properties.id", "not in", recent)
      .where("properties.monthly_rent", ">=", low)
      .where("properties.monthly_rent", "<=", high)
      .where((eb) =>
        eb.or([
          eb("properties.neighbourhood", "in", [...new Set(viewed.map((v) => v.neighbourhood))]),
          eb("properties.property_type", "in", [...new Set(viewed.map((v) => v.property_type))]),
        ]),
      )
      .orderBy("properties.created_at", "desc")
      .orderBy("properties.id", "desc")
      .limit(limit)
      .execute();
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
  page: string;
  count: string;
}

/**
 * The plans the database picks for a search's page and count queries, for the benchmark report.
 * `analyze` (PostgreSQL only) runs the queries and adds actual times and row counts.
 */
export async function explainListingSearch(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: ListingSearchCriteria,
  options: { analyze?: boolean } = {},
): Promise<ListingSearchPlan> {
  const explain = async (compiled: CompiledQuery): Promise<string> => {
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
  return {
    page: await explain(pageQuery(db, criteria).compile()),
    count: await explain(countQuery(db, criteria).compile()),
  };
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
