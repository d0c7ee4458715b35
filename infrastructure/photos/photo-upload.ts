// Photos agents upload: checked by their first bytes (never by the file name or the browser's
// Content-Type), turned upright, resized to the stored variants and stripped of metadata.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { FileStorage } from "../storage/file-storage";
import { encodePhotoVariants, storePhotoVariants, type EncodedPhoto, type StoredPhoto } from "./photo-variants";

export type UploadedImageFormat = "jpeg" | "png" | "webp";

// A phone photo is about 12 megapixels; anything far beyond that is more likely a decompression bomb.
const MAX_INPUT_PIXELS = 50_000_000;

export type PhotoUploadErrorCode = "photo.unsupported_format" | "photo.unreadable";

/** An upload that is not a photo we accept; `code` follows the domain's error codes. */
export class PhotoUploadError extends Error {
  constructor(public readonly code: PhotoUploadErrorCode) {
    super(code);
    this.name = "PhotoUploadError";
  }
}

/** The format a file's magic bytes announce, or null when it is none we accept. */
export function detectImageFormat(bytes: Uint8Array): UploadedImageFormat | null {
  const starts = (offset: number, signature: number[]) => signature.every((b, i) => bytes[offset + i] === b);
  if (starts(0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF....WEBP
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return "webp";
  return null;
}

/**
 * Stores an uploaded JPEG, PNG or WebP under a new key ("photos/<uuid>") in every variant.
 * Throws PhotoUploadError when the bytes are not such an image or cannot be decoded; a storage
 * failure is thrown as it is, after the variants already put are removed (storePhotoVariants).
 */
export async function savePhotoUpload(storage: FileStorage, bytes: Uint8Array): Promise<StoredPhoto> {
  const format = detectImageFormat(bytes);
  if (!format) throw new PhotoUploadError("photo.unsupported_format");
  // rotate() with no angle applies the EXIF orientation, so portrait phone photos stay upright
  // once the metadata is dropped.
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  let encoded: EncodedPhoto;
  try {
    const meta = await source.metadata();
    if (meta.format !== format) throw new PhotoUploadError("photo.unsupported_format");
    encoded = await encodePhotoVariants(source);
  } catch (error) {
    if (error instanceof PhotoUploadError) throw error;
    // sharp reports a truncated or corrupt file, or one over the pixel limit, as a plain Error;
    // nothing has been stored yet, so every failure here is the image's.
    throw new PhotoUploadError("photo.unreadable");
  }
  // A new name per upload: a stored file never changes, so it can be cached for a year.
  return storePhotoVariants(storage, `photos/${randomUUID()}`, encoded);
}
