// /guest-houses: every public guest house in Buea, filtered (neighbourhood, price per night, guests,
// amenities, verified host only, free on given dates), newest or cheapest first, 12 a page.
// Guest houses can always be viewed (SPEC §6). Plain HTML: no framework JavaScript (decision 0005).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { guestHouseCriteriaToParams, parseGuestHouseCriteria } from "#domain/guest-houses/guest-house-criteria";
import { GUEST_HOUSE_PAGE_SIZE } from "#domain/guest-houses/guest-house-catalogue.port";
import { i18next } from "~/i18next.server";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { GuestHouseGrid } from "~/components/guest-houses/guest-house-card";
import { GuestHouseFilters } from "~/components/guest-houses/guest-house-filters";

export const handle = { i18n: ["guest-houses", "listings"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const criteria = parseGuestHouseCriteria(url.searchParams);
  const canonical = guestHouseCriteriaToParams(criteria);
  // One URL per search: the form's empty "All neighbourhoods" and the default sort are dropped.
  const expected = new URLSearchParams(canonical);
  const language = url.searchParams.get("lng");
  if (language) expected.set("lng", language);
  if (new URLSearchParams(url.search).toString() !== expected.toString()) {
    const search = expected.toString();
    throw redirect(`/guest-houses${search ? `?${search}` : ""}`);
  }

  const guestHouses = context.services.guestHouses.catalogue;
  const [{ items, total }, neighbourhoods] = await Promise.all([guestHouses.listGuestHouses(criteria), guestHouses.neighbourhoods()]);
  const query = canonical.toString();
  const filters = guestHouseCriteriaToParams(criteria, { page: false });
  const pageCount = Math.max(1, Math.ceil(total / GUEST_HOUSE_PAGE_SIZE));
  const pageHref = (page: number) => {
    const params = new URLSearchParams(filters);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return `/guest-houses${search ? `?${search}` : ""}`;
  };
  const pages = {
    page: criteria.page,
    pageCount,
    prev: criteria.page > 1 ? pageHref(Math.min(criteria.page - 1, pageCount)) : null,
    next: criteria.page < pageCount ? pageHref(criteria.page + 1) : null,
  };
  const t = await i18next.getFixedT(request, "guest-houses");
  const seo: PageSeo = {
    title: criteria.neighbourhood ? t("seo.titleIn", { neighbourhood: criteria.neighbourhood }) : t("seo.title"),
    description: t("seo.description"),
    path: `/guest-houses${query ? `?${query}` : ""}`,
    // The plain list and one-neighbourhood lists are for search engines; other searches are for people.
    noindex: items.length === 0 || [...canonical.keys()].some((k) => k !== "n"),
  };
  return { criteria, items, total, pages, neighbourhoods, query, filtersQuery: filters.toString(), seo };
}

export default function GuestHousesPage() {
  const { criteria, items, total, pages, neighbourhoods, query, filtersQuery } = useLoaderData<typeof loader>();
  const { t } = useTranslation("guest-houses");
  return (
    <div className="container-page py-6">
      <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t("intro")}</p>

      <div className="mt-4">
        <GuestHouseFilters criteria={criteria} neighbourhoods={neighbourhoods} formKey={filtersQuery} />
      </div>

      <p role="status" className="mt-6 font-semibold" data-testid="result-count">
        {t("results.count", { count: total })}
      </p>

      {items.length > 0 ? (
        <section aria-labelledby="results-heading" className="mt-4">
          <h2 id="results-heading" className="sr-only">
            {t("results.heading")}
          </h2>
          <GuestHouseGrid items={items} back={query || null} />
          {pages.pageCount > 1 ? (
            <nav aria-label={t("pagination.label")} className="mt-6 flex items-center justify-between gap-3">
              {pages.prev ? (
                <Link to={pages.prev} className="btn-secondary" rel="prev">
                  {t("pagination.previous")}
                </Link>
              ) : (
                <span />
              )}
              <p className="text-sm">{t("pagination.page", { page: pages.page, count: pages.pageCount })}</p>
              {pages.next ? (
                <Link to={pages.next} className="btn-secondary" rel="next">
                  {t("pagination.next")}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      ) : (
        <section className="card mt-4 p-8 text-center" aria-labelledby="empty-heading">
          <h2 id="empty-heading" className="text-lg font-semibold">
            {t("results.emptyTitle")}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t("results.emptyBody")}</p>
          <div className="mt-4">
            <Link to="/guest-houses" className="btn-primary">
              {t("filters.clear")}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
