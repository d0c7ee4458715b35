// A property as its agent manages it in the portal, and the rules about its fields.
// The checks here are the only ones: the route's Zod schema imports these limits.
import {
  NEIGHBOURHOODS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  distanceToCampusMetres,
  type PropertyStatus,
  type PropertyType,
} from "../listings/buea";
import { AMENITIES, MAX_BEDROOMS, MAX_RENT_XAF, type Amenity } from "../listings/listing-search";
import type { Amenities } from "../listings/listing-read-models";
import { BUEA_BOUNDS, locateListing, type MapPointInput } from "../listings/listing-location";
import { parseVisitingHours, type VisitingHours } from "../booking/visiting-hours";
import { domainError, err, ok, type Result } from "../shared/result";
import type { PortalError } from "./property-management.errors";

export const MAX_PHOTOS = 10;
/** 8 MB per photo (SPEC: JPEG, PNG or WebP up to 8 MB each). */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
export const TITLE_MIN = 5;
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5000;
export const ADDRESS_MAX = 200;
export const MIN_RENT_XAF = 1000;
export const MAX_ADVANCE_MONTHS = 24;
export const MAX_BATHROOMS = 10;
export const PORTAL_PAGE_SIZE = 10;
export { BUEA_BOUNDS };

export { AMENITIES, MAX_BEDROOMS, MAX_RENT_XAF, NEIGHBOURHOODS, PROPERTY_STATUSES, PROPERTY_TYPES };
export type { Amenity, Amenities, PropertyStatus, PropertyType, VisitingHours };

export interface ManagedPhoto {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  /** 0 is the cover. Positions are 0..n-1 after every change. */
  position: number;
}

/** What the agent types in the property form. */
export interface PropertyDetails {
  title: string;
  description: string;
  propertyType: PropertyType;
  monthlyRent: number;
  advanceMonths: number;
  neighbourhood: string;
  address: string;
  latitude: number;
  longitude: number;
  /** No map point was set: latitude and longitude are the neighbourhood's centre (decision 0205). */
  locationApproximate: boolean;
  bedrooms: number;
  bathrooms: number;
  amenities: Amenities;
  visitingHours: VisitingHours | null;
}

export interface ManagedProperty extends PropertyDetails {
  id: string;
  agentId: string;
  status: PropertyStatus;
  isVerified: boolean;
  isAvailable: boolean;
  /** Set when an admin hid the listing; the agent cannot reopen it. */
  hiddenAt: Date | null;
  availabilityConfirmedAt: Date | null;
  distanceToCampusM: number;
  createdAt: Date;
  updatedAt: Date;
  /** In position order; the first is the cover. */
  photos: ManagedPhoto[];
}

/** One row of My Properties. */
export interface PortalPropertyRow {
  id: string;
  title: string;
  neighbourhood: string;
  monthlyRent: number;
  status: PropertyStatus;
  isVerified: boolean;
  hiddenAt: Date | null;
  availabilityConfirmedAt: Date | null;
  /** Signed-in students' views (view_history). */
  views: number;
  /** Bookings of visits, every status. */
  bookings: number;
  photoCount: number;
  cover: ManagedPhoto | null;
  createdAt: Date;
}

export interface PortalPropertyPage {
  items: PortalPropertyRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** Unverified input as the form delivers it, already typed by the form schema; the map point is optional. */
export type PropertyDetailsInput = Omit<PropertyDetails, "latitude" | "longitude" | "locationApproximate"> & MapPointInput;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const clean = (s: string) => s.trim().replace(/[ \t]+/g, " ");

/** Checks and normalises the form's values; the one place these rules live. */
export function checkPropertyDetails(input: PropertyDetailsInput): Result<PropertyDetails, PortalError> {
  const title = clean(input.title);
  if (title.length < TITLE_MIN || title.length > TITLE_MAX || CONTROL.test(title))
    return err(domainError("portal.invalid_title", { min: TITLE_MIN, max: TITLE_MAX }));
  const description = input.description.trim();
  if (description.length > DESCRIPTION_MAX || CONTROL.test(description))
    return err(domainError("portal.invalid_description", { max: DESCRIPTION_MAX }));
  if (!(PROPERTY_TYPES as readonly string[]).includes(input.propertyType)) return err(domainError("portal.invalid_property_type"));
  if (!Number.isSafeInteger(input.monthlyRent) || input.monthlyRent < MIN_RENT_XAF || input.monthlyRent > MAX_RENT_XAF) {
    return err(domainError("portal.invalid_rent", { min: MIN_RENT_XAF, max: MAX_RENT_XAF }));
  }
  if (!Number.isSafeInteger(input.advanceMonths) || input.advanceMonths < 0 || input.advanceMonths > MAX_ADVANCE_MONTHS) {
    return err(domainError("portal.invalid_advance_months", { max: MAX_ADVANCE_MONTHS }));
  }
  if (!(NEIGHBOURHOODS as readonly string[]).includes(input.neighbourhood)) return err(domainError("portal.invalid_neighbourhood"));
  const address = clean(input.address);
  if (address.length < 3 || address.length > ADDRESS_MAX || CONTROL.test(address))
    return err(domainError("portal.invalid_address", { max: ADDRESS_MAX }));
  const location = locateListing(input.neighbourhood, input);
  if (!location) return err(domainError("portal.invalid_coordinates"));
  if (!Number.isSafeInteger(input.bedrooms) || input.bedrooms < 0 || input.bedrooms > MAX_BEDROOMS)
    return err(domainError("portal.invalid_bedrooms", { max: MAX_BEDROOMS }));
  if (!Number.isSafeInteger(input.bathrooms) || input.bathrooms < 0 || input.bathrooms > MAX_BATHROOMS)
    return err(domainError("portal.invalid_bathrooms", { max: MAX_BATHROOMS }));
  let visitingHours: VisitingHours | null = null;
  if (input.visitingHours) {
    visitingHours = parseVisitingHours(input.visitingHours);
    if (!visitingHours) return err(domainError("portal.invalid_visiting_hours"));
  }
  const amenities = Object.fromEntries(AMENITIES.map((a) => [a, input.amenities[a] === true])) as Amenities;
  return ok({
    title,
    description,
    propertyType: input.propertyType,
    monthlyRent: input.monthlyRent,
    advanceMonths: input.advanceMonths,
    neighbourhood: input.neighbourhood,
    address,
    latitude: location.latitude,
    longitude: location.longitude,
    locationApproximate: location.approximate,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    amenities,
    visitingHours,
  });
}

/**
 * The material-change rule, in one place: a change to the rent, the type or the address (street,
 * neighbourhood or map point) must be checked again by an admin, so the property becomes
 * unverified. Wording, amenities, rooms and hours do not: they are what an agent keeps up to date,
 * and students see them on the visit. Photos do not either (issue 33, decision 0207): an agent adds
 * the photos of a listing after it is checked, often from the visit itself, and a verified listing
 * must not fall back to "awaiting verification" each time. What an admin verifies is that the
 * place exists at that address and rent; a photo that misleads is reported and moderated (hide,
 * unverify) like any other content.
 */
export type PropertyChange =
  | { kind: "details"; before: PropertyDetails; after: PropertyDetails }
  | { kind: "photo_added" }
  | { kind: "photo_deleted" }
  | { kind: "photos_reordered" };

export function isMaterialChange(change: PropertyChange): boolean {
  switch (change.kind) {
    case "photo_added":
    case "photo_deleted":
    case "photos_reordered":
      return false;
    case "details": {
      const { before: b, after: a } = change;
      return (
        b.monthlyRent !== a.monthlyRent ||
        b.propertyType !== a.propertyType ||
        b.address !== a.address ||
        b.neighbourhood !== a.neighbourhood ||
        b.latitude !== a.latitude ||
        b.longitude !== a.longitude
      );
    }
  }
}

/** The verification state after a change: a material one always clears it. */
export const verifiedAfter = (wasVerified: boolean, change: PropertyChange): boolean => wasVerified && !isMaterialChange(change);

/**
 * Status and "open for visits" travel together: the portal's quick buttons set both, so a property
 * marked Booked is not bookable and one marked Available again is.
 */
export const isAvailableFor = (status: PropertyStatus): boolean => status === "available";

/** Statuses that take a listing off the market: the portal asks for confirmation first. */
export const CLOSING_STATUSES: readonly PropertyStatus[] = ["sold", "unavailable", "rented_out"];
export const isClosingStatus = (status: PropertyStatus): boolean => CLOSING_STATUSES.includes(status);

export const isPropertyStatus = (v: unknown): v is PropertyStatus =>
  typeof v === "string" && (PROPERTY_STATUSES as readonly string[]).includes(v);

export const campusDistance = (d: Pick<PropertyDetails, "latitude" | "longitude">): number => distanceToCampusMetres(d);

/** Positions 0..n-1 in the given order. */
export function renumber(photos: readonly ManagedPhoto[]): ManagedPhoto[] {
  return photos.map((p, i) => ({ ...p, position: i }));
}
