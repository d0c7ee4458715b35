import type { Clock } from "../shared/clock";
import { isPlatformAccessValid, nextAccessPeriod } from "./platform-access.entity";
import type { PlatformAccessRepository } from "./platform-access-repository.port";

export interface PlatformAccessStatus {
  active: boolean;
  /** When the current access ends, or ended (the latest payment), or null if never paid. */
  expiresAt: Date | null;
  /** Paid once, no longer valid: the profile says it has expired. */
  expired: boolean;
  /** When an access paid now would end: 14 days after the current expiry while valid, else after now. */
  renewalEndsAt: Date;
}

/**
 * The user's guest-house access. The spec's browser model removes an expired stored payment;
 * on the server the payment stays on record (it is money) and simply no longer grants access.
 */
export async function getPlatformAccess(
  deps: { platformAccess: PlatformAccessRepository; clock: Clock },
  userId: string,
): Promise<PlatformAccessStatus> {
  const now = deps.clock.now();
  const payments = await deps.platformAccess.listForUser(userId);
  const renewalEndsAt = nextAccessPeriod(payments, now).expiresAt;
  const valid = payments.find((p) => isPlatformAccessValid(p, now));
  if (valid) return { active: true, expiresAt: valid.expiryDate, expired: false, renewalEndsAt };
  const latest = payments[0] ?? null;
  return { active: false, expiresAt: latest?.expiryDate ?? null, expired: latest !== null, renewalEndsAt };
}
