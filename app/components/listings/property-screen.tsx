// A listing's page: the same screen at /listings/{id} and /property/{id}.
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { AMENITIES } from "#domain/listings/listing-search";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "#domain/reports/listing-report.entity";
import { MESSAGE_BODY_MAX } from "#domain/messaging/message.entity";
import type { PhotoRef, PropertyDetail } from "#domain/listings/listing-read-models";
import { formatDate, formatXaf } from "~/utils/format";
import { listingWhere } from "~/components/listings/listing-where";
import { seoMeta } from "~/utils/seo";
import { PhotoGallery, PhotoView } from "~/components/photo-gallery";
import type { propertyLoader } from "~/utils/property-page.server";
import { StatusBadge, VerifiedBadge } from "./badges";
import { AgentContactLinks, AgentSummary } from "./agent-card";
import { PropertyGrid, useSaveData } from "./property-card";
import { WishlistButton } from "./wishlist-button";
import { JsonLd } from "./json-ld";
import { errorProps, Field, FormAlert, failureFor } from "~/components/forms/form-bits";

export const propertyHandle = { i18n: ["listings"], hydrate: false };

export const propertyMeta: MetaFunction<typeof propertyLoader> = ({ data, matches }) => seoMeta(data?.seo, matches);

/** "Photo 2 of 5: …": a photo's caption, and its name for a screen reader. */
function useCaption(title: string, total: number) {
  const { t } = useTranslation("listings");
  return (p: PhotoRef, i: number) => t("detail.photoAlt", { n: i + 1, total, alt: p.alt || title });
}

function Gallery({ photos, title, showPhotos }: { photos: PhotoRef[]; title: string; showPhotos: boolean }) {
  const { t } = useTranslation("listings");
  const saveData = useSaveData();
  const location = useLocation();
  const captionFor = useCaption(title, photos.length);
  if (photos.length === 0) {
    return <p className="card p-6 text-center text-slate-700 dark:text-slate-300">{t("detail.noPhotos")}</p>;
  }
  if (saveData && !showPhotos) {
    // Save-Data: no photo is downloaded until the student asks for them.
    const params = new URLSearchParams(location.search);
    params.set("photos", "1");
    return (
      <div className="card flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-slate-700 dark:text-slate-300">{t("detail.saveDataNote")}</p>
        <Link to={`${location.pathname}?${params}`} replace preventScrollReset className="btn-secondary">
          {t("detail.showPhotos", { count: photos.length })}
        </Link>
      </div>
    );
  }
  return <PhotoGallery photos={photos} saveData={saveData} title={title} captionFor={captionFor} />;
}

/** ?photo=N: one photo large, a page of its own (the gallery's view without JavaScript). */
function PropertyPhotoView({ property, index }: { property: PropertyDetail; index: number }) {
  const { t } = useTranslation("listings");
  const saveData = useSaveData();
  const captionFor = useCaption(property.title, property.photos.length);
  return (
    <PhotoView
      photos={property.photos}
      index={index}
      saveData={saveData}
      title={property.title}
      captionFor={captionFor}
      backLabel={t("detail.photoBack")}
    />
  );
}

function Facts({ property, availabilityStale }: { property: PropertyDetail; availabilityStale: boolean }) {
  const { t, i18n } = useTranslation("listings");
  const lang = i18n.language;
  return (
    <section aria-labelledby="facts-heading" className="card p-4">
      <h2 id="facts-heading" className="sr-only">
        {t("detail.facts")}
      </h2>
      <p className="text-2xl font-bold text-brand-700 dark:text-brand-100" data-testid="monthly-rent">
        {t("card.perMonth", { amount: formatXaf(property.monthlyRent) })}
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t("detail.advance")}</dt>
          <dd>
            {t("detail.advanceValue", { count: property.advanceMonths, amount: formatXaf(property.monthlyRent * property.advanceMonths) })}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t("detail.location")}</dt>
          <dd data-testid="listing-where">{listingWhere(t, property, lang)}</dd>
          {property.locationApproximate ? (
            <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="approximate-location">
              {t("detail.approximateLocation", { neighbourhood: property.neighbourhood })}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t("detail.type")}</dt>
          <dd>
            {t(`types.${property.propertyType}`)} · {t("card.bedrooms", { count: property.bedrooms })}
          </dd>
        </div>
        {property.address ? (
          <div>
            <dt className="font-medium text-slate-700 dark:text-slate-300">{t("detail.address")}</dt>
            <dd>{property.address}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 text-sm">
        {property.availabilityConfirmedAt ? (
          <p>{t("detail.confirmedOn", { date: formatDate(property.availabilityConfirmedAt, lang) })}</p>
        ) : (
          <p>{t("detail.neverConfirmed")}</p>
        )}
        {availabilityStale ? (
          <p
            role="note"
            className="mt-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-900 dark:border-amber-600 dark:bg-slate-900 dark:text-amber-200"
          >
            {t("detail.staleWarning", { days: 14 })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function Amenities({ property }: { property: PropertyDetail }) {
  const { t } = useTranslation("listings");
  return (
    <section aria-labelledby="amenities-heading">
      <h2 id="amenities-heading" className="text-xl font-semibold">
        {t("detail.amenities")}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {AMENITIES.map((a) => {
          const has = property.amenities[a];
          return (
            <li key={a} className={`flex items-center gap-2 ${has ? "" : "text-slate-600 dark:text-slate-400"}`}>
              <span aria-hidden="true" className={has ? "font-bold text-brand-700 dark:text-brand-100" : ""}>
                {has ? "✓" : "✗"}
              </span>
              {t(`amenities.${a}`)}
              <span className="sr-only">: {has ? t("detail.yes") : t("detail.no")}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function BookingBox({ property }: { property: PropertyDetail }) {
  const { t } = useTranslation("listings");
  const open = property.status === "available" && property.isAvailable;
  if (open) {
    return (
      <Link to={`/book-visit/${encodeURIComponent(property.id)}`} className="btn-primary w-full text-base">
        {t("detail.bookVisit")}
      </Link>
    );
  }
  return (
    <p className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
      {property.status === "rented_out" ? t("detail.rentedOut") : t("detail.unavailable")}
    </p>
  );
}

function ContactAgentForm({ signedIn, isOwnListing }: { signedIn: boolean; isOwnListing: boolean }) {
  const { t } = useTranslation("listings");
  const location = useLocation();
  const failure = failureFor(useActionData(), "contact");
  if (isOwnListing) return <p className="text-sm">{t("contactAgent.ownListing")}</p>;
  if (!signedIn) {
    return (
      <p className="text-sm">
        <Link to={`/auth/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`} className="link">
          {t("contactAgent.login")}
        </Link>
      </p>
    );
  }
  const error = failure?.fieldErrors.body;
  return (
    <Form method="post" className="space-y-3" preventScrollReset>
      <FormAlert message={failure?.formError} />
      <input type="hidden" name="intent" value="contact" />
      <Field id="contact-body" label={t("contactAgent.message")} error={error} hint={t("contactAgent.hint")}>
        <textarea
          id="contact-body"
          name="body"
          required
          maxLength={MESSAGE_BODY_MAX}
          rows={4}
          defaultValue={failure?.values.body ?? ""}
          className="input"
          {...errorProps("contact-body", error)}
        />
      </Field>
      <button type="submit" className="btn-primary">
        {t("contactAgent.send")}
      </button>
    </Form>
  );
}

function ReportForm({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("listings");
  const location = useLocation();
  const failure = failureFor(useActionData(), "report");
  return (
    <details className="card p-4" open={failure ? true : undefined}>
      <summary className="cursor-pointer font-semibold">
        <h2 className="inline text-base">{t("report.title")}</h2>
      </summary>
      {signedIn ? (
        <Form method="post" className="mt-3 space-y-3" preventScrollReset>
          <FormAlert message={failure?.formError} />
          <input type="hidden" name="intent" value="report" />
          <Field id="report-reason" label={t("report.reason")} error={failure?.fieldErrors.reason}>
            <select
              id="report-reason"
              name="reason"
              required
              defaultValue={failure?.values.reason ?? ""}
              className="input"
              {...errorProps("report-reason", failure?.fieldErrors.reason)}
            >
              <option value="" disabled>
                {t("report.choose")}
              </option>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`report.reasons.${r}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="report-details" label={t("report.details")} error={failure?.fieldErrors.details}>
            <textarea
              id="report-details"
              name="details"
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              defaultValue={failure?.values.details ?? ""}
              className="input"
              {...errorProps("report-details", failure?.fieldErrors.details)}
            />
          </Field>
          <button type="submit" className="btn-danger">
            {t("report.submit")}
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm">
          <Link to={`/auth/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`} className="link">
            {t("report.login")}
          </Link>
        </p>
      )}
    </details>
  );
}

export function PropertyScreen() {
  const { property, similar, saved, signedIn, isOwnListing, back, showPhotos, photoView, availabilityStale, jsonLd } =
    useLoaderData<typeof propertyLoader>();
  const { t } = useTranslation("listings");
  const root = useRouteLoaderData("root") as { publicConfig?: { appUrl?: string } } | undefined;
  const pageUrl = `${root?.publicConfig?.appUrl ?? ""}/listings/${encodeURIComponent(property.id)}`;
  if (photoView !== null) return <PropertyPhotoView property={property} index={photoView} />;
  return (
    <article className="container-page py-6">
      <p>
        <Link to={back} className="link text-sm">
          <span aria-hidden="true">← </span>
          {t("detail.back")}
        </Link>
      </p>
      <header className="mt-3">
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={property.status} />
          {property.isVerified ? <VerifiedBadge /> : null}
        </div>
        <h1 className="mt-2 text-2xl font-bold md:text-3xl">{property.title}</h1>
      </header>

      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <section aria-label={t("detail.photos")}>
            <Gallery photos={property.photos} title={property.title} showPhotos={showPhotos} />
          </section>
          <Facts property={property} availabilityStale={availabilityStale} />
          <Amenities property={property} />
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-semibold">
              {t("detail.description")}
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-800 dark:text-slate-200">
              {property.description || t("detail.noDescription")}
            </p>
          </section>
        </div>

        <aside className="space-y-4">
          <div className="card space-y-3 p-4">
            <BookingBox property={property} />
            <WishlistButton propertyId={property.id} saved={saved} signedIn={signedIn} />
          </div>
          <section aria-labelledby="agent-heading" className="card space-y-3 p-4">
            <h2 id="agent-heading" className="text-lg font-semibold">
              {t("agent.heading")}
            </h2>
            <AgentSummary agent={property.agent} />
            <AgentContactLinks
              agent={property.agent}
              whatsappText={t("agent.whatsappText", { title: property.title, url: pageUrl })}
              hiddenNote={t("agent.numberAfterBooking")}
            />
          </section>
          <section aria-labelledby="contact-agent-heading" className="card space-y-3 p-4">
            <h2 id="contact-agent-heading" className="text-lg font-semibold">
              {t("contactAgent.title")}
            </h2>
            <ContactAgentForm signedIn={signedIn} isOwnListing={isOwnListing} />
          </section>
          {isOwnListing ? null : <ReportForm signedIn={signedIn} />}
        </aside>
      </div>
      {/* On a phone the booking box comes after the whole description: the action stays in reach at
          the bottom of the screen while the page scrolls, leaving the right for Support (issue 32). */}
      {property.status === "available" && property.isAvailable && !isOwnListing ? (
        <div
          className="sticky bottom-0 z-30 -mx-4 mt-4 border-t border-slate-200 bg-white/95 py-3 pl-4 pr-32 dark:border-slate-700 dark:bg-slate-900/95 lg:hidden"
          data-testid="sticky-book"
        >
          <Link to={`/book-visit/${encodeURIComponent(property.id)}`} className="btn-primary w-full">
            {t("detail.bookVisit")}
          </Link>
        </div>
      ) : null}

      {similar.length > 0 ? (
        <section aria-labelledby="similar-heading" className="mt-10">
          <h2 id="similar-heading" className="text-xl font-semibold">
            {t("detail.similar")}
          </h2>
          <div className="mt-4">
            <PropertyGrid items={similar} />
          </div>
        </section>
      ) : null}
      <JsonLd data={jsonLd} />
    </article>
  );
}
