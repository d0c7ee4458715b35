// What the property form and the guest-house form share: reading Conform's reply (the typed values
// after a refusal, else the stored ones; each field's translated errors with aria wiring) and the
// location fieldset (neighbourhood, address, an optional map point). Both forms stay plain POST forms.
import type { SubmissionResult } from "~/utils/form";
import { useState, type ReactNode } from "react";
import { NEIGHBOURHOODS } from "#domain/listings/buea";
import { isMessageKey } from "~/utils/form-message";
import { MapPointPicker, type MapTiles } from "~/components/portal/map-point-picker";

export type FormDefaults = Record<string, string | string[] | undefined>;

export interface FormFields {
  value(name: string): string;
  list(name: string): string[];
  fieldError(name: string): ReactNode;
  aria(name: string): Record<string, unknown>;
  hasError(name: string): boolean;
  /** Errors of the whole form, translated. */
  formErrors: string[];
  /** Changes when the values do: the form's `key`, so a reply re-renders the inputs. */
  key: string;
}

/** After a refused post, shows what was typed, not what is stored. Messages that are i18n keys are translated. */
export function formFields(lastResult: SubmissionResult<string[]> | null, defaults: FormDefaults, t: (key: string) => string): FormFields {
  const values = (lastResult?.initialValue as FormDefaults | undefined) ?? defaults;
  const errors = lastResult?.error ?? {};
  const text = (m: string) => (isMessageKey(m) ? t(m) : m);
  return {
    value: (name) => {
      const v = values[name];
      return typeof v === "string" ? v : "";
    },
    list: (name) => {
      const v = values[name];
      return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
    },
    fieldError: (name) => {
      const messages = errors[name];
      return messages?.length ? (
        <p id={`${name}-error`} className="field-error">
          {[...new Set(messages.map(text))].join(" ")}
        </p>
      ) : null;
    },
    aria: (name) => (errors[name]?.length ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {}),
    hasError: (name) => Boolean(errors[name]?.length),
    formErrors: (errors[""] ?? []).map(text),
    key: JSON.stringify(values),
  };
}

export type LocationLabel = "location" | "neighbourhood" | "address" | "latitude" | "longitude" | "coordinatesHint" | "pointOptional";

/**
 * Neighbourhood and address (required), and the map point (optional, decision 0205): without one
 * the listing stands at its neighbourhood's centre. With JavaScript, and not under Save-Data, a
 * button opens a map (loaded only then) where a tap sets the point, and "Use my location"; without
 * it the two numbers can still be typed in the disclosure, or left empty.
 */
export function LocationFieldset({
  fields,
  label,
  addressMax,
  mapTiles,
}: {
  fields: FormFields;
  /** Each form's own translation of form.location, form.neighbourhood, form.address, form.latitude, form.longitude, form.coordinatesHint, form.pointOptional. */
  label: (key: LocationLabel) => string;
  addressMax: number;
  /** The tile provider (MAP_TILES_URL); null: the picker shows a plan without tiles. */
  mapTiles: MapTiles | null;
}) {
  const { value, aria, fieldError, hasError } = fields;
  const [neighbourhood, setNeighbourhood] = useState(value("neighbourhood") || "Molyko");
  const [point, setPoint] = useState({ latitude: value("latitude"), longitude: value("longitude") });
  const coordinate = (name: "latitude" | "longitude") => (
    <div>
      <label htmlFor={name} className="label">
        {label(name)}
      </label>
      <input
        id={name}
        name={name}
        type="number"
        step="any"
        inputMode="decimal"
        className="input"
        value={point[name]}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setPoint((p) => ({ ...p, [name]: v }));
        }}
        aria-describedby="coordinates-hint"
        {...aria(name)}
      />
      {fieldError(name)}
    </div>
  );
  const hasPoint = point.latitude !== "" || point.longitude !== "";
  return (
    <fieldset className="space-y-4">
      <legend className="font-semibold">{label("location")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="neighbourhood" className="label">
            {label("neighbourhood")}
          </label>
          <select
            id="neighbourhood"
            name="neighbourhood"
            className="input"
            value={neighbourhood}
            onChange={(e) => setNeighbourhood(e.currentTarget.value)}
            {...aria("neighbourhood")}
          >
            {NEIGHBOURHOODS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {fieldError("neighbourhood")}
        </div>
        <div>
          <label htmlFor="address" className="label">
            {label("address")}
          </label>
          <input
            id="address"
            name="address"
            className="input"
            defaultValue={value("address")}
            maxLength={addressMax}
            required
            {...aria("address")}
          />
          {fieldError("address")}
        </div>
      </div>
      <p id="coordinates-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {label("coordinatesHint")}
      </p>
      <MapPointPicker
        neighbourhood={neighbourhood}
        point={point}
        onPick={(latitude, longitude) => setPoint({ latitude: String(latitude), longitude: String(longitude) })}
        onClear={() => setPoint({ latitude: "", longitude: "" })}
        mapTiles={mapTiles}
      />
      <details
        open={hasPoint || hasError("latitude") || hasError("longitude")}
        className="rounded border border-slate-200 p-3 dark:border-slate-700"
      >
        <summary className="cursor-pointer font-medium">{label("pointOptional")}</summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {coordinate("latitude")}
          {coordinate("longitude")}
        </div>
      </details>
    </fieldset>
  );
}
