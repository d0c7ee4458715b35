// What the discovery pages show. Read models, not entities: the search reads them straight from
// the database (writes to properties go through the agent portal's use cases).
import type { PropertyStatus, PropertyType } from "./buea";
import type { Amenity } from "./listing-search";

export type Amenities = Record<Amenity, boolean>;

export interface PhotoRef {
  storageKey: string;
  width: number;
  height: number;
  alt: string;
}

/** One listing in a list: what a cheap phone needs to draw a card, and nothing more. */
export interface PropertyCard {
  id: string;
  title: string;
  propertyType: PropertyType;
  neighbourhood: string;
  /** XAF per month. */
  monthlyRent: number;
  /** Months of rent asked in advance. */
  advanceMonths: number;
  bedrooms: number;
  distanceToCampusM: number;
  /** The map point is the neighbourhood's centre, not one the agent set: the distance is approximate (listing-location.ts). */
  locationApproximate: boolean;
  status: PropertyStatus;
  isVerified: boolean;
  isAvailable: boolean;
  amenities: Amenities;
  /** The first photo (lowest position), or null when the listing has none. */
  photo: PhotoRef | null;
  availabilityConfirmedAt: string | null;
  createdAt: string;
}

/** In the agent portal an agent also sees the listings an admin has hidden. */
export interface AgentPropertyCard extends PropertyCard {
  hiddenAt: string | null;
  updatedAt: string;
  photoCount: number;
}

export interface ListingPage {
  items: PropertyCard[];
  /**
   * Matches, counted up to LISTING_COUNT_CAP. When `totalIsCapped` is true there are more:
   * show "1 000+". Counting every match at 100 000 rows would cost more than the page itself.
   */
  total: number;
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
  /** 0 when nothing matched. */
  pageCount: number;
}

/** Counting stops here (see docs/decisions/0104-listing-search.md). */
export const LISTING_COUNT_CAP = 1000;

export interface AgentCard {
  userId: string;
  name: string;
  businessName: string | null;
  verified: boolean;
  /** Average review rating (1 to 5), null without reviews. */
  rating: number | null;
  reviewCount: number;
  /** Listings students can see. */
  listingCount: number;
  phone: string | null;
  /** Digits with the country code, for a wa.me link; null without a phone. */
  whatsapp: string | null;
}

export interface PropertyDetail extends PropertyCard {
  description: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Every photo, in position order. */
  photos: PhotoRef[];
  /** As the agent saved it (JSON); its shape belongs to the booking module. Null when unset or unreadable. */
  visitingHours: unknown;
  updatedAt: string;
  agent: AgentCard;
}

/** A listing's page: its detail and the listings most like it. */
export interface PropertyWithSimilar {
  property: PropertyDetail;
  similar: PropertyCard[];
}

export interface NeighbourhoodCount {
  neighbourhood: string;
  count: number;
}

/** What `similarListings` needs to know about the listing being viewed. */
export type SimilarTo = Pick<PropertyCard, "id" | "neighbourhood" | "propertyType" | "monthlyRent">;
