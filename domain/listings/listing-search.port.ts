// The read side of the discovery pages: listings, a listing's detail, and the lists around them.
// Every method shows only what students may see (not hidden, agent approved), except
// listingsForAgent, which is the agent's own portal.
import type { ListingSearchCriteria } from "./listing-search";
import type {
  AgentPropertyCard,
  ListingPage,
  NeighbourhoodCount,
  PropertyCard,
  PropertyDetail,
  PropertyWithSimilar,
  SimilarTo,
} from "./listing-read-models";

/** How many viewed listings feed the recommendations (the spec: "6 latest viewed"). */
export const RECOMMENDATION_HISTORY_SIZE = 6;
/** Rent within ±30 % counts as similar. */
export const SIMILAR_RENT_RATIO = 0.3;

export interface ListingSearch {
  /**
   * A page of matches: listings open for a visit now (BOOKABLE_PROPERTY's status and availability)
   * first, then the others, each group in the criteria's sort (decision 0236).
   */
  searchListings(criteria: ListingSearchCriteria): Promise<ListingPage>;
  /** Null for an unknown id, a hidden listing, or one whose agent is not approved. */
  findPropertyDetail(id: string): Promise<PropertyDetail | null>;
  /**
   * A listing's page: its detail and its `similarCount` most similar listings (as similarListings),
   * read together once the listing is found. Null as findPropertyDetail.
   */
  findPropertyPage(id: string, similarCount: number): Promise<PropertyWithSimilar | null>;
  /** Available listings in the same neighbourhood or of the same type, rent within ±30 %, closest rent first. */
  similarListings(property: SimilarTo, limit?: number): Promise<PropertyCard[]>;
  /** Verified, available, newest first. */
  featuredListings(limit: number): Promise<PropertyCard[]>;
  /** Visible available listings per neighbourhood, every neighbourhood of Buea listed (0 included). */
  neighbourhoodCounts(): Promise<NeighbourhoodCount[]>;
  /** For wishlists and history: the visible ones, in the order given. */
  listingsByIds(ids: readonly string[]): Promise<PropertyCard[]>;
  /** `viewedPropertyIds` newest first; only the first 6 count. Never returns a viewed listing. */
  recommendedFor(viewedPropertyIds: readonly string[], limit: number): Promise<PropertyCard[]>;
  /** The agent's own listings, hidden ones included, newest first. */
  listingsForAgent(agentId: string): Promise<AgentPropertyCard[]>;
}
