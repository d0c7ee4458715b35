// A guest house as its host manages it, and the rules about its fields: the only place they
// live (the route's Zod schema imports these limits and only types the fields).
import { normaliseCameroonPhone } from "../accounts/account-rules";
import { GUEST_HOUSE_AMENITIES, isGuestHouseAmenity, type GuestHouseAmenity } from "../guest-houses/guest-house-read-models";
import { NEIGHBOURHOODS } from "../listings/buea";
import { locateListing, type MapPointInput } from "../listings/listing-location";
import { MAX_PHOTOS, MAX_PHOTO_BYTES, type ManagedPhoto } from "../property-management/managed-property.entity";
import { domainError, err, ok, type Result } from "../shared/result";
import type { HostingError } from "./hosting.errors";

export { GUEST_HOUSE_AMENITIES, MAX_PHOTOS, MAX_PHOTO_BYTES, NEIGHBOURHOODS };
export type { GuestHouseAmenity, ManagedPhoto };

export const NAME_MIN = 3;
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 5000;
export const ADDRESS_MAX = 200;
export const HOUSE_RULES_MAX = 3000;
export const MIN_NIGHTLY_RATE_XAF = 1000;
export const MAX_NIGHTLY_RATE_XAF = 1_000_000;
export const MAX_ROOMS = 100;
export const MAX_GUESTS = 200;
/** Blocking works on nights from today up to two years ahead, at most a year at a time. */
export const MAX_BLOCK_NIGHTS = 366;
export const BLOCK_HORIZON_DAYS = 730;

export interface GuestHouseDetails {
  name: string;
  description: string;
  neighbourhood: string;
  address: string;
  latitude: number;
  longitude: number;
  /** No map point was set: latitude and longitude are the neighbourhood's centre (decision 0205). */
  locationApproximate: boolean;
  /** XAF per night. */
  nightlyRate: number;
  rooms: number;
  maxGuests: number;
  /** Known amenities, in GUEST_HOUSE_AMENITIES order. */
  amenities: GuestHouseAmenity[];
  houseRules: string;
  /** +237 and 9 digits. */
  whatsappNumber: string;
}

export interface HostedGuestHouse extends GuestHouseDetails {
  id: string;
  hostId: string;
  createdAt: Date;
  /** In position order; the first is the cover. */
  photos: ManagedPhoto[];
}

/** One booking attempt as the host sees it: the guest's name and the stay, never their phone or e-mail. */
export interface HostBookingAttempt {
  id: string;
  guestHouseId: string;
  guestHouseName: string;
  /** The guest's full name as they gave it; empty when they gave none. */
  guestName: string;
  attemptDate: Date;
  checkIn: string | null;
  checkOut: string | null;
  guests: number | null;
}

/** Unchecked input, as the form delivers it (already typed by its schema). */
export interface GuestHouseDetailsInput
  extends Omit<GuestHouseDetails, "amenities" | "latitude" | "longitude" | "locationApproximate">, MapPointInput {
  amenities: readonly string[];
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const clean = (s: string) => s.trim().replace(/[ \t]+/g, " ");
const intIn = (n: number, min: number, max: number) => Number.isSafeInteger(n) && n >= min && n <= max;

/** Checks and normalises the form's values. */
export function checkGuestHouseDetails(input: GuestHouseDetailsInput): Result<GuestHouseDetails, HostingError> {
  const name = clean(input.name);
  if (name.length < NAME_MIN || name.length > NAME_MAX || CONTROL.test(name))
    return err(domainError("hosting.invalid_name", { min: NAME_MIN, max: NAME_MAX }));
  const description = input.description.trim();
  if (description.length > DESCRIPTION_MAX || CONTROL.test(description))
    return err(domainError("hosting.invalid_description", { max: DESCRIPTION_MAX }));
  if (!(NEIGHBOURHOODS as readonly string[]).includes(input.neighbourhood)) return err(domainError("hosting.invalid_neighbourhood"));
  const address = clean(input.address);
  if (address.length < 3 || address.length > ADDRESS_MAX || CONTROL.test(address))
    return err(domainError("hosting.invalid_address", { max: ADDRESS_MAX }));
  const location = locateListing(input.neighbourhood, input);
  if (!location) return err(domainError("hosting.invalid_coordinates"));
  if (!intIn(input.nightlyRate, MIN_NIGHTLY_RATE_XAF, MAX_NIGHTLY_RATE_XAF))
    return err(domainError("hosting.invalid_rate", { min: MIN_NIGHTLY_RATE_XAF, max: MAX_NIGHTLY_RATE_XAF }));
  if (!intIn(input.rooms, 1, MAX_ROOMS)) return err(domainError("hosting.invalid_rooms", { max: MAX_ROOMS }));
  if (!intIn(input.maxGuests, 1, MAX_GUESTS)) return err(domainError("hosting.invalid_max_guests", { max: MAX_GUESTS }));
  if (!input.amenities.every(isGuestHouseAmenity)) return err(domainError("hosting.invalid_amenities"));
  const present = new Set(input.amenities);
  const houseRules = input.houseRules.trim();
  if (houseRules.length > HOUSE_RULES_MAX || CONTROL.test(houseRules))
    return err(domainError("hosting.invalid_house_rules", { max: HOUSE_RULES_MAX }));
  const whatsappNumber = normaliseCameroonPhone(input.whatsappNumber);
  if (!whatsappNumber) return err(domainError("hosting.invalid_whatsapp"));
  return ok({
    name,
    description,
    neighbourhood: input.neighbourhood,
    address,
    latitude: location.latitude,
    longitude: location.longitude,
    locationApproximate: location.approximate,
    nightlyRate: input.nightlyRate,
    rooms: input.rooms,
    maxGuests: input.maxGuests,
    amenities: GUEST_HOUSE_AMENITIES.filter((a) => present.has(a)),
    houseRules,
    whatsappNumber,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of a real calendar day, as a UTC midnight; null otherwise. */
export function parseNight(value: string): Date | null {
  if (!ISO_DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

export const nightOf = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The nights from `from` to `to`, both included: real dates, in order, not before today (Buea is on
 * UTC+1, but a night is a calendar date and today's is the earliest a host may still change),
 * within the horizon and at most MAX_BLOCK_NIGHTS of them.
 */
export function nightsBetween(from: string, to: string, now: Date): Result<string[], HostingError> {
  const start = parseNight(from);
  const end = parseNight(to);
  const today = parseNight(nightOf(now))!;
  const bad = () => err(domainError("hosting.invalid_dates", { max: MAX_BLOCK_NIGHTS }));
  if (!start || !end || end < start || start < today) return bad();
  const count = Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
  if (count > MAX_BLOCK_NIGHTS || end.getTime() - today.getTime() > BLOCK_HORIZON_DAYS * DAY_MS) return bad();
  return ok(Array.from({ length: count }, (_, i) => nightOf(new Date(start.getTime() + i * DAY_MS))));
}
