// Who sees a guest house, and when it carries the "Verified host" badge: the one rule, used by the
// public catalogue (its SQL filter is built from PUBLIC_HOST_STATUSES) and by the host area.
// A house is shown to visitors only once an admin has approved its host (issue 10): a newly
// created house, or one whose host is pending or was rejected, stays hidden.

export type HostVerificationStatus = "pending" | "verified" | "rejected";

export interface GuestHouseVisibilityInput {
  /** The host's verification status; null when the host never submitted documents. */
  hostVerificationStatus: HostVerificationStatus | null;
}

export interface GuestHouseVisibility {
  /** Listed on /guest-houses and reachable at /guest-house/{id}. */
  public: boolean;
  /** Shows the "Verified host" badge. */
  verifiedBadge: boolean;
}

/** The host statuses whose houses visitors see (the catalogue filters on exactly these). */
export const PUBLIC_HOST_STATUSES: readonly HostVerificationStatus[] = ["verified"];

export function guestHouseVisibility(input: GuestHouseVisibilityInput): GuestHouseVisibility {
  const approved = input.hostVerificationStatus !== null && PUBLIC_HOST_STATUSES.includes(input.hostVerificationStatus);
  return { public: approved, verifiedBadge: approved };
}
