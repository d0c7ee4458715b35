// The PhotoStore port over the upload pipeline (photo-upload.ts), in the file storage's photos/.
import type { PhotoStore, StoredPhotoFile, PhotoRefusal } from "#domain/property-management/photo-store.port";
import type { FileStorage } from "../storage/file-storage";
import { PhotoUploadError, savePhotoUpload } from "./photo-upload";
import { removePhotoVariants } from "./photo-variants";

const KEY = /^photos\/[A-Za-z0-9-]{1,100}$/;

export class PhotoFileStore implements PhotoStore {
  constructor(private readonly storage: FileStorage) {}

  async save(bytes: Uint8Array): Promise<{ ok: true; photo: StoredPhotoFile } | { ok: false; reason: PhotoRefusal }> {
    try {
      return { ok: true, photo: await savePhotoUpload(this.storage, bytes) };
    } catch (error) {
      if (error instanceof PhotoUploadError)
        return { ok: false, reason: error.code === "photo.unsupported_format" ? "unsupported_format" : "unreadable" };
      throw error;
    }
  }

  async remove(storageKey: string): Promise<void> {
    // Keys come from our own rows; anything else is a bug, never a path to follow.
    if (!KEY.test(storageKey)) throw new Error(`Not a photo key: ${storageKey}`);
    await removePhotoVariants(this.storage, storageKey);
  }
}
