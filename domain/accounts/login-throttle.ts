import { MINUTE_MS } from "../shared/clock";
import type { AccountsDeps } from "./accounts.deps";

// Every limit counted in `login_attempts` uses one 15-minute window, which is what the "wait 15
// minutes" message promises: a refused key is free again once its oldest event leaves the window.
export const THROTTLE_MAX_FAILURES = 5;
export const THROTTLE_WINDOW_MS = 15 * MINUTE_MS;

// Sign-in (decision 0182). Refusals are keyed so that nobody can refuse someone else:
// - one (address, IP) pair: 5 failures, then that pair waits. The owner's typos from their own
//   phone count here; a guesser's from elsewhere do not.
// - one IP across every address (LOGIN_FAILURES_PER_IP): stops one machine spraying a password
//   over many addresses, high enough that a campus NAT is not refused for a few students' typos.
// - the second step's codes, per account: only someone who has the password can make them.
// Failures for one address from every IP are also counted, but never refuse: past a threshold
// each attempt on that address (right or wrong, so the delay tells nothing) is answered a little
// later, at most LOGIN_DELAY_MAX_MS.
export const LOGIN_FAILURES_PER_PAIR = THROTTLE_MAX_FAILURES;
export const LOGIN_FAILURES_PER_IP = 20;
export const LOGIN_CODE_FAILURES_PER_ACCOUNT = THROTTLE_MAX_FAILURES;
/** From the most failures down: an address with at least `failures` in the window waits `delayMs`. */
export const LOGIN_SLOWDOWN: readonly { failures: number; delayMs: number }[] = [
  { failures: 40, delayMs: 3_000 },
  { failures: 20, delayMs: 2_000 },
  { failures: 2 * LOGIN_FAILURES_PER_PAIR, delayMs: 1_000 },
];
export const LOGIN_DELAY_MAX_MS = 3_000;

export const emailKey = (email: string) => `email:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;
// An IP never holds a space, so the first space ends it whatever the (attacker-chosen) address is.
export const pairKey = (email: string, ip: string | null | undefined) => `login:pair:${ip || "-"} ${email}`;
export const loginCodeKey = (userId: string) => `login:code:${userId}`;

/** The delay an attempt on an address with this many failures (from any IPs) waits first. */
export function loginDelayMs(addressFailures: number): number {
  const step = LOGIN_SLOWDOWN.find((s) => addressFailures >= s.failures);
  return Math.min(step?.delayMs ?? 0, LOGIN_DELAY_MAX_MS);
}

/** One sign-in attempt that has been let through: counted as a failure until it succeeds. */
export interface LoginAttempt {
  rowIds: string[];
  /** How long to wait before checking the password: 0 unless the address is under attack. */
  delayMs: number;
}

type ThrottleDeps = Pick<AccountsDeps, "loginAttempts" | "clock" | "ids" | "settings">;

/**
 * Counts the attempt first (as a failure), then checks the limits with it included: a burst of
 * parallel guesses cannot all slip under a limit that was read before any of them was written,
 * and every attempt that waits out a delay has already spent its pair's and its IP's budget.
 * A refused attempt is uncounted again and answers null (auth.too_many_attempts).
 */
export async function beginLoginAttempt(
  deps: ThrottleDeps,
  input: { email: string; ip?: string | null; userId?: string },
): Promise<LoginAttempt | null> {
  const limits: LimitedKey[] = [{ key: pairKey(input.email, input.ip), max: LOGIN_FAILURES_PER_PAIR }];
  if (input.ip) limits.push({ key: ipKey(input.ip), max: deps.settings.loginFailuresPerIp ?? LOGIN_FAILURES_PER_IP });
  if (input.userId) limits.push({ key: loginCodeKey(input.userId), max: LOGIN_CODE_FAILURES_PER_ACCOUNT });
  const at = deps.clock.now();
  const rowIds: string[] = [];
  for (const key of [...limits.map((l) => l.key), emailKey(input.email)]) {
    const id = deps.ids.id();
    await deps.loginAttempts.record(id, key, at);
    rowIds.push(id);
  }
  const since = new Date(at.getTime() - THROTTLE_WINDOW_MS);
  for (const { key, max } of limits) {
    if ((await deps.loginAttempts.countSince(key, since)) > max) {
      await deps.loginAttempts.remove(rowIds);
      return null;
    }
  }
  const addressFailures = (await deps.loginAttempts.countSince(emailKey(input.email), since)) - 1;
  return { rowIds, delayMs: loginDelayMs(addressFailures) };
}

/** The password (or code) was right: this attempt was no failure. */
export async function attemptPassed(deps: Pick<AccountsDeps, "loginAttempts">, attempt: LoginAttempt): Promise<void> {
  await deps.loginAttempts.remove(attempt.rowIds);
}

/**
 * A complete sign-in (every factor): the owner's own earlier failures from this IP and the
 * address's count are forgotten. The IP's count never is, or one valid account would let its
 * holder reset the limit that stops them spraying others.
 */
export async function forgetLoginFailures(
  deps: Pick<AccountsDeps, "loginAttempts">,
  input: { email: string; ip?: string | null; userId: string },
): Promise<void> {
  await deps.loginAttempts.clear(pairKey(input.email, input.ip));
  await deps.loginAttempts.clear(emailKey(input.email));
  await deps.loginAttempts.clear(loginCodeKey(input.userId));
}

export async function isThrottled(deps: Pick<AccountsDeps, "loginAttempts" | "clock">, keys: string[]): Promise<boolean> {
  return isOverLimit(
    deps,
    keys.map((key) => ({ key, max: THROTTLE_MAX_FAILURES })),
  );
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
