import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PHOTO_WIDTHS, generatePhotoSet, photoFileKey, photoFileKeys, type PhotoExtension } from "#infrastructure/photos/photo-variants";
import { LocalFileStorage } from "#infrastructure/storage/local-file-storage";
import { PhotoUploadError, detectImageFormat, savePhotoUpload } from "#infrastructure/photos/photo-upload";
import { DEMO_PHOTO_POOL_SIZE, demoPoolIndexesFor, demoPoolPhotoName } from "#infrastructure/photos/demo-photo-pool";

let storageDir: string;
let storage: LocalFileStorage;
beforeEach(() => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-photos-"));
  storage = new LocalFileStorage(storageDir);
});
// The files behind the storage keys, to read them with sharp and stat.
const photoFilePath = (dir: string, key: string, width: number, ext: PhotoExtension) => path.join(dir, photoFileKey(key, width, ext));
const photoFilePaths = (dir: string, key: string) => photoFileKeys(key).map((k) => path.join(dir, k));
afterEach(() => {
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } });

describe("generatePhotoSet", () => {
  it("writes the WebP variants and a JPEG fallback, 1024 x 683 at the largest", async () => {
    const stored = await generatePhotoSet(storage, "scene", { kind: "studio", caption: "Studio · Molyko & Bomaka" });
    expect(stored).toEqual({ storageKey: "photos/scene", width: 1024, height: 683 });
    for (const w of PHOTO_WIDTHS) {
      const meta = await sharp(photoFilePath(storageDir, "photos/scene", w, "webp")).metadata();
      expect(meta).toMatchObject({ format: "webp", width: w });
    }
    expect((await sharp(photoFilePath(storageDir, "photos/scene", 640, "jpg")).metadata()).format).toBe("jpeg");
    // Light enough for a phone on a slow connection.
    expect(fs.statSync(photoFilePath(storageDir, "photos/scene", 1024, "webp")).size).toBeLessThan(60_000);
  });

  it("leaves a complete set on disk alone", async () => {
    await generatePhotoSet(storage, "scene", { kind: "house", caption: "House" });
    const files = photoFilePaths(storageDir, "photos/scene");
    const before = files.map((f) => fs.statSync(f).mtimeMs);
    await new Promise((r) => setTimeout(r, 20));
    await generatePhotoSet(storage, "scene", { kind: "house", caption: "House" });
    expect(files.map((f) => fs.statSync(f).mtimeMs)).toEqual(before);
  });
});

describe("demo photo pool", () => {
  it("names 24 scenes pool-0 … pool-23 covering every kind of listing", () => {
    expect(DEMO_PHOTO_POOL_SIZE).toBe(24);
    const all = (["room", "studio", "apartment", "house", "guest_house"] as const).flatMap((k) => {
      expect(demoPoolIndexesFor(k).length).toBeGreaterThanOrEqual(3);
      return demoPoolIndexesFor(k);
    });
    expect(all.map(demoPoolPhotoName).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `pool-${i}`).sort());
  });
});

describe("savePhotoUpload", () => {
  it("recognises JPEG, PNG and WebP by their first bytes only", async () => {
    expect(detectImageFormat(await photo(10, 10).jpeg().toBuffer())).toBe("jpeg");
    expect(detectImageFormat(await photo(10, 10).png().toBuffer())).toBe("png");
    expect(detectImageFormat(await photo(10, 10).webp().toBuffer())).toBe("webp");
    expect(detectImageFormat(await photo(10, 10).gif().toBuffer())).toBeNull();
    expect(detectImageFormat(Buffer.from("<svg></svg>"))).toBeNull();
  });

  it("stores every variant, upright and without metadata", async () => {
    // A portrait phone photo stored sideways with EXIF orientation 6 and GPS-like metadata.
    const upload = await photo(1600, 1200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret place" } } })
      .toBuffer();
    const stored = await savePhotoUpload(storage, upload);
    expect(stored.storageKey).toMatch(/^photos\/[0-9a-f-]{36}$/);
    expect(stored).toMatchObject({ width: 1024, height: 1365 });
    for (const file of photoFilePaths(storageDir, stored.storageKey)) {
      const meta = await sharp(file).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.orientation ?? 1, file).toBe(1);
    }
  });

  it("never enlarges a small photo", async () => {
    const stored = await savePhotoUpload(storage, await photo(300, 200).png().toBuffer());
    expect(stored).toMatchObject({ width: 300, height: 200 });
    expect((await sharp(photoFilePath(storageDir, stored.storageKey, 1024, "webp")).metadata()).width).toBe(300);
  });

  it("refuses files that are not photos, and broken ones", async () => {
    await expect(savePhotoUpload(storage, Buffer.from("%PDF-1.7 not a photo"))).rejects.toMatchObject({ code: "photo.unsupported_format" });
    const jpeg = await photo(800, 600).jpeg().toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(200)]);
    const error = await savePhotoUpload(storage, broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhotoUploadError);
    expect((error as PhotoUploadError).code).toBe("photo.unreadable");
    expect(fs.existsSync(path.join(storageDir, "photos")) ? fs.readdirSync(path.join(storageDir, "photos")) : []).toEqual([]);
  });
});
