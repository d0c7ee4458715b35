// Where photo files live. `save` checks the bytes (the format they really are, not the name),
// makes the stored variants and strips metadata; refusals are answered, not thrown.
export interface StoredPhotoFile {
  storageKey: string;
  width: number;
  height: number;
}

export type PhotoRefusal = "unsupported_format" | "unreadable";

export interface PhotoStore {
  save(bytes: Uint8Array): Promise<{ ok: true; photo: StoredPhotoFile } | { ok: false; reason: PhotoRefusal }>;
  /** Removes every file of a stored photo; nothing happens when they are already gone. */
  remove(storageKey: string): Promise<void>;
}
