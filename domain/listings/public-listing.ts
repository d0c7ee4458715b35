// Which listings the public sees (search, home, map, an agent's page, the sitemap, a property page
// for visitors): the one rule, written here (issue 33, decision 0231). A listing is public when
//  - no admin hid it,
//  - it has at least one photo (a new listing without one waits, and so does one whose last photo
//    was deleted),
//  - and its agent's listings are offered (owner-standing.ts: approved, an agent, not suspended).
// The stores turn PUBLIC_LISTING into their WHERE; the photo count is stored on the listing
// (properties.photo_count, kept by the database when a photo is added or deleted), so the test is a
// column of the indexes the searches already read, not a count of photos per listing.
import type { AgentStatus } from "../accounts/account.entity";
import { LISTING_AGENT_STATUS } from "../accounts/owner-standing";

export const PUBLIC_LISTING = {
  hidden: false,
  /** At least this many photos. */
  minPhotos: 1,
  agentStatus: LISTING_AGENT_STATUS,
} as const;

export interface PublicationFacts {
  hidden: boolean;
  photoCount: number;
  /** The listing's agent's status, or null when the account has no agent record. */
  agentStatus: AgentStatus | null;
}

/** Why a listing is not public, in the order its owner can act on them. */
export type PublicationBlocker = "no_photo" | "hidden" | "agent_not_offered";

/** The listing itself may be shown: not hidden, and with its photo. The agent's half is theirs. */
export function listingIsPublishable(listing: Pick<PublicationFacts, "hidden" | "photoCount">): boolean {
  return listing.hidden === PUBLIC_LISTING.hidden && listing.photoCount >= PUBLIC_LISTING.minPhotos;
}

export function publicationBlockers(listing: PublicationFacts): PublicationBlocker[] {
  const blockers: PublicationBlocker[] = [];
  if (listing.photoCount < PUBLIC_LISTING.minPhotos) blockers.push("no_photo");
  if (listing.hidden !== PUBLIC_LISTING.hidden) blockers.push("hidden");
  if (listing.agentStatus !== PUBLIC_LISTING.agentStatus) blockers.push("agent_not_offered");
  return blockers;
}

export const isPublicListing = (listing: PublicationFacts): boolean => publicationBlockers(listing).length === 0;

/** The listing waits for a photo before anyone but its owner and the admins sees it. */
export const needsPhotoToPublish = (photoCount: number): boolean => photoCount < PUBLIC_LISTING.minPhotos;
