import { sql, type Kysely } from "kysely";
import type { NewListingFinder, NewListingMatch } from "#domain/alerts/new-listing-finder.port";
import { parseListingSearch } from "#domain/listings/listing-search";
import type { Database } from "../db/schema";
import { likePattern } from "./listing-search/shared";
import { AMENITY_COLUMNS, availableNow, visibleToStudents } from "./kysely-property-cards";

/**
 * New listings for a saved search. The query string is read by the listings page's own parser and
 * the visibility rule is the page's own, so an alert never announces a listing the page would not
 * show; the where-clauses are ours, with created_at > since, and only listings open for a visit.
 */
export class KyselyNewListingFinder implements NewListingFinder {
  constructor(private readonly db: Kysely<Database>) {}

  async findNewMatches(queryString: string, since: Date, limit: number): Promise<NewListingMatch[]> {
    const c = parseListingSearch(new URLSearchParams(queryString));
    let q = this.db
      .selectFrom("properties")
      .select(["properties.id", "properties.title", "properties.monthly_rent", "properties.neighbourhood"])
      .where(visibleToStudents)
      .where(availableNow)
      .where("properties.created_at", ">", since.toISOString());
    if (c.neighbourhoods.length > 0) q = q.where("properties.neighbourhood", "in", c.neighbourhoods);
    if (c.propertyTypes.length > 0) q = q.where("properties.property_type", "in", c.propertyTypes);
    if (c.minRent !== null) q = q.where("properties.monthly_rent", ">=", c.minRent);
    if (c.maxRent !== null) q = q.where("properties.monthly_rent", "<=", c.maxRent);
    if (c.minBedrooms !== null) q = q.where("properties.bedrooms", ">=", c.minBedrooms);
    for (const a of c.amenities) q = q.where(`properties.${AMENITY_COLUMNS[a]}`, "=", 1);
    if (c.maxDistanceM !== null) q = q.where("properties.distance_to_campus_m", "<=", c.maxDistanceM);
    if (c.verifiedOnly) q = q.where("properties.is_verified", "=", 1);
    if (c.keyword) {
      const pattern = likePattern(c.keyword);
      q = q.where(sql<boolean>`lower(properties.title) like lower(${pattern}) escape '\\'`);
    }
    const rows = await q.orderBy("properties.created_at", "desc").orderBy("properties.id", "desc").limit(limit).execute();
    return rows.map((r) => ({ id: r.id, title: r.title, monthlyRent: r.monthly_rent, neighbourhood: r.neighbourhood }));
  }
}
