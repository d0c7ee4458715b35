import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { SecretTokens } from "#domain/accounts/secret-tokens.port";
import type { IdGenerator } from "#domain/shared/ids";

// No 0/o, 1/l/i: recovery codes are read off paper and typed by hand.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export class CryptoSecretTokens implements SecretTokens {
  token(): string {
    return randomBytes(32).toString("base64url");
  }
  recoveryCode(): string {
    // 10 characters from 31: about 49.5 bits, each code single use and behind the password.
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  }
  hash(secret: string): string {
    return createHash("sha256").update(secret, "utf8").digest("hex");
  }
}

export const uuidIds: IdGenerator = { id: () => randomUUID() };
