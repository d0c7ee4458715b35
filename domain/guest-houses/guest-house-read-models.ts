// What the public guest-house pages show. Read models, not entities: the catalogue reads them
// straight from the database. Booking a guest house and the platform access fee belong to a
// later module; nothing here decides who may book or what it costs.
import type { PhotoRef } from "../listings/listing-read-models";

/** Amenity keys as hosts store them; the app translates them (guest-houses:amenities.<key>). */
export const GUEST_HOUSE_AMENITIES = [
  "wifi",
  "hot_water",
  "breakfast",
  "kitchen",
  "air_conditioning",
  "fan",
  "tv",
  "generator",
  "parking",
  "security",
  "restaurant",
] as const;
export type GuestHouseAmenity = (typeof GUEST_HOUSE_AMENITIES)[number];

export const isGuestHouseAmenity = (value: unknown): value is GuestHouseAmenity =>
  typeof value === "string" && (GUEST_HOUSE_AMENITIES as readonly string[]).includes(value);

/** One guest house in the list: what a cheap phone needs to draw a card. */
export interface GuestHouseCard {
  id: string;
  name: string;
  neighbourhood: string;
  /** XAF per night. */
  nightlyRate: number;
  rooms: number;
  /** Known amenities only, in GUEST_HOUSE_AMENITIES order. */
  amenities: GuestHouseAmenity[];
  /** The host has been verified by KamerNest. */
  verifiedHost: boolean;
  /** Straight-line distance to the University of Buea main gate, in whole metres. */
  distanceToCampusM: number;
  /** The first photo (lowest position), or null when there is none. */
  photo: PhotoRef | null;
  createdAt: string;
}

export interface GuestHouseDetail extends GuestHouseCard {
  description: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Every photo, in position order. */
  photos: PhotoRef[];
  /** Digits with the country code for a wa.me link; null when the stored number is unusable. */
  whatsapp: string | null;
}

export interface GuestHouseNeighbourhood {
  neighbourhood: string;
  count: number;
}
