// The property form of /agents/new-property, /agents/properties/{id}/edit and /admin/properties/{id}/edit. A plain POST form:
// the server checks everything (the domain's rules) and answers the same form with its errors, the
// typed values kept (Conform's reply), so it works the same with and without JavaScript.
import type { SubmissionResult } from "~/utils/form";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/translation";
import { WEEKDAYS } from "#domain/booking/visiting-hours";
import {
  ADDRESS_MAX,
  AMENITIES,
  DESCRIPTION_MAX,
  MAX_ADVANCE_MONTHS,
  MAX_BATHROOMS,
  MAX_BEDROOMS,
  MAX_RENT_XAF,
  MIN_RENT_XAF,
  PROPERTY_TYPES,
  TITLE_MAX,
  type ManagedProperty,
} from "#domain/property-management/managed-property.entity";
import { FormAlert } from "~/components/forms/form-fields";
import { formFields, LocationFieldset, type FormDefaults } from "~/components/portal/listing-form-fields";
import type { MapTiles } from "~/components/portal/map-point-picker";

/** Form values as strings (and string lists for the days), the shape Conform's reply keeps. */
export type PropertyFormDefaults = FormDefaults;

/** The edit form's values from a stored property (the agent's and the admin's edit pages). */
export function propertyFormDefaults(p: ManagedProperty): PropertyFormDefaults {
  const defaults: PropertyFormDefaults = {
    title: p.title,
    description: p.description,
    propertyType: p.propertyType,
    monthlyRent: String(p.monthlyRent),
    advanceMonths: String(p.advanceMonths),
    neighbourhood: p.neighbourhood,
    address: p.address,
    // A point that is only the neighbourhood's centre is no point of the agent's: left empty, it
    // follows the neighbourhood if that changes (decision 0205).
    latitude: p.locationApproximate ? "" : String(p.latitude),
    longitude: p.locationApproximate ? "" : String(p.longitude),
    bedrooms: String(p.bedrooms),
    bathrooms: String(p.bathrooms),
    visitDays: p.visitingHours?.days ?? ["mon", "tue", "wed", "thu", "fri", "sat"],
    visitFrom: p.visitingHours?.from ?? "09:00",
    visitTo: p.visitingHours?.to ?? "17:00",
  };
  for (const [a, on] of Object.entries(p.amenities)) if (on) defaults[a] = "on";
  return defaults;
}

export function PropertyForm({
  action,
  defaults,
  lastResult,
  submitLabel,
  mapTiles = null,
  children,
}: {
  action: string;
  /** The map picker's tiles (MAP_TILES_URL); null: a plan without tiles. */
  mapTiles?: MapTiles | null;
  defaults: PropertyFormDefaults;
  lastResult: SubmissionResult<string[]> | null;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(["portal", "listings"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const fields = formFields(lastResult, defaults, (k) => t(k));
  const { value, list, fieldError, aria, formErrors } = fields;

  return (
    <Form method="post" action={action} className="card space-y-5 p-5" key={fields.key} noValidate>
      <input type="hidden" name="intent" value="details" />
      <FormAlert id="property-form-error" errors={formErrors} />
      {children}
      <div>
        <label htmlFor="title" className="label">
          {t("form.title")}
        </label>
        <input id="title" name="title" className="input" defaultValue={value("title")} maxLength={TITLE_MAX} required {...aria("title")} />
        {fieldError("title")}
      </div>
      <div>
        <label htmlFor="description" className="label">
          {t("form.description")}
        </label>
        <textarea
          id="description"
          name="description"
          className="input min-h-32"
          defaultValue={value("description")}
          maxLength={DESCRIPTION_MAX}
          {...aria("description")}
        />
        {fieldError("description")}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor="propertyType" className="label">
            {t("form.type")}
          </label>
          <select
            id="propertyType"
            name="propertyType"
            className="input"
            defaultValue={value("propertyType") || "room"}
            {...aria("propertyType")}
          >
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`listings:types.${type}`)}
              </option>
            ))}
          </select>
          {fieldError("propertyType")}
        </div>
        <div>
          <label htmlFor="monthlyRent" className="label">
            {t("form.rent")}
          </label>
          <input
            id="monthlyRent"
            name="monthlyRent"
            type="number"
            inputMode="numeric"
            min={MIN_RENT_XAF}
            max={MAX_RENT_XAF}
            step={500}
            className="input"
            defaultValue={value("monthlyRent")}
            required
            {...aria("monthlyRent")}
          />
          {fieldError("monthlyRent")}
        </div>
        <div>
          <label htmlFor="advanceMonths" className="label">
            {t("form.advanceMonths")}
          </label>
          <input
            id="advanceMonths"
            name="advanceMonths"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_ADVANCE_MONTHS}
            className="input"
            defaultValue={value("advanceMonths") || "1"}
            required
            {...aria("advanceMonths")}
          />
          {fieldError("advanceMonths")}
        </div>
      </div>
      <LocationFieldset fields={fields} addressMax={ADDRESS_MAX} label={(key) => t(`form.${key}`)} mapTiles={mapTiles} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="bedrooms" className="label">
            {t("form.bedrooms")}
          </label>
          <input
            id="bedrooms"
            name="bedrooms"
            type="number"
            min={0}
            max={MAX_BEDROOMS}
            className="input"
            defaultValue={value("bedrooms") || "1"}
            required
            {...aria("bedrooms")}
          />
          {fieldError("bedrooms")}
        </div>
        <div>
          <label htmlFor="bathrooms" className="label">
            {t("form.bathrooms")}
          </label>
          <input
            id="bathrooms"
            name="bathrooms"
            type="number"
            min={0}
            max={MAX_BATHROOMS}
            className="input"
            defaultValue={value("bathrooms") || "1"}
            required
            {...aria("bathrooms")}
          />
          {fieldError("bathrooms")}
        </div>
      </div>
      <fieldset>
        <legend className="font-semibold">{t("form.amenities")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {AMENITIES.map((a) => (
            <label key={a} className="flex items-center gap-2">
              <input type="checkbox" name={a} defaultChecked={value(a) === "on"} />
              {t(`listings:amenities.${a}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="font-semibold">{t("form.visitingHours")}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {WEEKDAYS.map((d) => (
            <label key={d} className="flex items-center gap-1">
              <input type="checkbox" name="visitDays" value={d} defaultChecked={list("visitDays").includes(d)} />
              {t(`form.days.${d}`)}
            </label>
          ))}
        </div>
        <div className="mt-3 grid max-w-md grid-cols-2 gap-4">
          <div>
            <label htmlFor="visitFrom" className="label">
              {t("form.from")}
            </label>
            <input id="visitFrom" name="visitFrom" type="time" step={3600} className="input" defaultValue={value("visitFrom") || "09:00"} />
          </div>
          <div>
            <label htmlFor="visitTo" className="label">
              {t("form.to")}
            </label>
            <input id="visitTo" name="visitTo" type="time" step={3600} className="input" defaultValue={value("visitTo") || "17:00"} />
          </div>
        </div>
        {fieldError("visitDays") ?? fieldError("visitFrom") ?? fieldError("visitTo")}
      </fieldset>
      <button type="submit" className="btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
