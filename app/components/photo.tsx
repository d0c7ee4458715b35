import { useState } from "react";
import { useTranslation } from "~/utils/translation";
import type { PhotoRef } from "#domain/listings/listing-read-models";
import { CARD_SIZES, GALLERY_SIZES, photoFallbackUrl, photoSrcSet, photoUrl, type PhotoWidth } from "~/utils/photos";

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
      className="relative z-10 flex aspect-[4/3] w-full items-center justify-center bg-slate-100 p-2 text-center text-sm font-medium text-brand-700 underline dark:bg-slate-800 dark:text-brand-100"
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

/**
 * A gallery: the first photo large and loaded first, the rest in a grid, lazily. With Save-Data
 * no photo is loaded until tapped, then at its smallest size. Used by the property and guest-house pages.
 */
export function PhotoGallery({
  photos,
  altFor,
  saveData,
}: {
  photos: PhotoRef[];
  altFor: (photo: PhotoRef, index: number) => string;
  saveData: boolean;
}) {
  const [first, ...rest] = photos;
  if (!first) return null;
  return (
    <div className="space-y-2">
      <div className="overflow-hidden rounded-lg">
        <Photo photo={first} priority sizes={GALLERY_SIZES} alt={altFor(first, 0)} tapToShow={saveData} />
      </div>
      {rest.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {rest.map((p, i) => (
            <li key={`${p.storageKey}-${i}`} className="overflow-hidden rounded-lg">
              <Photo photo={p} sizes="(min-width: 640px) 16rem, 50vw" alt={altFor(p, i + 1)} maxWidth={640} tapToShow={saveData} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
