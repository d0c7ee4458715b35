// Deterministic randomness for demo data: the same seed gives the same listings, prices and
// names on every machine, so tests and screenshots can rely on them.
import { createHash } from "node:crypto";

export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: weighted([["room", 3], ["house", 1]]). */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T;
}

/** mulberry32: tiny, fast and good enough for demo data (not for secrets). */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const prng: Prng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [item, w] of items) {
        roll -= w;
        if (roll < 0) return item;
      }
      return items[items.length - 1][0];
    },
  };
  return prng;
}

/**
 * A stable UUID for a demo record, e.g. demoId("property", 0). Derived from the label rather than
 * drawn from the PRNG, so adding a record of one kind never changes the ids of the others.
 */
export function demoId(kind: string, n: number | string): string {
  const hex = createHash("sha256").update(`kamernest-demo:${kind}:${n}`).digest("hex");
  // Shaped as a version-4, variant-1 UUID so validators that check the format accept it.
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A short human reference like the app's, e.g. KN-7F3K9Q, stable for a label. */
export function demoReference(prefix: string, label: string): string {
  const digest = createHash("sha256").update(`kamernest-demo-ref:${label}`).digest();
  // The app's alphabet (domain/booking/booking-reference.ts): no look-alikes such as 0/O or 1/I/L.
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const code = Array.from(digest.subarray(0, 6), (b) => alphabet[b % alphabet.length]).join("");
  return `${prefix}-${code}`;
}
