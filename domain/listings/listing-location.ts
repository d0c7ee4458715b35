// Where a listing is on the map (issue 33, decision 0205). Agents and hosts know the street, not
// the latitude: a listing needs only its neighbourhood and address. The map point is optional (set
// by tapping a map or "use my location"); without one the listing stands at its neighbourhood's
// centre, and that point, and the distance to the UB main gate worked out from it, are marked
// approximate wherever they are shown. The one place this rule lives.
import { NEIGHBOURHOOD_CENTRES, NEIGHBOURHOODS, distanceToCampusMetres, type GeoPoint, type Neighbourhood } from "./buea";

/** A map point must lie in and around Buea: a typo (a swapped sign, a missing digit) is refused. */
export const BUEA_BOUNDS = { minLatitude: 3.9, maxLatitude: 4.4, minLongitude: 9.0, maxLongitude: 9.6 } as const;

/** The point as the form sends it: both numbers, or neither (null). */
export interface MapPointInput {
  latitude: number | null;
  longitude: number | null;
}

export interface ListingLocation extends GeoPoint {
  /** True when the point is the neighbourhood's centre, not one the agent or host set. */
  approximate: boolean;
}

export const isNeighbourhood = (v: string): v is Neighbourhood => (NEIGHBOURHOODS as readonly string[]).includes(v);

export const isInBuea = (p: GeoPoint): boolean =>
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude) &&
  p.latitude >= BUEA_BOUNDS.minLatitude &&
  p.latitude <= BUEA_BOUNDS.maxLatitude &&
  p.longitude >= BUEA_BOUNDS.minLongitude &&
  p.longitude <= BUEA_BOUNDS.maxLongitude;

/**
 * The listing's point: the one given when both numbers are (it must lie around Buea), else the
 * neighbourhood's centre, approximate. Null when the point cannot be used: only one of the two
 * numbers, a point far from Buea, or a neighbourhood that is not one of ours.
 */
export function locateListing(neighbourhood: string, point: MapPointInput): ListingLocation | null {
  if (!isNeighbourhood(neighbourhood)) return null;
  const { latitude, longitude } = point;
  if (latitude === null && longitude === null) return { ...NEIGHBOURHOOD_CENTRES[neighbourhood], approximate: true };
  if (latitude === null || longitude === null) return null;
  const given = { latitude, longitude };
  return isInBuea(given) ? { ...given, approximate: false } : null;
}

/** Metres to the UB main gate from the listing's point (approximate when the point is). */
export const campusDistanceOf = (location: GeoPoint): number => distanceToCampusMetres(location);
