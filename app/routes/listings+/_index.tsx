import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { listingSearchToParams, parseListingSearch, type ListingSearchCriteria } from "#domain/listings/listing-search";
import { recordSearch } from "#domain/engagement/record-search.use-case";
import { getOptionalUser } from "~/utils/auth.server";
import { i18next } from "~/i18next.server";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { ListingFilters } from "~/components/listings/listing-filters";
import { PropertyGrid } from "~/components/listings/property-card";
import { Pagination } from "~/components/listings/pagination";

export const handle = { i18n: ["listings"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

/** Query string of the criteria on another page: pagination links keep every filter. */
const withPage = (criteria: ListingSearchCriteria, page: number) => listingSearchToParams({ ...criteria, page }).toString();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const criteria = parseListingSearch(url.searchParams);
  const canonical = listingSearchToParams(criteria);
  // One URL per search: empty fields of the GET form, unknown values and odd orders are dropped,
  // so the address bar, shared links, history and caches all see the same search.
  const language = url.searchParams.get("lng");
  const expected = new URLSearchParams(canonical);
  if (language) expected.set("lng", language);
  if (new URLSearchParams(url.search).toString() !== expected.toString()) {
    const search = expected.toString();
    throw redirect(`/listings${search ? `?${search}` : ""}`);
  }

  const { listings, engagement } = context.services;
  const [page, user] = await Promise.all([listings.search.searchListings(criteria), getOptionalUser(context, request)]);
  const query = canonical.toString();
  if (user && query !== "") {
    // An empty search is refused by the use case and a repeated one is not stored twice: nothing to report.
    await recordSearch(engagement, { userId: user.id, queryString: query });
  }

  const t = await i18next.getFixedT(request, "listings");
  const seo: PageSeo = {
    title:
      criteria.neighbourhoods.length === 1 ? t("seo.listingsIn", { neighbourhood: criteria.neighbourhoods[0] }) : t("seo.listingsTitle"),
    description: t("seo.listingsDescription"),
    path: `/listings${query ? `?${query}` : ""}`,
    // Filtered and paged variants are for people; the plain list and one-neighbourhood lists are for search engines.
    noindex: !(query === "" || (canonical.getAll("n").length === 1 && [...canonical.keys()].length === 1)),
  };
  return { criteria, page, query, signedIn: user !== null, seo };
}

export default function ListingsPage() {
  const { criteria, page, query, signedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listings");
  const count = page.totalIsCapped ? t("results.countCapped", { count: page.total }) : t("results.count", { count: page.total });
  return (
    <div className="container-page py-6">
      <h1 className="text-2xl font-bold md:text-3xl">{t("listingsTitle")}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t("listingsIntro")}</p>

      <div className="mt-4">
        <ListingFilters criteria={criteria} formKey={query} />
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="font-semibold" data-testid="result-count">
          {count}
        </p>
        {signedIn && query !== "" ? (
          <Form method="post" action="/resources/saved-searches" className="flex items-center gap-2">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="query" value={query} />
            <button type="submit" className="btn-secondary">
              {t("savedSearch.save")}
            </button>
          </Form>
        ) : null}
      </div>

      {page.items.length > 0 ? (
        <section aria-labelledby="results-heading" className="mt-4">
          <h2 id="results-heading" className="sr-only">
            {t("results.heading")}
          </h2>
          <PropertyGrid items={page.items} back={withPage(criteria, page.page)} priorityFirst />
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(p) => `/listings${withPage(criteria, p) ? `?${withPage(criteria, p)}` : ""}`}
          />
        </section>
      ) : (
        <section className="card mt-4 p-8 text-center" aria-labelledby="empty-heading">
          <h2 id="empty-heading" className="text-lg font-semibold">
            {page.total > 0 ? t("results.pastEnd") : t("results.emptyTitle")}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t("results.emptyBody")}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            {page.total > 0 ? (
              <Link to={`/listings${withPage(criteria, 1) ? `?${withPage(criteria, 1)}` : ""}`} className="btn-secondary">
                {t("results.firstPage")}
              </Link>
            ) : null}
            <Link to="/listings" className="btn-primary">
              {t("filters.clear")}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
