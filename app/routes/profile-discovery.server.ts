// What the profile page shows from the listings, engagement and alerts modules: the wishlist, the recently viewed
// listings, the recent searches, saved searches (alerts) and recommendations from the 6 latest views.
// The profile route calls this once in its loader and passes each part to its section.
import type { AppLoadContext } from "@remix-run/node";
import { listWishlistIds } from "#domain/engagement/wishlist.queries";
import { listSearchHistory, listViewHistory, recommendationSeeds } from "#domain/engagement/history.queries";
import { listSavedSearches } from "#domain/alerts/saved-searches.queries";
import { parseListingSearch } from "#domain/listings/listing-search";

const RECOMMENDED_COUNT = 6;

export async function loadProfileDiscovery(context: AppLoadContext, userId: string) {
  const { listings, engagement, alerts } = context.services;
  const [wishlistIds, views, searches, saved] = await Promise.all([
    listWishlistIds(engagement, userId),
    listViewHistory(engagement, userId),
    listSearchHistory(engagement, userId),
    listSavedSearches(alerts, userId),
  ]);
  // The history just read holds the recommendations' seed: one read of it, not two.
  const seedIds = recommendationSeeds(views);
  const [wishlist, viewed, recommended] = await Promise.all([
    listings.search.listingsByIds(wishlistIds),
    listings.search.listingsByIds(views.map((v) => v.propertyId)),
    listings.search.recommendedFor(seedIds, RECOMMENDED_COUNT),
  ]);
  // A search is shown by what it asked for; the page formats it in the reader's language.
  const describe = (query: string) => ({ query, criteria: parseListingSearch(new URLSearchParams(query)) });
  return {
    wishlist,
    viewHistory: viewed,
    searchHistory: searches.map((s) => ({ ...describe(s.query), searchedAt: s.searchedAt.toISOString() })),
    savedSearches: saved.map((s) => ({ id: s.id, ...describe(s.query), createdAt: s.createdAt.toISOString() })),
    recommended,
  };
}

export type ProfileDiscovery = Awaited<ReturnType<typeof loadProfileDiscovery>>;
