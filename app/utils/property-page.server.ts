// The loader and action of a listing's page, shared by /listings/$id and /property/$id (one
// screen, two addresses; the canonical one is /listings/{id}). Routes never import each other, so
// both route modules call these.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listingSearchToParams, parseListingSearch } from "#domain/listings/listing-search";
import type { PropertyDetail } from "#domain/listings/listing-read-models";
import { recordView } from "#domain/engagement/record-view.use-case";
import { isInWishlist } from "#domain/engagement/wishlist.queries";
import { contactAgent } from "#domain/messaging/contact-agent.use-case";
import { listingAgentForViewer } from "#domain/listings/agent-contact";
import { reportListing } from "#domain/reports/report-listing.use-case";
import { currentPath, getOptionalUser, requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { i18next } from "~/i18next.server";
import { formatDistance, formatXaf } from "~/utils/format";
import { absoluteUrl, clampDescription, type PageSeo } from "~/utils/seo";
import { photoUrl } from "~/utils/photos";
import { availabilityIsStale } from "~/components/listings/availability";
import { contactAgentSchema, reportSchema } from "~/components/listings/schemas";
import { domainFailure, parseForm } from "./form-failure.server";
import { readFormData } from "~/utils/form-data.server";
import { cleanKey } from "~/utils/clean-key";
import { photoViewIndex } from "~/utils/photo-view";

const ID_MAX = 100;
const SIMILAR_COUNT = 4;

/** Throws the 404 the root boundary draws as the not-found screen. */
function notFound(): never {
  throw new Response(null, { status: 404 });
}

/** The listing id from the URL; one with control characters is a 404 (PostgreSQL refuses a NUL: a 500). */
function propertyId(params: { id?: string }): string {
  const id = cleanKey(params.id, ID_MAX);
  if (id === null) notFound();
  return id;
}

/**
 * The listings search this page was opened from (?back=<query string>), re-read through the
 * search parser so only a clean /listings query comes out: never another site, never a script.
 */
export function backToListings(url: URL): string {
  const raw = url.searchParams.get("back");
  if (!raw || raw.length > 2000) return "/listings";
  const query = listingSearchToParams(parseListingSearch(new URLSearchParams(raw))).toString();
  return query ? `/listings?${query}` : "/listings";
}

const placeTypes = { room: "Room", studio: "Apartment", apartment: "Apartment", house: "House" } as const;

/** schema.org data for search engines: the listing as an offer to rent, with its place. */
function listingJsonLd(property: PropertyDetail, appUrl: string) {
  const url = absoluteUrl(appUrl, `/listings/${encodeURIComponent(property.id)}`);
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    "@id": url,
    url,
    name: property.title,
    description: clampDescription(property.description, 500),
    datePosted: property.createdAt,
    image: property.photos.map((p) => absoluteUrl(appUrl, photoUrl(p.storageKey, 1024))),
    offers: {
      "@type": "Offer",
      price: property.monthlyRent,
      priceCurrency: "XAF",
      availability: property.status === "available" && property.isAvailable ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      priceSpecification: { "@type": "UnitPriceSpecification", price: property.monthlyRent, priceCurrency: "XAF", unitCode: "MON" },
      seller: { "@type": "RealEstateAgent", name: property.agent.businessName ?? property.agent.name },
    },
    about: {
      "@type": placeTypes[property.propertyType],
      name: property.title,
      numberOfBedrooms: property.bedrooms,
      address: {
        "@type": "PostalAddress",
        streetAddress: property.address || undefined,
        addressLocality: `${property.neighbourhood}, Buea`,
        addressRegion: "South-West",
        addressCountry: "CM",
      },
      geo: { "@type": "GeoCoordinates", latitude: property.latitude, longitude: property.longitude },
    },
  };
}

export async function propertyLoader({ request, context, params }: LoaderFunctionArgs) {
  const id = propertyId(params);
  const { listings, engagement, publicConfig } = context.services;
  const user = await getOptionalUser(context, request);
  // The wishlist's answer asked with the listing (on PostgreSQL in the same round trip, decision 0169).
  const [page, saved] = await Promise.all([
    listings.search.findPropertyPage(id, SIMILAR_COUNT),
    user ? isInWishlist(engagement, user.id, id) : Promise.resolve(false),
  ]);
  if (!page) notFound();
  const { similar } = page;
  // The agent's direct number only for the agent and a student with a booked visit here (decision
  // 0201): for anyone else it never leaves the server, not even in the page's data.
  const agent = await listingAgentForViewer({ bookings: context.services.money.booking.bookings }, user?.id ?? null, page.property);
  const property = { ...page.property, agent };
  // A listing the student opens goes to their view history (the use case keeps the last 20).
  if (user) await recordView(engagement, { userId: user.id, propertyId: property.id });

  const url = new URL(request.url);
  const language = await i18next.getLocale(request);
  const t = await i18next.getFixedT(request, "listings");
  const first = property.photos[0] ?? null;
  const seo: PageSeo = {
    title: property.title,
    description: t("seo.propertyDescription", {
      rent: formatXaf(property.monthlyRent),
      type: t(`types.${property.propertyType}`),
      neighbourhood: property.neighbourhood,
      distance: formatDistance(property.distanceToCampusM, language),
      description: property.description,
    }),
    path: `/listings/${encodeURIComponent(property.id)}`,
    image: first ? photoUrl(first.storageKey, 1024) : null,
    imageAlt: first?.alt,
  };

  return {
    property,
    similar,
    saved,
    signedIn: user !== null,
    isOwnListing: user?.id === property.agent.userId,
    back: backToListings(url),
    showPhotos: url.searchParams.get("photos") === "1",
    // ?photo=N: that photo large, the gallery's view without JavaScript (decision 0242).
    photoView: photoViewIndex(url.searchParams, property.photos.length),
    availabilityStale: availabilityIsStale(property.availabilityConfirmedAt, listings.clock.now()),
    jsonLd: listingJsonLd(property, publicConfig.appUrl),
    seo,
  };
}

export async function propertyAction({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const id = propertyId(params);
  const formData = await readFormData(request);
  const { messaging, listingReports } = context.services;
  const here = currentPath(request);

  switch (formData.get("intent")) {
    case "contact": {
      const parsed = parseForm(formData, contactAgentSchema, "contact");
      if (!parsed.ok) return parsed.response;
      const result = await contactAgent(messaging, { studentId: user.id, propertyId: id, body: parsed.value.body });
      if (!result.ok) return domainFailure(request, formData, "contact", result.error);
      return redirectWithToast(context, request, here, { kind: "success", title: "listings:toasts.messageSent" });
    }
    case "report": {
      const parsed = parseForm(formData, reportSchema, "report");
      if (!parsed.ok) return parsed.response;
      const result = await reportListing(listingReports, {
        userId: user.id,
        propertyId: id,
        reason: parsed.value.reason,
        details: parsed.value.details,
      });
      if (!result.ok) return domainFailure(request, formData, "report", result.error);
      // Hidden by this report: the page would now be a 404, so go back to the list.
      const to = result.value.listingHidden ? backToListings(new URL(request.url)) : here;
      return redirectWithToast(context, request, to, { kind: "success", title: "listings:toasts.reported" });
    }
    default:
      throw new Response(null, { status: 400 });
  }
}
