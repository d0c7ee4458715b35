import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GUEST_HOUSE_SORTS, type GuestHouseCriteria } from "../../../domain/guest-houses/guest-house-criteria";
import type { GuestHouseNeighbourhood } from "../../../domain/guest-houses/guest-house-read-models";

/**
 * A plain GET form: the URL holds the filter and it works without JavaScript. The loader drops
 * the empty "All neighbourhoods" and the default sort, so each search has one address.
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
  const options =
    criteria.neighbourhood && !neighbourhoods.some((n) => n.neighbourhood === criteria.neighbourhood)
      ? [...neighbourhoods, { neighbourhood: criteria.neighbourhood, count: 0 }]
      : neighbourhoods;
  return (
    <Form key={formKey} method="get" action="/guest-houses" className="card grid gap-3 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label={t("filters.label")}>
      <div>
        <label htmlFor="gh-neighbourhood" className="label">
          {t("filters.neighbourhood")}
        </label>
        <select id="gh-neighbourhood" name="n" defaultValue={criteria.neighbourhood ?? ""} className="input">
          <option value="">{t("filters.all")}</option>
          {options.map((n) => (
            <option key={n.neighbourhood} value={n.neighbourhood}>
              {t("filters.option", { neighbourhood: n.neighbourhood, count: n.count })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="gh-sort" className="label">
          {t("filters.sort")}
        </label>
        <select id="gh-sort" name="sort" defaultValue={criteria.sort} className="input">
          {GUEST_HOUSE_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </select>
      </div>
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
