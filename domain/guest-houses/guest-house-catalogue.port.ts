// The read side of the guest-house pages. Guest houses can always be viewed (SPEC §6), without
// signing in: every house whose host an admin approved is listed (guestHouseVisibility), with the
// "Verified host" badge; other houses are unknown here (null, 404).
import type { GuestHouseCriteria } from "./guest-house-criteria";
import type { GuestHouseCard, GuestHouseDetail, GuestHouseNeighbourhood } from "./guest-house-read-models";

export interface GuestHouseCatalogue {
  /** Newest first, or cheapest first (ties: newest); only the neighbourhood asked for, if any. */
  listGuestHouses(criteria: GuestHouseCriteria): Promise<GuestHouseCard[]>;
  /** Null for an unknown id and for a house that is not public. */
  findGuestHouse(id: string): Promise<GuestHouseDetail | null>;
  /** The neighbourhoods that have guest houses, alphabetically, with how many each. */
  neighbourhoods(): Promise<GuestHouseNeighbourhood[]>;
}

/** The list has no pages yet: Buea has a few dozen guest houses. A safety cap, not a page size. */
export const GUEST_HOUSE_LIST_LIMIT = 100;
