// What a visitor can ask of the guest-house list, as it travels in the URL (?n=Molyko&sort=price_asc).
// Forgiving like the listings search: what is not understood is dropped, nothing throws.

export const GUEST_HOUSE_SORTS = ["newest", "price_asc"] as const;
export type GuestHouseSort = (typeof GUEST_HOUSE_SORTS)[number];
export const DEFAULT_GUEST_HOUSE_SORT: GuestHouseSort = "newest";
export const MAX_NEIGHBOURHOOD_LENGTH = 60;

export interface GuestHouseCriteria {
  /** One neighbourhood, or null for all of them. */
  neighbourhood: string | null;
  sort: GuestHouseSort;
}

const isSort = (value: string | null): value is GuestHouseSort =>
  value !== null && (GUEST_HOUSE_SORTS as readonly string[]).includes(value);

export function parseGuestHouseCriteria(params: URLSearchParams): GuestHouseCriteria {
  const raw = (params.get("n") ?? "").replace(/\s+/g, " ").trim();
  const sort = params.get("sort");
  return {
    neighbourhood: raw !== "" && raw.length <= MAX_NEIGHBOURHOOD_LENGTH ? raw : null,
    sort: isSort(sort) ? sort : DEFAULT_GUEST_HOUSE_SORT,
  };
}

/** The canonical query string: defaults left out, always in the same order. */
export function guestHouseCriteriaToParams(criteria: GuestHouseCriteria): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.neighbourhood) params.set("n", criteria.neighbourhood);
  if (criteria.sort !== DEFAULT_GUEST_HOUSE_SORT) params.set("sort", criteria.sort);
  return params;
}
