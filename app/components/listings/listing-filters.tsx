import { FilterSelect } from "~/components/filters/filter-fields";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { NEIGHBOURHOODS, PROPERTY_TYPES } from "#domain/listings/buea";
import {
  AMENITIES,
  AMENITY_PARAMS,
  LISTING_SORTS,
  MAX_BEDROOMS,
  MAX_KEYWORD_LENGTH,
  MAX_RENT_XAF,
  NEAR_CAMPUS_OPTIONS_M,
  type ListingSearchCriteria,
} from "#domain/listings/listing-search";
import { formatDistance } from "~/utils/format";

const BEDROOM_CHOICES = [1, 2, 3, 4].filter((n) => n <= MAX_BEDROOMS);

/** How many filters are set (keyword and sort aside): shown on the "Filters" summary. */
export function activeFilterCount(c: ListingSearchCriteria): number {
  return (
    c.neighbourhoods.length +
    c.propertyTypes.length +
    c.amenities.length +
    (c.minRent !== null ? 1 : 0) +
    (c.maxRent !== null ? 1 : 0) +
    (c.minBedrooms !== null ? 1 : 0) +
    (c.maxDistanceM !== null ? 1 : 0) +
    (c.verifiedOnly ? 1 : 0) +
    (c.availableOnly ? 1 : 0)
  );
}

function Checkbox({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="check-row">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="check" />
      {label}
    </label>
  );
}

/**
 * The listings filter: a plain GET form, so the URL holds every filter and it works without
 * JavaScript. Unchanged fields are left empty and dropped by the parser, and the loader puts
 * the criteria back in their canonical order.
 */
export function ListingFilters({ criteria, formKey }: { criteria: ListingSearchCriteria; formKey: string }) {
  const { t, i18n } = useTranslation("listings");
  const active = activeFilterCount(criteria);
  return (
    // The key remounts the form when the search changes (e.g. "Clear filters"), so its fields
    // show the new search and not what was typed before.
    <Form key={formKey} method="get" action="/listings" className="card space-y-4 p-4" aria-label={t("filters.label")}>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <div>
          <label htmlFor="filter-q" className="label">
            {t("filters.keyword")}
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={criteria.keyword ?? ""}
            maxLength={MAX_KEYWORD_LENGTH}
            placeholder={t("filters.keywordPlaceholder")}
            className="input"
          />
        </div>
        <FilterSelect
          id="filter-sort"
          name="sort"
          label={t("filters.sort")}
          value={criteria.sort}
          options={LISTING_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
        />
      </div>

      {/* Closed on every page, results included: after "Show results" the panel folds and the
          results come first on a phone; the summary says how many filters are set (decision 0235).
          The parser drops what it does not understand, so a search never comes back failed. */}
      <details className="group">
        <summary className="btn-secondary cursor-pointer list-none">
          {active > 0 ? t("filters.moreActive", { count: active }) : t("filters.more")}
        </summary>
        <div className="mt-4 space-y-5">
          <fieldset>
            <legend className="label">{t("filters.neighbourhoods")}</legend>
            <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
              {NEIGHBOURHOODS.map((n) => (
                <Checkbox key={n} name="n" value={n} label={n} checked={criteria.neighbourhoods.includes(n)} />
              ))}
            </div>
          </fieldset>

          <fieldset>
            <legend className="label">{t("filters.rent")}</legend>
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="filter-min" className="label font-normal">
                  {t("filters.minRent")}
                </label>
                <input
                  id="filter-min"
                  name="min"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_RENT_XAF}
                  step={500}
                  defaultValue={criteria.minRent ?? ""}
                  className="input"
                />
              </div>
              <div>
                <label htmlFor="filter-max" className="label font-normal">
                  {t("filters.maxRent")}
                </label>
                <input
                  id="filter-max"
                  name="max"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_RENT_XAF}
                  step={500}
                  defaultValue={criteria.maxRent ?? ""}
                  className="input"
                />
              </div>
            </div>
          </fieldset>

          <fieldset>
            <legend className="label">{t("filters.types")}</legend>
            <div className="grid grid-cols-2 gap-x-4">
              {PROPERTY_TYPES.map((type) => (
                <Checkbox key={type} name="type" value={type} label={t(`types.${type}`)} checked={criteria.propertyTypes.includes(type)} />
              ))}
            </div>
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-2">
            <FilterSelect
              id="filter-beds"
              name="beds"
              label={t("filters.bedrooms")}
              value={String(criteria.minBedrooms ?? "")}
              anyLabel={t("filters.any")}
              options={BEDROOM_CHOICES.map((n) => ({ value: String(n), label: t("filters.bedroomsAtLeast", { count: n }) }))}
            />
            <FilterSelect
              id="filter-near"
              name="near"
              label={t("filters.distance")}
              value={String(criteria.maxDistanceM ?? "")}
              anyLabel={t("filters.anyDistance")}
              options={NEAR_CAMPUS_OPTIONS_M.map((m) => ({
                value: String(m),
                label: t("filters.within", { distance: formatDistance(m, i18n.language) }),
              }))}
            />
          </div>

          <fieldset>
            <legend className="label">{t("filters.amenities")}</legend>
            <div className="grid grid-cols-2 gap-x-4">
              {AMENITIES.map((a) => (
                <Checkbox key={a} name={AMENITY_PARAMS[a]} value="1" label={t(`amenities.${a}`)} checked={criteria.amenities.includes(a)} />
              ))}
            </div>
          </fieldset>

          <fieldset>
            <legend className="label">{t("filters.trust")}</legend>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Checkbox name="verified" value="1" label={t("filters.verifiedOnly")} checked={criteria.verifiedOnly} />
              <Checkbox name="available" value="1" label={t("filters.availableOnly")} checked={criteria.availableOnly} />
            </div>
          </fieldset>
        </div>
      </details>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary">
          {t("filters.apply")}
        </button>
        <Link to="/listings" className="link text-sm">
          {t("filters.clear")}
        </Link>
      </div>
    </Form>
  );
}
