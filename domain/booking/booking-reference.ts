// Human booking and payment references (KN-7F3K9Q): six characters from an alphabet without look-alikes
// (no 0/O, 1/I/L), so a reference read over the phone is not misheard.
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 6;

/** Builds a reference from a source of random integers in [0, max). */
export function makeReference(prefix: string, randomInt: (max: number) => number): string {
  let body = "";
  for (let i = 0; i < REFERENCE_LENGTH; i += 1) body += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${body}`;
}
