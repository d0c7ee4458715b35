/** Unguessable secrets and their one-way hashes (crypto in infrastructure). */
export interface SecretTokens {
  /** A URL-safe random token with at least 256 bits of entropy. */
  token(): string;
  /** A recovery code such as `k7m2q-9xw4t` (at least 50 bits of entropy). */
  recoveryCode(): string;
  /** SHA-256, hex: tokens are long and random, so a fast hash is enough. */
  hash(secret: string): string;
}
