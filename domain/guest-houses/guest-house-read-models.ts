// What the public guest-house pages show. Read models, not entities: the catalogue reads them
// straight from the database. Who may book and what it costs live in domain/guest-house-booking
// and domain/guest-house-access.
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
  /** The host's latest verification is approved (guestHouseVisibility's badge). */
  verifiedHost: boolean;
  /** How many guests the house takes. */
  maxGuests: number;
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
  houseRules: string;
  /** The nights the host has blocked, from today on (YYYY-MM-DD, ascending). */
  blockedDates: string[];
  /** Whether the host can be reached (a usable WhatsApp number); the number itself is never shown. */
  contactable: boolean;
}

export interface GuestHouseNeighbourhood {
  neighbourhood: string;
  count: number;
}
