// The profile page's discovery sections. Each renders inside the profile's <ProfileSection>; the
// route adds "listings" to its handle's namespaces.
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { PropertyCard } from "#domain/listings/listing-read-models";
import type { ListingSearchCriteria } from "#domain/listings/listing-search";
import { formatDate, formatXaf } from "~/utils/format";
import { listingWhere } from "~/components/listings/listing-where";
import { propertyHref } from "~/components/listings/property-card";
import { StatusBadge } from "~/components/listings/badges";

/** A compact row: title link, rent, where. Lighter than a card for a long personal list. */
function ListingRow({ property, action }: { property: PropertyCard; action?: React.ReactNode }) {
  const { t, i18n } = useTranslation("listings");
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 py-3 last:border-0 dark:border-slate-700">
      <div className="min-w-0">
        <Link to={propertyHref(property.id)} className="link">
          {property.title}
        </Link>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("card.perMonth", { amount: formatXaf(property.monthlyRent) })} · {listingWhere(t, property, i18n.language)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <StatusBadge status={property.status} />
        {action}
      </div>
    </li>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-slate-700 dark:text-slate-300">{children}</p>;
}

/** The saved listings, each with a Remove button (a POST form: works without JavaScript). */
export function WishlistSection({ items }: { items: PropertyCard[] }) {
  const { t } = useTranslation("listings");
  if (items.length === 0) {
    return (
      <Empty>
        {t("wishlist.empty")}{" "}
        <Link to="/listings" className="link">
          {t("wishlist.browse")}
        </Link>
      </Empty>
    );
  }
  return (
    <ul data-testid="wishlist">
      {items.map((p) => (
        <ListingRow
          key={p.id}
          property={p}
          action={
            <Form method="post" action="/resources/wishlist">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="propertyId" value={p.id} />
              <input type="hidden" name="redirectTo" value="/profile#wishlist" />
              <button type="submit" className="btn-secondary px-3 py-1" aria-label={`${t("wishlist.remove")}: ${p.title}`}>
                {t("wishlist.remove")}
              </button>
            </Form>
          }
        />
      ))}
    </ul>
  );
}

export function ViewHistorySection({ items }: { items: PropertyCard[] }) {
  const { t } = useTranslation("listings");
  if (items.length === 0) return <Empty>{t("wishlist.viewHistoryEmpty")}</Empty>;
  return (
    <ul>
      {items.map((p) => (
        <ListingRow key={p.id} property={p} />
      ))}
    </ul>
  );
}

export function RecommendedSection({ items }: { items: PropertyCard[] }) {
  const { t } = useTranslation("listings");
  if (items.length === 0) {
    return (
      <Empty>
        <Link to="/listings" className="link">
          {t("wishlist.allListings")}
        </Link>
      </Empty>
    );
  }
  return (
    <ul>
      {items.map((p) => (
        <ListingRow key={p.id} property={p} />
      ))}
    </ul>
  );
}

/** "Molyko, Bomaka · Room · up to 40 000 FCFA" in the reader's language. */
export function useDescribeSearch() {
  const { t } = useTranslation("listings");
  return (c: ListingSearchCriteria) => {
    const parts: string[] = [];
    if (c.keyword) parts.push(`“${c.keyword}”`);
    if (c.neighbourhoods.length > 0) parts.push(c.neighbourhoods.join(", "));
    if (c.propertyTypes.length > 0) parts.push(c.propertyTypes.map((type) => t(`types.${type}`)).join(", "));
    if (c.minRent !== null) parts.push(`≥ ${formatXaf(c.minRent)}`);
    if (c.maxRent !== null) parts.push(`≤ ${formatXaf(c.maxRent)}`);
    for (const a of c.amenities) parts.push(t(`amenities.${a}`));
    if (c.verifiedOnly) parts.push(t("verified"));
    if (c.availableOnly) parts.push(t("status.available"));
    return parts.length > 0 ? parts.join(" · ") : t("wishlist.allListings");
  };
}

interface DescribedSearch {
  query: string;
  criteria: ListingSearchCriteria;
}

export function SearchHistorySection({
  searches,
  saved,
}: {
  searches: Array<DescribedSearch & { searchedAt: string }>;
  saved: Array<DescribedSearch & { id: string; createdAt: string }>;
}) {
  const { t, i18n } = useTranslation("listings");
  const describe = useDescribeSearch();
  return (
    <div className="space-y-5">
      <div>
        <h3 className="font-semibold">{t("savedSearch.heading")}</h3>
        {saved.length === 0 ? (
          <Empty>{t("savedSearch.none")}</Empty>
        ) : (
          <ul>
            {saved.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 py-2 last:border-0 dark:border-slate-700"
              >
                <Link to={`/listings?${s.query}`} className="link">
                  {describe(s.criteria)}
                </Link>
                <Form method="post" action="/resources/saved-searches">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={s.id} />
                  <input type="hidden" name="redirectTo" value="/profile#search-history" />
                  <button
                    type="submit"
                    className="btn-secondary px-3 py-1"
                    aria-label={`${t("savedSearch.delete")}: ${describe(s.criteria)}`}
                  >
                    {t("savedSearch.delete")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold">{t("wishlist.searchHistory")}</h3>
        {searches.length === 0 ? (
          <Empty>{t("wishlist.searchHistoryEmpty")}</Empty>
        ) : (
          <ul>
            {searches.map((s) => (
              <li key={`${s.query}-${s.searchedAt}`} className="py-1">
                <Link to={`/listings?${s.query}`} className="link">
                  {describe(s.criteria)}
                </Link>{" "}
                <span className="text-sm text-slate-700 dark:text-slate-300">({formatDate(s.searchedAt, i18n.language)})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
