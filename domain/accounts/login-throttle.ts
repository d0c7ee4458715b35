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
  return isOverLimit(deps, keys.map((key) => ({ key, max: THROTTLE_MAX_FAILURES })));
}

export async function recordFailure(deps: Pick<AccountsDeps, "loginAttempts" | "clock" | "ids">, keys: string[]): Promise<void> {
  const at = deps.clock.now();
  for (const key of keys) await deps.loginAttempts.record(deps.ids.id(), key, at);
}

/** Counts one request (not necessarily a failure) under each key. */
export const recordAttempt = recordFailure;

/** A counted key and how many events it may have within THROTTLE_WINDOW_MS. */
export interface LimitedKey {
  key: string;
  max: number;
}

/**
 * True when any key already has `max` events in the window. The counts live in `login_attempts`
 * (the database), so a limit holds across server instances. Every limit uses the same 15-minute
 * window, which is what the "wait 15 minutes" message promises.
 */
export async function isOverLimit(deps: Pick<AccountsDeps, "loginAttempts" | "clock">, keys: LimitedKey[]): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - THROTTLE_WINDOW_MS);
  for (const { key, max } of keys) {
    if ((await deps.loginAttempts.countSince(key, since)) >= max) return true;
  }
  return false;
}

// Sign-up and "resend the confirmation" send e-mail, so every request counts, not only failures.
// Per address: enough for typos and a lost mail. Per IP: a campus network shares one address.
export const SIGN_UP_LIMITS = { perEmail: 5, perIp: 20 } as const;
export const RESEND_CONFIRMATION_LIMITS = { perEmail: 3, perIp: 10 } as const;
// A changed password needs the current one: wrong guesses count, as at login.
export const CHANGE_PASSWORD_LIMITS = { perAccount: 5, perIp: 20 } as const;

export function limitedKeys(
  prefix: string,
  subject: { name: "email" | "user"; value: string; max: number },
  ip: { value: string | null | undefined; max: number },
): LimitedKey[] {
  const keys: LimitedKey[] = [{ key: `${prefix}:${subject.name}:${subject.value}`, max: subject.max }];
  if (ip.value) keys.push({ key: `${prefix}:ip:${ip.value}`, max: ip.max });
  return keys;
}
