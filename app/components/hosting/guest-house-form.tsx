// The guest-house form of /host/new-house and /host/houses/{id}/edit. A plain POST form: the
// server checks everything (the domain's rules) and answers the same form with its errors and the
// typed values (Conform's reply), so it works the same with and without JavaScript.
import type { SubmissionResult } from "~/utils/form";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/translation";
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  GUEST_HOUSE_AMENITIES,
  HOUSE_RULES_MAX,
  MAX_GUESTS,
  MAX_NIGHTLY_RATE_XAF,
  MAX_ROOMS,
  MIN_NIGHTLY_RATE_XAF,
  NAME_MAX,
} from "#domain/hosting/hosted-guest-house.entity";
import { FormAlert } from "~/components/forms/form-fields";
import { formFields, LocationFieldset, type FormDefaults } from "~/components/portal/listing-form-fields";
import type { MapTiles } from "~/components/portal/map-point-picker";

export type GuestHouseFormDefaults = FormDefaults;

export function GuestHouseForm({
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
  defaults: GuestHouseFormDefaults;
  lastResult: SubmissionResult<string[]> | null;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(["hosting", "guest-houses"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const fields = formFields(lastResult, defaults, (k) => t(k));
  const { value, list, fieldError, aria, hasError } = fields;
  const input = (name: string, props: Record<string, unknown> = {}, hint?: string) => (
    <div>
      <label htmlFor={name} className="label">
        {t(`form.${name}`)}
      </label>
      <input
        id={name}
        name={name}
        className="input"
        defaultValue={value(name)}
        required
        {...props}
        {...aria(name)}
        {...(hint && !hasError(name) ? { "aria-describedby": hint } : {})}
      />
      {fieldError(name)}
    </div>
  );

  return (
    <Form method="post" action={action} className="card space-y-5 p-5" key={fields.key} noValidate>
      <input type="hidden" name="intent" value="details" />
      <FormAlert id="guest-house-form-error" errors={fields.formErrors} />
      {children}
      {input("name", { maxLength: NAME_MAX })}
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
      <LocationFieldset fields={fields} addressMax={ADDRESS_MAX} label={(key) => t(`form.${key}`)} mapTiles={mapTiles} />
      <div className="grid gap-4 sm:grid-cols-3">
        {input("nightlyRate", { type: "number", inputMode: "numeric", min: MIN_NIGHTLY_RATE_XAF, max: MAX_NIGHTLY_RATE_XAF, step: 500 })}
        {input("rooms", { type: "number", inputMode: "numeric", min: 1, max: MAX_ROOMS })}
        {input("maxGuests", { type: "number", inputMode: "numeric", min: 1, max: MAX_GUESTS })}
      </div>
      <fieldset>
        <legend className="font-semibold">{t("form.amenities")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {GUEST_HOUSE_AMENITIES.map((a) => (
            <label key={a} className="flex items-center gap-2">
              <input type="checkbox" name="amenities" value={a} defaultChecked={list("amenities").includes(a)} />
              {t(`guest-houses:amenities.${a}`)}
            </label>
          ))}
        </div>
        {fieldError("amenities")}
      </fieldset>
      <div>
        <label htmlFor="houseRules" className="label">
          {t("form.houseRules")}
        </label>
        <textarea
          id="houseRules"
          name="houseRules"
          className="input min-h-24"
          defaultValue={value("houseRules")}
          maxLength={HOUSE_RULES_MAX}
          {...aria("houseRules")}
        />
        {fieldError("houseRules")}
      </div>
      {input("whatsappNumber", { type: "tel", inputMode: "tel", autoComplete: "tel" }, "whatsapp-hint")}
      <p id="whatsapp-hint" className="-mt-3 text-sm text-slate-600 dark:text-slate-400">
        {t("form.whatsappHint")}
      </p>
      <button type="submit" className="btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
