import type { HostVerificationStatus } from "../guest-houses/guest-house-visibility";

/** What booking needs to know of a guest house. */
export interface BookableGuestHouse {
  id: string;
  name: string;
  hostId: string;
  maxGuests: number;
  /** Digits with the country code for wa.me, or null when the stored number is unusable. */
  whatsapp: string | null;
  hostVerificationStatus: HostVerificationStatus | null;
  seeded: boolean;
  /** The host's account is suspended: the house is not public (guestHouseVisibility). */
  hostSuspended: boolean;
}

export interface BookableGuestHouseReader {
  /** Null for an unknown id. */
  findBookable(id: string): Promise<BookableGuestHouse | null>;
  /** The nights the host has blocked from `from` (YYYY-MM-DD) on, ascending. */
  blockedDates(id: string, from: string): Promise<string[]>;
}
