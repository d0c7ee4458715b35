// The read side of the guest-house pages. Guest houses can always be viewed (SPEC §6): every
// guest house is listed, with a badge when its host is verified.
import type { GuestHouseCriteria } from "./guest-house-criteria";
import type { GuestHouseCard, GuestHouseDetail, GuestHouseNeighbourhood } from "./guest-house-read-models";

export interface GuestHouseCatalogue {
  /** Newest first, or cheapest first (ties: newest); only the neighbourhood asked for, if any. */
  listGuestHouses(criteria: GuestHouseCriteria): Promise<GuestHouseCard[]>;
  /** Null for an unknown id. */
  findGuestHouse(id: string): Promise<GuestHouseDetail | null>;
  /** The neighbourhoods that have guest houses, alphabetically, with how many each. */
  neighbourhoods(): Promise<GuestHouseNeighbourhood[]>;
}

/** The list has no pages yet: Buea has a few dozen guest houses. A safety cap, not a page size. */
export const GUEST_HOUSE_LIST_LIMIT = 100;
