import type { AgentStatus } from "../accounts/account.entity";
import { LISTING_AGENT_STATUS } from "../accounts/owner-standing";
import { parseListingSearch } from "../listings/listing-search";
import type { NewListingFinder, NewListingMatch } from "./new-listing-finder.port";

export interface FinderListing extends NewListingMatch {
  propertyType: string;
  createdAt: Date;
  hidden?: boolean;
  /** The listing's agent's status; approved when absent (owner-standing.ts). */
  agentStatus?: AgentStatus;
}

/**
 * For tests: reads the query string with the listings page's parser and applies the main filters
 * (neighbourhoods, types, rent bounds, keyword in the title), as the Kysely adapter does.
 */
export class InMemoryNewListingFinder implements NewListingFinder {
  readonly listings: FinderListing[] = [];

  put(listing: FinderListing): void {
    this.listings.push(listing);
  }

  async findNewMatches(queryString: string, since: Date, limit: number): Promise<NewListingMatch[]> {
    const c = parseListingSearch(new URLSearchParams(queryString));
    const keyword = c.keyword?.toLowerCase() ?? null;
    return this.listings
      .filter((l) => !l.hidden && (l.agentStatus ?? LISTING_AGENT_STATUS) === LISTING_AGENT_STATUS && l.createdAt > since)
      .filter((l) => c.neighbourhoods.length === 0 || (c.neighbourhoods as string[]).includes(l.neighbourhood))
      .filter((l) => c.propertyTypes.length === 0 || (c.propertyTypes as string[]).includes(l.propertyType))
      .filter((l) => (c.minRent === null || l.monthlyRent >= c.minRent) && (c.maxRent === null || l.monthlyRent <= c.maxRent))
      .filter((l) => keyword === null || l.title.toLowerCase().includes(keyword))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(0, limit)
      .map(({ id, title, monthlyRent, neighbourhood }) => ({ id, title, monthlyRent, neighbourhood }));
  }
}
