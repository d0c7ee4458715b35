// Every photo is stored as a set of resized variants, served at /media/<storage_key>-<w>.webp:
//   <storageDir>/photos/<name>-320.webp, -640.webp, -1024.webp, and -640.jpg for old browsers.
// photos.storage_key is "photos/<name>"; width and height describe the largest variant.
import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { composeSceneSvg, SCENE_HEIGHT, SCENE_WIDTH, type SceneOptions } from "./photo-scene";

export const PHOTO_WIDTHS = [320, 640, 1024] as const;
export const FALLBACK_JPEG_WIDTH = 640;
// WebP at 60 looks fine for listing photos. Effort 2 (of 6) encodes about twice as fast as the
// default with files barely larger: a 1024 px demo scene is about 11 KB.
const WEBP_QUALITY = 60;
const WEBP_EFFORT = 2;
const JPEG_QUALITY = 70;

export interface StoredPhoto {
  storageKey: string;
  width: number;
  height: number;
}

/** The file of one variant, e.g. photoFilePath(dir, "photos/pool-3", 640, "webp"). */
export function photoFilePath(storageDir: string, storageKey: string, width: number, ext: "webp" | "jpg"): string {
  return path.join(storageDir, `${storageKey}-${width}.${ext}`);
}

/** Every file a photo set consists of. */
export function photoFilePaths(storageDir: string, storageKey: string): string[] {
  return [
    ...PHOTO_WIDTHS.map((w) => photoFilePath(storageDir, storageKey, w, "webp")),
    photoFilePath(storageDir, storageKey, FALLBACK_JPEG_WIDTH, "jpg"),
  ];
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

// Write to a temporary name then rename: a crash or a concurrent reader never sees half a file,
// and "the file exists" stays a reliable sign that a set is complete.
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, file);
}

/**
 * Resizes one decoded image to every variant and writes them. sharp drops EXIF, GPS and other
 * metadata unless asked to keep it, so stored files never leak where a photo was taken.
 * Returns the size of the largest variant.
 */
export async function writePhotoVariants(storageDir: string, storageKey: string, source: sharp.Sharp): Promise<StoredPhoto> {
  const dir = path.dirname(photoFilePath(storageDir, storageKey, PHOTO_WIDTHS[0], "webp"));
  await fs.mkdir(dir, { recursive: true });
  let largest = { width: 0, height: 0 };
  const jobs = PHOTO_WIDTHS.map(async (w) => {
    const { data, info } = await source
      .clone()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
      .toBuffer({ resolveWithObject: true });
    await writeAtomically(photoFilePath(storageDir, storageKey, w, "webp"), data);
    if (w === PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]) largest = { width: info.width, height: info.height };
  });
  jobs.push(
    (async () => {
      const jpeg = await source
        .clone()
        .resize({ width: FALLBACK_JPEG_WIDTH, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer();
      await writeAtomically(photoFilePath(storageDir, storageKey, FALLBACK_JPEG_WIDTH, "jpg"), jpeg);
    })(),
  );
  await Promise.all(jobs);
  return { storageKey, ...largest };
}

/**
 * Draws an illustrated scene and stores it as photos/<name>. Does nothing when every file
 * already exists (the pool is shared by the demo seed and the benchmark, and restarts reuse it).
 */
export async function generatePhotoSet(storageDir: string, name: string, options: SceneOptions): Promise<StoredPhoto> {
  const storageKey = `photos/${name}`;
  const present = await Promise.all(photoFilePaths(storageDir, storageKey).map(exists));
  if (present.every(Boolean)) return { storageKey, width: SCENE_WIDTH, height: SCENE_HEIGHT };
  // Rasterise the SVG once; the variants are resized from the pixels, not re-rendered.
  const { data, info } = await sharp(Buffer.from(composeSceneSvg(options)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const source = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return writePhotoVariants(storageDir, storageKey, source);
}
