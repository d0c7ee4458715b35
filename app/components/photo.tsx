import type { PhotoRef } from "../../domain/listings/listing-read-models";
import { CARD_SIZES, photoFallbackUrl, photoSrcSet, type PhotoWidth } from "~/utils/photos";

export interface PhotoProps {
  photo: PhotoRef;
  /** The first photo on screen: loaded at once with a high priority; every other one lazily. */
  priority?: boolean;
  sizes?: string;
  /** Largest variant offered (Save-Data: 320). */
  maxWidth?: PhotoWidth;
  className?: string;
  /** Overrides the stored alt text (e.g. "Photo 2 of 5: …"). */
  alt?: string;
}

/**
 * A stored photo: WebP at 320/640/1024 with `sizes`, a JPEG fallback, and width/height so the
 * layout does not jump while it loads.
 */
export function Photo({ photo, priority = false, sizes = CARD_SIZES, maxWidth = 1024, className = "", alt }: PhotoProps) {
  // React 18 does not know fetchPriority yet: the lowercase attribute passes through untouched.
  const priorityAttrs = priority ? { fetchpriority: "high" } : {};
  return (
    <picture>
      <source type="image/webp" srcSet={photoSrcSet(photo.storageKey, maxWidth)} sizes={sizes} />
      <img
        src={photoFallbackUrl(photo.storageKey)}
        width={photo.width}
        height={photo.height}
        alt={alt ?? photo.alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        className={`h-auto w-full bg-slate-100 object-cover dark:bg-slate-800 ${className}`}
        {...priorityAttrs}
      />
    </picture>
  );
}
