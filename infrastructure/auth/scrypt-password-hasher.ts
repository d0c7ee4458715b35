import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { PasswordHasher } from "#domain/accounts/password-hasher.port";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

// scrypt from node:crypto: memory-hard, no native dependency. Parameters are stored with each
// hash (scrypt$N$r$p$salt$key) so they can be raised later without breaking old hashes.
const DEFAULTS = { N: 16384, r: 8, p: 1, keylen: 32 };

export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly params = DEFAULTS) {}

  async hash(password: string): Promise<string> {
    const { N, r, p, keylen } = this.params;
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 });
    return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split("$");
    if (parts.length !== 6 || parts[0] !== "scrypt") return false;
    const [, n, r, p, saltB64, keyB64] = parts;
    const expected = Buffer.from(keyB64, "base64");
    const key = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 64 * 1024 * 1024,
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  }
}
