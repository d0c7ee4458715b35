// The storage every file goes through: local disk (LocalFileStorage) by default, an S3-compatible
// bucket (S3FileStorage) when S3_BUCKET is set. The domain sees only its narrower ports
// (DocumentStorage, PhotoStore); `has` and `list` serve the photo pipeline, the seed and the checks
// that a failed upload left nothing behind.
import type { DocumentStorage } from "#domain/accounts/document-storage.port";

export interface FileStorage extends DocumentStorage {
  /** Whether an object exists, without reading it. */
  has(key: string): Promise<boolean>;
  /** Every key that starts with `prefix` (a whole segment path ending in "/", or ""), sorted. */
  list(prefix: string): Promise<string[]>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
/** Names the local adapter keeps for itself beside each file; no key may take them. */
export const RESERVED_SUFFIXES = [".content-type", ".tmp"] as const;

/** Thrown for a key that could leave the storage root: a bug in the caller, never user input. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = "InvalidStorageKeyError";
  }
}

/**
 * Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`, never `.` or `..`, at most
 * 512 characters. Both adapters apply the same rule, so a key that works on disk works in a bucket.
 */
export function checkStorageKey(key: string): string[] {
  const segments = key.split("/");
  const valid =
    key.length <= 512 &&
    !RESERVED_SUFFIXES.some((s) => key.endsWith(s)) &&
    segments.every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
  if (!valid) throw new InvalidStorageKeyError(key);
  return segments;
}

/** A list prefix: "" or segments followed by "/". */
export function checkStoragePrefix(prefix: string): void {
  if (prefix === "") return;
  if (!prefix.endsWith("/")) throw new InvalidStorageKeyError(prefix);
  checkStorageKey(prefix.slice(0, -1));
}
