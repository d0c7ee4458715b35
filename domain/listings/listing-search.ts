// What a student can ask of the listings page, as it travels in the URL.
// Parsing is forgiving on purpose: a hand-edited or stale shared link still shows listings,
// it just loses the part we do not understand. Nothing here throws.
import { searchText } from "../shared/text";
import { NEIGHBOURHOODS, PROPERTY_TYPES, type Neighbourhood, type PropertyType } from "./buea";

export const LISTING_PAGE_SIZE = 20;

export const LISTING_SORTS = ["newest", "price_asc", "price_desc", "nearest"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_LISTING_SORT: ListingSort = "newest";

/** Walking-distance choices offered on the page, in metres to the University of Buea main gate. */
export const NEAR_CAMPUS_OPTIONS_M = [500, 1000, 2000, 5000] as const;
export type NearCampusOption = (typeof NEAR_CAMPUS_OPTIONS_M)[number];

export const AMENITIES = [
  "furnished",
  "toiletInside",
  "showerInside",
  "waterSupply",
  "prepaidMeter",
  "wifi",
  "security",
  "parking",
] as const;
export type Amenity = (typeof AMENITIES)[number];

/** The short names used in the URL, so shared links stay readable. */
export const AMENITY_PARAMS: Record<Amenity, string> = {
  furnished: "furnished",
  toiletInside: "toilet",
  showerInside: "shower",
  waterSupply: "water",
  prepaidMeter: "meter",
  wifi: "wifi",
  security: "security",
  parking: "parking",
};

/** Upper bounds that keep a typo (an extra zero or ten) from producing nonsense queries. */
export const MAX_RENT_XAF = 10_000_000;
export const MAX_BEDROOMS = 10;
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_PAGE = 1000;

export interface ListingSearchCriteria {
  /** Any of these; empty means every neighbourhood. Kept in NEIGHBOURHOODS order. */
  neighbourhoods: Neighbourhood[];
  /** Monthly rent bounds in XAF, inclusive. */
  minRent: number | null;
  maxRent: number | null;
  /** Any of these; empty means every type. Kept in PROPERTY_TYPES order. */
  propertyTypes: PropertyType[];
  /** At least this many bedrooms. */
  minBedrooms: number | null;
  /** Every one of these is required. Kept in AMENITIES order. */
  amenities: Amenity[];
  maxDistanceM: NearCampusOption | null;
  verifiedOnly: boolean;
  availableOnly: boolean;
  /** Words searched in title and description, trimmed, single-spaced. */
  keyword: string | null;
  sort: ListingSort;
  /** 1-based. */
  page: number;
}

export const emptyListingSearch = (): ListingSearchCriteria => ({
  neighbourhoods: [],
  minRent: null,
  maxRent: null,
  propertyTypes: [],
  minBedrooms: null,
  amenities: [],
  maxDistanceM: null,
  verifiedOnly: false,
  availableOnly: false,
  keyword: null,
  sort: DEFAULT_LISTING_SORT,
  page: 1,
});

// HTML checkboxes without a value attribute submit "on"; our own links use "1".
const TRUE_VALUES = new Set(["1", "true", "on", "yes"]);
const isOn = (params: URLSearchParams, name: string) => params.getAll(name).some((v) => TRUE_VALUES.has(v.trim().toLowerCase()));

/** A whole number in [min, max]; amounts may be typed "40 000", "40,000" or "40.000". */
function wholeNumber(raw: string | null, min: number, max: number, { amount = false } = {}): number | null {
  if (raw === null) return null;
  const cleaned = amount ? raw.replace(/[\s,._]/g, "") : raw.trim();
  if (!/^\d{1,9}$/.test(cleaned)) return null;
  const n = Number.parseInt(cleaned, 10);
  return n >= min && n <= max ? n : null;
}

/** The first value of a repeated parameter that passes `parse`. */
function firstValid<T>(params: URLSearchParams, name: string, parse: (raw: string) => T | null): T | null {
  for (const raw of params.getAll(name)) {
    const value = parse(raw);
    if (value !== null) return value;
  }
  return null;
}

/** Values from a fixed list, matched case-insensitively, deduplicated, in the list's order. */
function pickFrom<T extends string>(allowed: readonly T[], raw: string[]): T[] {
  const wanted = new Set(raw.map((v) => v.trim().toLowerCase()));
  return allowed.filter((a) => wanted.has(a.toLowerCase()));
}

/** The keyword as searched: control characters dropped (a NUL would make PostgreSQL throw), single-spaced, bounded. */
export function normaliseKeyword(raw: string): string | null {
  return searchText(raw, MAX_KEYWORD_LENGTH);
}

export function parseListingSearch(params: URLSearchParams): ListingSearchCriteria {
  let minRent = firstValid(params, "min", (v) => wholeNumber(v, 0, MAX_RENT_XAF, { amount: true }));
  let maxRent = firstValid(params, "max", (v) => wholeNumber(v, 0, MAX_RENT_XAF, { amount: true }));
  // Someone who typed the bounds the wrong way round still means the range between them.
  if (minRent !== null && maxRent !== null && minRent > maxRent) [minRent, maxRent] = [maxRent, minRent];
  // 0 is no bound at all: keep the URL canonical.
  if (minRent === 0) minRent = null;

  const beds = firstValid(params, "beds", (v) => wholeNumber(v, 0, MAX_BEDROOMS));
  const near = firstValid(params, "near", (v) => {
    const n = wholeNumber(v, 0, 100_000);
    return NEAR_CAMPUS_OPTIONS_M.find((o) => o === n) ?? null;
  });
  const sort = firstValid(params, "sort", (v) => LISTING_SORTS.find((s) => s === v.trim().toLowerCase()) ?? null);
  const page = firstValid(params, "page", (v) => wholeNumber(v, 1, MAX_PAGE));

  return {
    neighbourhoods: pickFrom(NEIGHBOURHOODS, params.getAll("n")),
    minRent,
    maxRent,
    propertyTypes: pickFrom(PROPERTY_TYPES, params.getAll("type")),
    minBedrooms: beds === 0 ? null : beds,
    amenities: AMENITIES.filter((a) => isOn(params, AMENITY_PARAMS[a])),
    maxDistanceM: near,
    verifiedOnly: isOn(params, "verified"),
    availableOnly: isOn(params, "available"),
    keyword: firstValid(params, "q", normaliseKeyword),
    sort: sort ?? DEFAULT_LISTING_SORT,
    page: page ?? 1,
  };
}

/**
 * The criteria back as URL parameters, always in the same order and without defaults,
 * so equal searches give equal URLs (shareable, cacheable) and pagination links only differ by `page`.
 */
export function listingSearchToParams(criteria: ListingSearchCriteria): URLSearchParams {
  const p = new URLSearchParams();
  if (criteria.keyword) p.append("q", criteria.keyword);
  for (const n of NEIGHBOURHOODS) if (criteria.neighbourhoods.includes(n)) p.append("n", n);
  for (const t of PROPERTY_TYPES) if (criteria.propertyTypes.includes(t)) p.append("type", t);
  if (criteria.minRent !== null && criteria.minRent > 0) p.append("min", String(criteria.minRent));
  if (criteria.maxRent !== null) p.append("max", String(criteria.maxRent));
  if (criteria.minBedrooms !== null && criteria.minBedrooms > 0) p.append("beds", String(criteria.minBedrooms));
  for (const a of AMENITIES) if (criteria.amenities.includes(a)) p.append(AMENITY_PARAMS[a], "1");
  if (criteria.maxDistanceM !== null) p.append("near", String(criteria.maxDistanceM));
  if (criteria.verifiedOnly) p.append("verified", "1");
  if (criteria.availableOnly) p.append("available", "1");
  if (criteria.sort !== DEFAULT_LISTING_SORT) p.append("sort", criteria.sort);
  if (criteria.page > 1) p.append("page", String(criteria.page));
  return p;
}
