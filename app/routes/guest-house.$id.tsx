// /guest-house/{id}: one public guest house: photos, price per night, capacity, amenities, house
// rules, location, the host (with the verified-host badge) and the nights the host has blocked.
// Contact goes through /guest-house-booking/{id} (login and platform access): no free WhatsApp link.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { PhotoRef } from "#domain/listings/listing-read-models";
import { guestHouseCriteriaToParams, parseGuestHouseCriteria } from "#domain/guest-houses/guest-house-criteria";
import { i18next } from "~/i18next.server";
import { formatDistance, formatXaf } from "~/utils/format";
import { clampDescription, seoMeta, type PageSeo } from "~/utils/seo";
import { photoUrl } from "~/utils/photos";
import { PhotoGallery, PhotoView } from "~/components/photo-gallery";
import { photoViewIndex } from "~/utils/photo-view";
import { VerifiedBadge } from "~/components/listings/badges";
import { useSaveData } from "~/components/listings/property-card";
import { AmenityList } from "~/components/guest-houses/guest-house-card";
import { cleanKey } from "~/utils/clean-key";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { PLATFORM_ACCESS_DAYS, PLATFORM_ACCESS_FEE_XAF } from "#domain/guest-house-access/platform-access.entity";

export const handle = { i18n: ["guest-houses", "listings"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

const ID_MAX = 100;

function notFound(): never {
  throw new Response(null, { status: 404 });
}

/** The list this page was opened from (?back=<query>), re-read through the parser: only a clean /guest-houses query. */
function backToList(url: URL): string {
  const raw = url.searchParams.get("back");
  if (!raw || raw.length > 500) return "/guest-houses";
  const query = guestHouseCriteriaToParams(parseGuestHouseCriteria(new URLSearchParams(raw))).toString();
  return query ? `/guest-houses?${query}` : "/guest-houses";
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Control characters are a 404: PostgreSQL refuses a NUL in a query (a 500).
  const id = cleanKey(params.id, ID_MAX);
  if (id === null) notFound();
  const { guestHouses } = context.services;
  const guestHouse = await guestHouses.catalogue.findGuestHouse(id);
  if (!guestHouse) notFound();

  const language = (await i18next.getLocale(request)) === "fr" ? "fr" : "en";
  const t = await i18next.getFixedT(request, "guest-houses");
  const path = `/guest-house/${encodeURIComponent(guestHouse.id)}`;
  const first = guestHouse.photos[0];
  const seo: PageSeo = {
    title: t("seo.detailTitle", { name: guestHouse.name, neighbourhood: guestHouse.neighbourhood }),
    description: t("seo.detailDescription", {
      rate: formatXaf(guestHouse.nightlyRate),
      neighbourhood: guestHouse.neighbourhood,
      distance: formatDistance(guestHouse.distanceToCampusM, language),
      description: clampDescription(guestHouse.description, 120),
    }),
    path,
    image: first ? photoUrl(first.storageKey, 1024) : null,
    imageAlt: first?.alt || guestHouse.name,
  };
  const url = new URL(request.url);
  return {
    guestHouse,
    bookHref: `/guest-house-booking/${encodeURIComponent(guestHouse.id)}`,
    back: backToList(url),
    // ?photo=N: that photo large, the gallery's view without JavaScript (decision 0242).
    photoView: photoViewIndex(url.searchParams, guestHouse.photos.length),
    seo,
  };
}

/** "Photo 2 of 5: …": a photo's caption, and its name for a screen reader. */
function useCaption(name: string, total: number) {
  const { t } = useTranslation("guest-houses");
  return (p: PhotoRef, i: number) => t("detail.photoAlt", { n: i + 1, total, alt: p.alt || name });
}

function Gallery({ photos, name }: { photos: PhotoRef[]; name: string }) {
  const { t } = useTranslation("guest-houses");
  const saveData = useSaveData();
  const captionFor = useCaption(name, photos.length);
  if (photos.length === 0) return <p className="card p-6 text-center text-slate-700 dark:text-slate-300">{t("detail.noPhotos")}</p>;
  return <PhotoGallery photos={photos} saveData={saveData} title={name} captionFor={captionFor} />;
}

/** ?photo=N: one photo large, a page of its own (the gallery's view without JavaScript). */
function GuestHousePhotoView({ photos, name, index }: { photos: PhotoRef[]; name: string; index: number }) {
  const { t } = useTranslation("guest-houses");
  const saveData = useSaveData();
  const captionFor = useCaption(name, photos.length);
  return (
    <PhotoView photos={photos} index={index} saveData={saveData} title={name} captionFor={captionFor} backLabel={t("detail.photoBack")} />
  );
}

export default function GuestHousePage() {
  const { guestHouse, bookHref, back, photoView } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("guest-houses");
  if (photoView !== null) return <GuestHousePhotoView photos={guestHouse.photos} name={guestHouse.name} index={photoView} />;
  return (
    <article className="container-page py-6">
      <p>
        <Link to={back} className="link text-sm">
          <span aria-hidden="true">← </span>
          {t("detail.back")}
        </Link>
      </p>
      <header className="mt-3">
        {guestHouse.verifiedHost ? <VerifiedBadge label={t("verifiedHost")} /> : null}
        <h1 className="mt-2 text-2xl font-bold md:text-3xl">{guestHouse.name}</h1>
      </header>

      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <section aria-label={t("detail.photos")}>
            <Gallery photos={guestHouse.photos} name={guestHouse.name} />
          </section>

          <section aria-labelledby="facts-heading" className="card p-4">
            <h2 id="facts-heading" className="sr-only">
              {t("detail.facts")}
            </h2>
            <p className="text-2xl font-bold text-brand-700 dark:text-brand-100" data-testid="nightly-rate">
              {t("perNight", { amount: formatXaf(guestHouse.nightlyRate) })}
            </p>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-700 dark:text-slate-300">{t("detail.location")}</dt>
                <dd>
                  {t("where", {
                    neighbourhood: guestHouse.neighbourhood,
                    distance: formatDistance(guestHouse.distanceToCampusM, i18n.language),
                  })}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700 dark:text-slate-300">{t("detail.rooms")}</dt>
                <dd>{t("rooms", { count: guestHouse.rooms })}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700 dark:text-slate-300">{t("detail.capacity")}</dt>
                <dd data-testid="capacity">{t("guests", { count: guestHouse.maxGuests })}</dd>
              </div>
              {guestHouse.address ? (
                <div>
                  <dt className="font-medium text-slate-700 dark:text-slate-300">{t("detail.address")}</dt>
                  <dd>{guestHouse.address}</dd>
                </div>
              ) : null}
            </dl>
          </section>

          <section aria-labelledby="amenities-heading">
            <h2 id="amenities-heading" className="text-xl font-semibold">
              {t("detail.amenities")}
            </h2>
            {guestHouse.amenities.length > 0 ? (
              <AmenityList amenities={guestHouse.amenities} className="mt-3" />
            ) : (
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t("detail.noAmenities")}</p>
            )}
          </section>

          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-semibold">
              {t("detail.description")}
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-800 dark:text-slate-200">
              {guestHouse.description || t("detail.noDescription")}
            </p>
          </section>

          <section aria-labelledby="rules-heading">
            <h2 id="rules-heading" className="text-xl font-semibold">
              {t("detail.houseRules")}
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-800 dark:text-slate-200">
              {guestHouse.houseRules || t("detail.noHouseRules")}
            </p>
          </section>

          <section aria-labelledby="blocked-heading">
            <h2 id="blocked-heading" className="text-xl font-semibold">
              {t("detail.blockedDates")}
            </h2>
            {guestHouse.blockedDates.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-2 text-sm" data-testid="blocked-dates">
                {guestHouse.blockedDates.map((d) => (
                  <li key={d} className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
                    <time dateTime={d}>{formatVisitDate(d, i18n.language)}</time>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t("detail.noBlockedDates")}</p>
            )}
          </section>
        </div>

        <aside className="space-y-4">
          <section aria-labelledby="host-heading" className="card space-y-3 p-4">
            <h2 id="host-heading" className="text-lg font-semibold">
              {t("detail.host")}
            </h2>
            {guestHouse.verifiedHost ? (
              <div className="space-y-1">
                <VerifiedBadge label={t("verifiedHost")} />
                <p className="text-sm">{t("detail.verifiedHostNote")}</p>
              </div>
            ) : (
              <p className="text-sm">{t("detail.unverifiedHostNote")}</p>
            )}
          </section>
          <section aria-labelledby="booking-heading" className="card space-y-2 p-4">
            <h2 id="booking-heading" className="text-lg font-semibold">
              {t("detail.bookingTitle")}
            </h2>
            {guestHouse.contactable ? (
              <>
                <p className="text-sm">
                  {t("detail.bookingBody", { amount: formatXaf(PLATFORM_ACCESS_FEE_XAF), days: PLATFORM_ACCESS_DAYS })}
                </p>
                <Link to={bookHref} className="btn-primary w-full text-base">
                  {t("detail.book")}
                </Link>
              </>
            ) : (
              <p className="text-sm">{t("detail.noWhatsapp")}</p>
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}
