// A cover chosen before a preview (issue 33, decision 0233): the browser does not send a file
// again, so the preview keeps its bytes as a temporary upload in private storage and the form
// carries its key back in a hidden field. A key from the browser is only ever used when it has
// exactly this shape (the prefix, the upload time, a random id): never as a path as typed.

/** Private storage with a listing, for the temporary uploads (wired to the private FileStorage). */
export interface CoverUploadStorage {
  /** Stores the bytes, with the image type they are (the adapter reads it from them). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (ending in "/"). */
  list(prefix: string): Promise<string[]>;
}

export const COVER_UPLOAD_PREFIX = "blog-cover-uploads/";
/** A temporary upload older than this is deleted when the next one is stored. */
export const COVER_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const NAME = /^(\d{1,15})-([A-Za-z0-9-]{8,64})$/;

/** The key of an upload made at `at` with the random id `id`. */
export const coverUploadKey = (at: Date, id: string): string => `${COVER_UPLOAD_PREFIX}${at.getTime()}-${id}`;

/** The upload's time when `key` has the exact shape of a temporary cover upload, else null. */
export function coverUploadTime(key: string): Date | null {
  if (!key.startsWith(COVER_UPLOAD_PREFIX)) return null;
  const match = NAME.exec(key.slice(COVER_UPLOAD_PREFIX.length));
  return match ? new Date(Number(match[1])) : null;
}

export const isCoverUploadKey = (key: string): boolean => coverUploadTime(key) !== null;

/** An in-memory storage for tests. */
export class InMemoryCoverUploadStorage implements CoverUploadStorage {
  readonly files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  async put(key: string, bytes: Uint8Array) {
    this.files.set(key, { bytes, contentType: "image/jpeg" });
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
  async list(prefix: string) {
    return [...this.files.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
}
