import { MINUTE_MS } from "../shared/clock";
import type { AccountsDeps } from "./accounts.deps";

// Five failures for one e-mail or from one IP within 15 minutes lock that e-mail or IP out until
// the oldest failure leaves the window. Keyed by e-mail (not account id) so that addresses without
// an account are throttled exactly like real ones.
export const THROTTLE_MAX_FAILURES = 5;
export const THROTTLE_WINDOW_MS = 15 * MINUTE_MS;

export const emailKey = (email: string) => `email:${email}`;

export function throttleKeys(email: string, ip: string | null | undefined): string[] {
  return ip ? [emailKey(email), `ip:${ip}`] : [emailKey(email)];
}

export async function isThrottled(deps: Pick<AccountsDeps, "loginAttempts" | "clock">, keys: string[]): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - THROTTLE_WINDOW_MS);
  for (const key of keys) {
    if ((await deps.loginAttempts.countSince(key, since)) >= THROTTLE_MAX_FAILURES) return true;
  }
  return false;
}

export async function recordFailure(deps: Pick<AccountsDeps, "loginAttempts" | "clock" | "ids">, keys: string[]): Promise<void> {
  const at = deps.clock.now();
  for (const key of keys) await deps.loginAttempts.record(deps.ids.id(), key, at);
}
