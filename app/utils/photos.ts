// Where a stored photo's variants are served. photos.storage_key is "photos/<name>"; Express serves
// STORAGE_DIR/photos/<name>-{320,640,1024}.webp and <name>-640.jpg under /media/photos/.
export const PHOTO_WIDTHS = [320, 640, 1024] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const FALLBACK_JPEG_WIDTH = 640;

/** A storage key that can only name a file under /media: no "..", no scheme, no query. */
const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*$/i;

export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..") && !key.includes("//");
}

/** /media/photos/pool-3-640.webp */
export function photoUrl(storageKey: string, width: PhotoWidth, ext: "webp" | "jpg" = "webp"): string {
  return `/media/${storageKey}-${width}.${ext}`;
}

/** "…-320.webp 320w, …-640.webp 640w, …-1024.webp 1024w"; `max` leaves out the larger ones (Save-Data). */
export function photoSrcSet(storageKey: string, max: PhotoWidth = 1024): string {
  return PHOTO_WIDTHS.filter((w) => w <= max)
    .map((w) => `${photoUrl(storageKey, w)} ${w}w`)
    .join(", ");
}

/** The JPEG every browser can show, for the few without WebP. */
export const photoFallbackUrl = (storageKey: string) => photoUrl(storageKey, FALLBACK_JPEG_WIDTH, "jpg");

/** Sizes for a card in the listing grid: one column on phones, two on tablets, three on desktops. */
export const CARD_SIZES = "(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw";
/** Sizes for the main photo of a listing: the page column, at most 48rem. */
export const GALLERY_SIZES = "(min-width: 800px) 48rem, 100vw";
/**
 * Sizes for a photo of a gallery's strip (app/components/photo-gallery.tsx): 85 % of the screen on a
 * phone, the next one peeking; two thirds of the page's column from 640 px.
 */
export const GALLERY_STRIP_SIZES = "(min-width: 1152px) 31rem, (min-width: 1024px) 44vw, (min-width: 640px) 64vw, 85vw";
/** Sizes for a photo opened large: the whole screen, at most the page's width. */
export const GALLERY_VIEW_SIZES = "(min-width: 1152px) 70rem, 100vw";

/** Blog covers are stored at 1024×683 (3:2); the attributes only give the browser the ratio. */
export const COVER_WIDTH = 1024;
export const COVER_HEIGHT = 683;
