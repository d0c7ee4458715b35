// Where things are in Buea. The campus point is the University of Buea main gate, Molyko.
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export const UNIVERSITY_MAIN_GATE: GeoPoint = { latitude: 4.1545, longitude: 9.289 };

export const NEIGHBOURHOODS = [
  "Molyko",
  "Bomaka",
  "Great Soppo",
  "Bonduma",
  "Check Point",
  "Mile 17",
  "Muea",
  "Sandpit",
  "Clerks Quarters",
  "Bokwai",
] as const;
export type Neighbourhood = (typeof NEIGHBOURHOODS)[number];

/** Approximate centre of each neighbourhood, for demo data and maps. */
export const NEIGHBOURHOOD_CENTRES: Record<Neighbourhood, GeoPoint> = {
  Molyko: { latitude: 4.1532, longitude: 9.2905 },
  Bomaka: { latitude: 4.1468, longitude: 9.2995 },
  "Great Soppo": { latitude: 4.1395, longitude: 9.2455 },
  Bonduma: { latitude: 4.1478, longitude: 9.2718 },
  "Check Point": { latitude: 4.1551, longitude: 9.2832 },
  "Mile 17": { latitude: 4.1606, longitude: 9.2991 },
  Muea: { latitude: 4.1762, longitude: 9.3248 },
  Sandpit: { latitude: 4.1509, longitude: 9.2779 },
  "Clerks Quarters": { latitude: 4.1583, longitude: 9.2352 },
  Bokwai: { latitude: 4.1624, longitude: 9.2771 },
};

export const PROPERTY_TYPES = ["room", "studio", "apartment", "house"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_STATUSES = ["available", "booked", "sold", "unavailable", "rented_out"] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in whole metres (haversine). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h)));
}

export const distanceToCampusMetres = (point: GeoPoint): number => distanceMetres(point, UNIVERSITY_MAIN_GATE);
