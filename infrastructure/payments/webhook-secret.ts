import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Compares the x-wh-secret header with the configured secret in constant time. Both are hashed
 * first so the buffers have equal length and the comparison says nothing about the secret's length.
 * False when either is missing: the caller decides what to do when no secret is configured
 * (the handler re-queries the provider anyway, so the body is never trusted).
 */
export function webhookSecretMatches(received: string | null | undefined, expected: string | null | undefined): boolean {
  if (!received || !expected) return false;
  const a = createHash("sha256").update(received, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}
