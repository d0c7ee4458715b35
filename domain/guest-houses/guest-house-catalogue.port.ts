// The read side of the guest-house pages. Guest houses can always be viewed (SPEC §6): every
// public house (guestHouseVisibility) is listed, with a badge when its host is verified.
import type { GuestHouseCriteria } from "./guest-house-criteria";
import type { GuestHouseCard, GuestHouseDetail, GuestHouseNeighbourhood } from "./guest-house-read-models";

export interface GuestHousePage {
  items: GuestHouseCard[];
  /** Every public house that matches, over all pages. */
  total: number;
}

export interface GuestHouseCatalogue {
  /** One page of the public houses that match: newest first, or cheapest first (ties: newest). */
  listGuestHouses(criteria: GuestHouseCriteria): Promise<GuestHousePage>;
  /** Null for an unknown id or a house that is not public. */
  findGuestHouse(id: string): Promise<GuestHouseDetail | null>;
  /** The neighbourhoods that have public guest houses, alphabetically, with how many each. */
  neighbourhoods(): Promise<GuestHouseNeighbourhood[]>;
}

export const GUEST_HOUSE_PAGE_SIZE = 12;
