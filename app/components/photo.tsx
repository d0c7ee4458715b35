import { useState } from "react";
import { useTranslation } from "~/utils/translation";
import type { PhotoRef } from "#domain/listings/listing-read-models";
import { CARD_SIZES, photoFallbackUrl, photoSrcSet, photoUrl, type PhotoWidth } from "~/utils/photos";

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
  /**
   * Save-Data: no photo until the reader asks for it. A link to the smallest variant stands in its
   * place: without JavaScript (a Save-Data page carries none) it opens the photo; on a hydrated
   * page it shows the photo in place.
   */
  tapToShow?: boolean;
}

function ShowPhotoLink({ photo, alt, onShow }: { photo: PhotoRef; alt: string; onShow: () => void }) {
  const { t } = useTranslation("common");
  return (
    <a
      href={photoUrl(photo.storageKey, 320)}
      onClick={(event) => {
        event.preventDefault();
        onShow();
      }}
      // Above a card's stretched title link, so the tap reaches this link.
      className="relative z-10 flex aspect-[3/2] w-full items-center justify-center bg-slate-100 p-2 text-center text-sm font-medium text-brand-700 underline dark:bg-slate-800 dark:text-brand-100"
      data-testid="show-photo"
    >
      {t("photo.show")}
      {alt ? <span className="sr-only">: {alt}</span> : null}
    </a>
  );
}

/**
 * A stored photo: WebP at 320/640/1024 with `sizes`, a JPEG fallback, and width/height so the
 * layout does not jump while it loads.
 */
export function Photo({
  photo,
  priority = false,
  sizes = CARD_SIZES,
  maxWidth = 1024,
  className = "",
  alt,
  tapToShow = false,
}: PhotoProps) {
  const [shown, setShown] = useState(false);
  if (tapToShow && !shown) return <ShowPhotoLink photo={photo} alt={alt ?? photo.alt} onShow={() => setShown(true)} />;
  if (tapToShow) maxWidth = 320;
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
        className={className ? `photo-img ${className}` : "photo-img"}
        {...priorityAttrs}
      />
    </picture>
  );
}
