// Who sees a guest house, and when it carries the verified-host badge (issue 10). One rule for the
// guest side (the public list and page, booking) and the host side (the host area says why a house
// is hidden). The SQL of the catalogue restates it; tests/integration/guest-houses checks they agree.

/** The status of a host verification. */
export type HostVerificationStatus = "pending" | "verified" | "rejected";

export interface GuestHouseVisibilityInput {
  /** The status of the host's latest host verification (by submission time), or null when there is none. */
  hostVerificationStatus: HostVerificationStatus | null;
  /** Listed before hosts could publish on their own (the demo seed and houses migrated by 0022). */
  seeded?: boolean;
  /** An admin has suspended the host's account (domain/accounts/owner-standing.ts, issue 30). */
  hostSuspended: boolean;
}

export interface GuestHouseVisibility {
  /** Visitors see the house in the list and on its page, and may book it. */
  public: boolean;
  /** The page shows the verified-host badge. */
  verifiedBadge: boolean;
}

/**
 * A house is public when its host is approved (latest verification 'verified') or when it was
 * listed by the platform itself (seeded), and only while the host's account is not suspended:
 * nobody is handed to a suspended host on WhatsApp (issue 30). The badge needs the approval,
 * whoever listed the house: a rejected or re-submitted (pending) host loses it until approved again.
 */
export function guestHouseVisibility(input: GuestHouseVisibilityInput): GuestHouseVisibility {
  const verified = input.hostVerificationStatus === "verified";
  const active = !input.hostSuspended;
  return { public: active && (verified || input.seeded === true), verifiedBadge: active && verified };
}
