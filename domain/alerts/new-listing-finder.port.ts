export interface NewListingMatch {
  id: string;
  title: string;
  monthlyRent: number;
  neighbourhood: string;
}

/**
 * Listings created after `since` that students may see and that match a saved search's query
 * string (the same parameters as the /listings page), newest first.
 */
export interface NewListingFinder {
  findNewMatches(queryString: string, since: Date, limit: number): Promise<NewListingMatch[]>;
}
