// Which listings the public sees (search, home, map, an agent's page, the sitemap, a property page
// for visitors): the one rule, written here (issue 33, decision 0231). A listing is public when
//  - no admin hid it,
//  - it has at least one photo (a new listing without one waits, and so does one whose last photo
//    was deleted),
//  - and its agent's listings are offered (owner-standing.ts: approved, an agent, not suspended).
// The stores turn PUBLIC_LISTING into their WHERE; the photo count is stored on the listing
// (properties.photo_count, kept by the database when a photo is added or deleted), so the test is a
// column of the indexes the searches already read, not a count of photos per listing.
import { LISTING_AGENT_STATUS } from "../accounts/owner-standing";

export const PUBLIC_LISTING = {
  hidden: false,
  /** At least this many photos. */
  minPhotos: 1,
  agentStatus: LISTING_AGENT_STATUS,
} as const;

/** What the listing's own half of the rule reads (the agent's half is the stores' join). */
export interface PublicationFacts {
  hidden: boolean;
  photoCount: number;
}

/** The listing itself may be shown: not hidden, and with its photo. */
export function listingIsPublishable(listing: PublicationFacts): boolean {
  return listing.hidden === PUBLIC_LISTING.hidden && !needsPhotoToPublish(listing.photoCount);
}

/** The listing waits for a photo before anyone but its owner and the admins sees it. */
export const needsPhotoToPublish = (photoCount: number): boolean => photoCount < PUBLIC_LISTING.minPhotos;
