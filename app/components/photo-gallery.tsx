// The photos of a listing or a guest house (issue 32, decision 0242): a strip that swipes with the
// finger (CSS scroll snap, no JavaScript), each photo whole (never cropped) with its caption in
// full below it. A photo is a link to its large view, a page of its own (?photo=N, PhotoView); with
// JavaScript, app/enhance.js opens the page's <dialog> instead, full screen. With Save-Data each
// photo waits behind a "Show photo" link (decision 0146) and there is no viewer.
import { useLocation } from "@remix-run/react";
import type { PhotoRef } from "#domain/listings/listing-read-models";
import { Link } from "~/components/link";
import { Photo } from "~/components/photo";
import { useTranslation } from "~/utils/translation";
import { GALLERY_SIZES, GALLERY_STRIP_SIZES, GALLERY_VIEW_SIZES } from "~/utils/photos";
import { photoViewHref } from "~/utils/photo-view";

interface GalleryProps {
  photos: PhotoRef[];
  /** A photo's caption, shown in full below it and read as its name: "Photo 2 of 5: …". */
  captionFor: (photo: PhotoRef, index: number) => string;
  /** The listing's title or the guest house's name: names the viewer. */
  title: string;
  /** Save-Data: no photo until tapped, and no viewer. */
  saveData: boolean;
}

/**
 * The full-screen viewer that app/enhance.js fills and opens: its slides are copies of the strip's
 * photos, side by side, one per screen, that swipe (scroll snap). Without JavaScript it never opens.
 */
function GalleryDialog({ title, many }: { title: string; many: boolean }) {
  const { t } = useTranslation("common");
  return (
    <dialog className="gallery-dialog" aria-label={t("photo.viewer", { title })} data-testid="gallery-dialog">
      <div className="gallery-bar justify-end">
        <p role="status" className="sr-only" data-gallery-status="" />
        <button type="button" className="gallery-button" data-gallery-close="">
          <span aria-hidden="true">✕ </span>
          {t("photo.close")}
        </button>
      </div>
      {/* In the tab order, so a keyboard reaches the scrolling slides (axe: scrollable-region-focusable). */}
      <ul className="gallery-slides" tabIndex={0} data-gallery-slides="" />
      {many ? (
        <div className="gallery-bar justify-between">
          {/* Short words on the buttons ("Précédente"), so both fit on one row of a 360 px phone;
              their names say "photo" (the visible word is part of the name). */}
          <button type="button" className="gallery-button" data-gallery-prev="" aria-label={t("photo.previous")}>
            <span aria-hidden="true">← </span>
            {t("photo.previousShort")}
          </button>
          <button type="button" className="gallery-button" data-gallery-next="" aria-label={t("photo.next")}>
            {t("photo.nextShort")}
            <span aria-hidden="true"> →</span>
          </button>
        </div>
      ) : null}
    </dialog>
  );
}

/** The address of this page's large view of photo `index` (0-based), or of the page (null). */
function useViewHref() {
  const { pathname, search } = useLocation();
  return (index: number | null, hash?: string) => photoViewHref(pathname, search, index, hash);
}

export function PhotoGallery({ photos, captionFor, title, saveData }: GalleryProps) {
  const { t } = useTranslation("common");
  const viewHref = useViewHref();
  if (photos.length === 0) return null;
  const many = photos.length > 1;
  return (
    <div data-gallery="">
      {/* Relative: the links' hidden words (sr-only, absolute) scroll with the strip, not widen the page. */}
      <ul className="relative flex snap-x snap-mandatory gap-3 overflow-x-auto overscroll-x-contain pb-2" data-testid="gallery-strip">
        {photos.map((photo, i) => (
          <li
            key={`${photo.storageKey}-${i}`}
            id={`photo-${i + 1}`}
            className={many ? "w-[85%] shrink-0 snap-start snap-always sm:w-2/3" : "w-full shrink-0"}
          >
            {saveData ? (
              <div className="overflow-hidden rounded-lg">
                <Photo photo={photo} alt={captionFor(photo, i)} tapToShow />
              </div>
            ) : (
              <Link to={viewHref(i)} className="group block rounded-lg" data-gallery-open="">
                <span className="block overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800">
                  <Photo
                    photo={photo}
                    priority={i === 0}
                    sizes={many ? GALLERY_STRIP_SIZES : GALLERY_SIZES}
                    alt=""
                    className="aspect-[3/2] object-contain"
                  />
                </span>
                <span
                  className="mt-1 block [overflow-wrap:anywhere] text-sm text-slate-800 group-hover:underline dark:text-slate-200"
                  data-gallery-caption=""
                >
                  {captionFor(photo, i)}
                </span>
                <span className="sr-only"> {t("photo.viewLarge")}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      {saveData ? null : <GalleryDialog title={title} many={many} />}
    </div>
  );
}

/**
 * One photo large, as a page (?photo=N): what a photo of the strip opens without JavaScript. The
 * photo whole, as wide as the screen, its caption, the previous and next photos, and the way back
 * to the strip at the photo last seen.
 */
export function PhotoView({ photos, index, captionFor, title, saveData, backLabel }: GalleryProps & { index: number; backLabel: string }) {
  const { t } = useTranslation("common");
  const viewHref = useViewHref();
  const photo = photos[index];
  if (!photo) return null;
  return (
    <article className="container-page py-4" data-testid="photo-view">
      <p>
        {/* Back to the strip, at the photo last seen. */}
        <Link to={viewHref(null, `#photo-${index + 1}`)} className="link text-sm">
          <span aria-hidden="true">← </span>
          {backLabel}
        </Link>
      </p>
      <h1 className="mt-2 text-xl font-bold md:text-2xl">{title}</h1>
      <figure className="mt-3">
        <div className="-mx-4 flex justify-center bg-slate-950 sm:mx-0 sm:rounded-lg">
          <Photo
            photo={photo}
            priority
            sizes={GALLERY_VIEW_SIZES}
            maxWidth={saveData ? 320 : 1024}
            alt=""
            className="max-h-[80vh] w-auto object-contain"
          />
        </div>
        <figcaption className="mt-2 [overflow-wrap:anywhere]" data-gallery-caption="">
          {captionFor(photo, index)}
        </figcaption>
      </figure>
      {photos.length > 1 ? (
        <nav aria-label={t("photo.others")} className="mt-4 flex flex-wrap justify-between gap-3">
          {index > 0 ? (
            <Link to={viewHref(index - 1)} className="btn-secondary">
              <span aria-hidden="true">← </span>
              {t("photo.previous")}
            </Link>
          ) : (
            <span />
          )}
          {index < photos.length - 1 ? (
            <Link to={viewHref(index + 1)} className="btn-secondary">
              {t("photo.next")}
              <span aria-hidden="true"> →</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
