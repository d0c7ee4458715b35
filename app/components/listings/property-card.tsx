import { useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { PropertyCard as PropertyCardModel } from "#domain/listings/listing-read-models";
import { formatXaf } from "~/utils/format";
import { listingWhere } from "~/components/listings/listing-where";
import { Photo } from "~/components/photo";
import { StatusBadge, VerifiedBadge } from "./badges";
import { useFragments } from "~/components/fragments";

/** The detail page of a listing, remembering the search it was opened from. */
export function propertyHref(id: string, back?: string | null): string {
  const path = `/listings/${encodeURIComponent(id)}`;
  return back ? `${path}?${new URLSearchParams({ back })}` : path;
}

export function useSaveData(): boolean {
  const root = useRouteLoaderData("root") as { saveData?: boolean } | undefined;
  return Boolean(root?.saveData);
}

interface PropertyCardProps {
  property: PropertyCardModel;
  back?: string | null;
  priority?: boolean;
  headingLevel?: 2 | 3;
  /** Save-Data: on (the root loader's): no photo until tapped. */
  saveData: boolean;
}

/**
 * One listing in a grid. The title is the link (one tab stop per card); the photo is decorative
 * next to it. `headingLevel` keeps headings in order wherever the grid sits. It reads nothing but
 * its props and the page's language, so a static page can write it once for every visitor
 * (PropertyGrid, decision 0167).
 */
export function PropertyCard({ property, back, priority = false, headingLevel = 3, saveData }: PropertyCardProps) {
  const { t, i18n } = useTranslation("listings");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = propertyHref(property.id, back);
  return (
    <article className="listing-card" data-testid="property-card">
      {property.photo ? (
        <div className="listing-card-photo">
          <Photo photo={property.photo} alt="" priority={priority} tapToShow={saveData} className="aspect-[3/2]" />
        </div>
      ) : (
        <div className="flex aspect-[3/2] items-center justify-center bg-slate-100 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {t("card.noPhoto")}
        </div>
      )}
      <div className="listing-card-body">
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={property.status} />
          {property.isVerified ? <VerifiedBadge /> : null}
        </div>
        <Heading className="listing-card-title">
          {/* The stretched link makes the whole card tappable, a big target on a small screen. */}
          <Link to={href} prefetch="intent" className="stretched-link">
            {property.title}
          </Link>
        </Heading>
        <p className="listing-card-price">{t("card.perMonth", { amount: formatXaf(property.monthlyRent) })}</p>
        <p className="text-muted">{listingWhere(t, property, i18n.language)}</p>
        <p className="text-muted">
          {t(`types.${property.propertyType}`)} · {t("card.bedrooms", { count: property.bedrooms })}
        </p>
      </div>
    </article>
  );
}

export function PropertyGrid({
  items,
  back,
  headingLevel = 3,
  priorityFirst = false,
}: {
  items: PropertyCardModel[];
  back?: string | null;
  headingLevel?: 2 | 3;
  priorityFirst?: boolean;
}) {
  const saveData = useSaveData();
  const fragments = useFragments();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((p, i) => {
        const card = { property: p, back, headingLevel, priority: priorityFirst && i === 0, saveData };
        const render = () => (
          <div className="w-full">
            <PropertyCard {...card} />
          </div>
        );
        // A static page: the card's HTML as written for the same inputs before (decision 0167).
        if (fragments)
          return (
            <li
              key={p.id}
              className="flex"
              dangerouslySetInnerHTML={{ __html: fragments.html(`card\u0000${JSON.stringify(card)}`, render) }}
            />
          );
        return (
          <li key={p.id} className="flex">
            {render()}
          </li>
        );
      })}
    </ul>
  );
}
