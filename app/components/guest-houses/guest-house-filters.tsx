import { FilterDate, FilterNumber, FilterSelect } from "~/components/filters/filter-fields";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { GUEST_HOUSE_SORTS, type GuestHouseCriteria } from "#domain/guest-houses/guest-house-criteria";
import { GUEST_HOUSE_AMENITIES, type GuestHouseNeighbourhood } from "#domain/guest-houses/guest-house-read-models";

/** How many filters are set in "More filters" (the neighbourhood and the sort aside). */
export function activeGuestHouseFilterCount(c: GuestHouseCriteria): number {
  return (
    (c.minPrice !== null ? 1 : 0) +
    (c.maxPrice !== null ? 1 : 0) +
    (c.guests !== null ? 1 : 0) +
    (c.dates !== null ? 1 : 0) +
    (c.verifiedOnly ? 1 : 0) +
    c.amenities.length
  );
}

/**
 * A plain GET form: the URL holds the filters and it works without JavaScript. The loader drops
 * empty fields and the default sort, so each search has one address.
 */
export function GuestHouseFilters({
  criteria,
  neighbourhoods,
  formKey,
}: {
  criteria: GuestHouseCriteria;
  neighbourhoods: GuestHouseNeighbourhood[];
  formKey: string;
}) {
  const { t } = useTranslation("guest-houses");
  const active = activeGuestHouseFilterCount(criteria);
  const options =
    criteria.neighbourhood && !neighbourhoods.some((n) => n.neighbourhood === criteria.neighbourhood)
      ? [...neighbourhoods, { neighbourhood: criteria.neighbourhood, count: 0 }]
      : neighbourhoods;
  return (
    // Folds like the listing filters (decision 0235): the neighbourhood and the sort, then the rest
    // under "More filters", closed on every page so that the results come first on a phone.
    <Form key={formKey} method="get" action="/guest-houses" className="card space-y-4 p-4" aria-label={t("filters.label")}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FilterSelect
          id="gh-neighbourhood"
          name="n"
          label={t("filters.neighbourhood")}
          value={criteria.neighbourhood ?? ""}
          anyLabel={t("filters.all")}
          options={options.map((n) => ({
            value: n.neighbourhood,
            label: t("filters.option", { neighbourhood: n.neighbourhood, count: n.count }),
          }))}
        />
        <FilterSelect
          id="gh-sort"
          name="sort"
          label={t("filters.sort")}
          value={criteria.sort}
          options={GUEST_HOUSE_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
        />
      </div>

      <details className="group">
        <summary className="btn-secondary cursor-pointer list-none">
          {active > 0 ? t("filters.moreActive", { count: active }) : t("filters.more")}
        </summary>
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <FilterDate id="gh-from" name="from" label={t("filters.from")} value={criteria.dates?.from ?? ""} />
          <FilterDate id="gh-to" name="to" label={t("filters.to")} value={criteria.dates?.to ?? ""} describedBy="gh-dates-hint" />
          <p id="gh-dates-hint" className="text-xs text-slate-600 sm:col-span-2 lg:col-span-4 dark:text-slate-400">
            {t("filters.datesHint")}
          </p>
          <FilterNumber id="gh-guests" name="g" label={t("filters.guests")} value={criteria.guests} min={1} max={50} />
          <FilterNumber id="gh-min" name="min" label={t("filters.minPrice")} value={criteria.minPrice} min={0} step={500} />
          <FilterNumber id="gh-max" name="max" label={t("filters.maxPrice")} value={criteria.maxPrice} min={0} step={500} />
          <div className="flex items-center gap-2 pt-2">
            <input id="gh-verified" name="v" type="checkbox" value="1" defaultChecked={criteria.verifiedOnly} className="h-4 w-4" />
            <label htmlFor="gh-verified">{t("filters.verifiedOnly")}</label>
          </div>
          <fieldset className="sm:col-span-2 lg:col-span-4">
            <legend className="label">{t("filters.amenities")}</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
              {GUEST_HOUSE_AMENITIES.map((a) => (
                <div key={a} className="flex items-center gap-2">
                  <input
                    id={`gh-a-${a}`}
                    name="a"
                    type="checkbox"
                    value={a}
                    defaultChecked={criteria.amenities.includes(a)}
                    className="h-4 w-4"
                  />
                  <label htmlFor={`gh-a-${a}`}>{t(`amenities.${a}`)}</label>
                </div>
              ))}
            </div>
          </fieldset>
        </div>
      </details>

      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary">
          {t("filters.apply")}
        </button>
        {formKey !== "" ? (
          <Link to="/guest-houses" className="btn-secondary">
            {t("filters.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
