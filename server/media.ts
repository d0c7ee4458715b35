// Photos and blog covers at /media/photos/<name>-<width>.<webp|jpg>, read from the file storage
// (local disk or the S3 bucket: the same code for both, decision 0135). Only names of that shape
// are looked up, in the photos storage, so private documents (under private/, another storage)
// can never be reached here, whatever the path says.
import type { NextFunction, Request, Response } from "express";
import type { FileStorage } from "#infrastructure/storage/file-storage";
import { FALLBACK_JPEG_WIDTH, PHOTO_CONTENT_TYPES, PHOTO_WIDTHS } from "#infrastructure/photos/photo-variants";

const YEAR_SECONDS = 60 * 60 * 24 * 365;
// Exactly the files a photo set consists of (photoFileKeys): <name>-<width>.webp, <name>-640.jpg.
const PHOTO_FILE = new RegExp(`^[A-Za-z0-9-]{1,100}-(?:(?:${PHOTO_WIDTHS.join("|")})\\.webp|${FALLBACK_JPEG_WIDTH}\\.jpg)$`);

/**
 * A stored photo never changes (every upload gets a new name; a replaced photo is a new key), so
 * browsers and proxies may keep it for a year without asking again. The ETag is the name itself.
 */
export function servePhotos(storage: FileStorage, onError: (error: unknown) => void = () => {}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = PHOTO_FILE.exec(req.path.slice(1));
    if (!match) return next();
    const etag = `"${match[0]}"`;
    let file: Awaited<ReturnType<FileStorage["get"]>>;
    try {
      file = await storage.get(`photos/${match[0]}`);
    } catch (error) {
      // The bucket or the disk failed: say so briefly, and let nobody cache the failure.
      onError(error);
      res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "5" }).end();
      return;
    }
    if (!file) return next();
    res.set({
      "Content-Type": match[0].endsWith(".jpg") ? PHOTO_CONTENT_TYPES.jpg : PHOTO_CONTENT_TYPES.webp,
      "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable`,
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
    });
    if (req.get("If-None-Match") === etag) {
      res.status(304).end();
      return;
    }
    res.status(200).send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  };
}
