// Every photo is stored as a set of resized variants, served at /media/<storage_key>-<w>.webp:
//   photos/<name>-320.webp, -640.webp, -1024.webp, and -640.jpg for old browsers, in the file
//   storage (STORAGE_DIR on disk, or the S3 bucket). photos.storage_key is "photos/<name>";
//   width and height describe the largest variant.
import sharp from "sharp";
import type { FileStorage } from "../storage/file-storage";
import { composeSceneSvg, SCENE_HEIGHT, SCENE_WIDTH, type SceneOptions } from "./photo-scene";

export const PHOTO_WIDTHS = [320, 640, 1024] as const;
export const FALLBACK_JPEG_WIDTH = 640;
// WebP at 60 looks fine for listing photos. Effort 2 (of 6) encodes about twice as fast as the
// default with files barely larger: a 1024 px demo scene is about 11 KB.
const WEBP_QUALITY = 60;
const WEBP_EFFORT = 2;
const JPEG_QUALITY = 70;

export const PHOTO_CONTENT_TYPES = { webp: "image/webp", jpg: "image/jpeg" } as const;
export type PhotoExtension = keyof typeof PHOTO_CONTENT_TYPES;

export interface StoredPhoto {
  storageKey: string;
  width: number;
  height: number;
}

/** The stored file of one variant, e.g. photoFileKey("photos/pool-3", 640, "webp") = "photos/pool-3-640.webp". */
export function photoFileKey(storageKey: string, width: number, ext: PhotoExtension): string {
  return `${storageKey}-${width}.${ext}`;
}

/** Every file a photo set consists of. */
export function photoFileKeys(storageKey: string): string[] {
  return [...PHOTO_WIDTHS.map((w) => photoFileKey(storageKey, w, "webp")), photoFileKey(storageKey, FALLBACK_JPEG_WIDTH, "jpg")];
}

export interface EncodedPhoto {
  files: Array<{ width: number; ext: PhotoExtension; bytes: Buffer }>;
  width: number;
  height: number;
}

/**
 * Resizes one decoded image to every variant, in memory. sharp drops EXIF, GPS and other
 * metadata unless asked to keep it, so stored files never leak where a photo was taken.
 * Errors here are the image's (corrupt, too large); storing is a separate step.
 */
export async function encodePhotoVariants(source: sharp.Sharp): Promise<EncodedPhoto> {
  const webps = await Promise.all(
    PHOTO_WIDTHS.map((w) =>
      source
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const jpeg = await source
    .clone()
    .resize({ width: FALLBACK_JPEG_WIDTH, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  const largest = webps[webps.length - 1]!.info;
  return {
    files: [
      ...webps.map(({ data }, i) => ({ width: PHOTO_WIDTHS[i]!, ext: "webp" as const, bytes: data })),
      { width: FALLBACK_JPEG_WIDTH, ext: "jpg" as const, bytes: jpeg },
    ],
    width: largest.width,
    height: largest.height,
  };
}

/**
 * Puts every variant, in parallel. When one put fails, every variant is removed again, but only
 * once all the puts have settled: a put still in flight when the first one failed would otherwise
 * land after the clean-up and stay as an orphan. Then the failure is thrown.
 */
export async function storePhotoVariants(storage: FileStorage, storageKey: string, photo: EncodedPhoto): Promise<StoredPhoto> {
  const puts = await Promise.allSettled(
    photo.files.map((f) => storage.put(photoFileKey(storageKey, f.width, f.ext), f.bytes, PHOTO_CONTENT_TYPES[f.ext])),
  );
  const failed = puts.find((p): p is PromiseRejectedResult => p.status === "rejected");
  if (failed) {
    await removePhotoVariants(storage, storageKey);
    throw failed.reason;
  }
  return { storageKey, width: photo.width, height: photo.height };
}

/** Removes every variant; missing ones are not an error. Every delete is tried even if one fails. */
export async function removePhotoVariants(storage: FileStorage, storageKey: string): Promise<void> {
  const deletes = await Promise.allSettled(photoFileKeys(storageKey).map((key) => storage.delete(key)));
  const failed = deletes.find((p): p is PromiseRejectedResult => p.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * Draws an illustrated scene and stores it as photos/<name>. Does nothing when every file
 * already exists (the pool is shared by the demo seed and the benchmark, and restarts reuse it;
 * two instances seeding at once write the same bytes).
 */
export async function generatePhotoSet(storage: FileStorage, name: string, options: SceneOptions): Promise<StoredPhoto> {
  const storageKey = `photos/${name}`;
  const present = await Promise.all(photoFileKeys(storageKey).map((key) => storage.has(key)));
  if (present.every(Boolean)) return { storageKey, width: SCENE_WIDTH, height: SCENE_HEIGHT };
  // Rasterise the SVG once; the variants are resized from the pixels, not re-rendered.
  const { data, info } = await sharp(Buffer.from(composeSceneSvg(options)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return storePhotoVariants(storage, storageKey, await encodePhotoVariants(source));
}
