// What a visitor can ask of the guest-house list, as it travels in the URL
// (?n=Molyko&min=5000&max=15000&g=2&a=wifi&a=fan&v=1&from=2026-12-01&to=2026-12-04&sort=price_asc&page=2).
// Forgiving like the listings search: what is not understood is dropped, nothing throws.
import { isCalendarDate } from "../booking/visit-date";
import { searchText } from "../shared/text";
import { GUEST_HOUSE_AMENITIES, isGuestHouseAmenity, type GuestHouseAmenity } from "./guest-house-read-models";

export const GUEST_HOUSE_SORTS = ["newest", "price_asc"] as const;
export type GuestHouseSort = (typeof GUEST_HOUSE_SORTS)[number];
export const DEFAULT_GUEST_HOUSE_SORT: GuestHouseSort = "newest";
export const MAX_NEIGHBOURHOOD_LENGTH = 60;
/** Prices above this are not a guest house in Buea: a bound beyond it is dropped. */
export const MAX_NIGHTLY_PRICE_XAF = 1_000_000;
export const MAX_GUESTS_FILTER = 50;
/** Longest stay the "free on these dates" filter looks at (the booking rule's 30 nights). */
export const MAX_FILTER_NIGHTS = 30;
export const MAX_PAGE = 1000;

export interface GuestHouseCriteria {
  /** One neighbourhood, or null for all of them. */
  neighbourhood: string | null;
  /** Price per night bounds in XAF, inclusive. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Houses that take at least this many guests. */
  guests: number | null;
  /** Every one of these amenities, in GUEST_HOUSE_AMENITIES order. */
  amenities: GuestHouseAmenity[];
  verifiedOnly: boolean;
  /** Free on every night from `from` up to, not including, `to` (both set or both null). */
  dates: { from: string; to: string } | null;
  sort: GuestHouseSort;
  /** 1-based. */
  page: number;
}

const isSort = (value: string | null): value is GuestHouseSort =>
  value !== null && (GUEST_HOUSE_SORTS as readonly string[]).includes(value);

function wholeNumber(raw: string | null, min: number, max: number): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= min && n <= max ? n : null;
}

function nightsBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function parseGuestHouseCriteria(params: URLSearchParams): GuestHouseCriteria {
  // Control characters dropped: a NUL would make PostgreSQL throw (domain/shared/text.ts).
  const raw = searchText(params.get("n"), Number.MAX_SAFE_INTEGER) ?? "";
  const sort = params.get("sort");
  let minPrice = wholeNumber(params.get("min"), 0, MAX_NIGHTLY_PRICE_XAF);
  let maxPrice = wholeNumber(params.get("max"), 0, MAX_NIGHTLY_PRICE_XAF);
  if (minPrice === 0) minPrice = null;
  // Bounds the wrong way round are swapped, as people mean them.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const chosen = new Set(params.getAll("a").filter(isGuestHouseAmenity));
  const from = (params.get("from") ?? "").trim();
  const to = (params.get("to") ?? "").trim();
  const datesOk = isCalendarDate(from) && isCalendarDate(to) && to > from && nightsBetween(from, to) <= MAX_FILTER_NIGHTS;
  return {
    neighbourhood: raw !== "" && raw.length <= MAX_NEIGHBOURHOOD_LENGTH ? raw : null,
    minPrice,
    maxPrice,
    guests: wholeNumber(params.get("g"), 1, MAX_GUESTS_FILTER),
    amenities: GUEST_HOUSE_AMENITIES.filter((a) => chosen.has(a)),
    verifiedOnly: params.get("v") === "1",
    dates: datesOk ? { from, to } : null,
    sort: isSort(sort) ? sort : DEFAULT_GUEST_HOUSE_SORT,
    page: wholeNumber(params.get("page"), 1, MAX_PAGE) ?? 1,
  };
}

/** The canonical query string: defaults left out, always in the same order. */
export function guestHouseCriteriaToParams(criteria: GuestHouseCriteria, options: { page?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.neighbourhood) params.set("n", criteria.neighbourhood);
  if (criteria.minPrice !== null) params.set("min", String(criteria.minPrice));
  if (criteria.maxPrice !== null) params.set("max", String(criteria.maxPrice));
  if (criteria.guests !== null) params.set("g", String(criteria.guests));
  for (const a of criteria.amenities) params.append("a", a);
  if (criteria.verifiedOnly) params.set("v", "1");
  if (criteria.dates) {
    params.set("from", criteria.dates.from);
    params.set("to", criteria.dates.to);
  }
  if (criteria.sort !== DEFAULT_GUEST_HOUSE_SORT) params.set("sort", criteria.sort);
  if (options.page !== false && criteria.page > 1) params.set("page", String(criteria.page));
  return params;
}
