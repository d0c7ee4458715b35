// What the property form and the guest-house form share: reading Conform's reply (the typed values
// after a refusal, else the stored ones; each field's translated errors with aria wiring) and the
// location fieldset (neighbourhood, address, coordinates). Both forms stay plain POST forms.
import type { SubmissionResult } from "~/utils/form";
import type { ReactNode } from "react";
import { NEIGHBOURHOODS } from "#domain/listings/buea";
import { isMessageKey } from "~/utils/form-message";

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

export function LocationFieldset({
  fields,
  label,
  addressMax,
}: {
  fields: FormFields;
  /** Each form's own translation of form.location, form.neighbourhood, form.address, form.latitude, form.longitude, form.coordinatesHint. */
  label: (key: "location" | "neighbourhood" | "address" | "latitude" | "longitude" | "coordinatesHint") => string;
  addressMax: number;
}) {
  const { value, aria, fieldError } = fields;
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
        defaultValue={value(name)}
        required
        aria-describedby="coordinates-hint"
        {...aria(name)}
      />
      {fieldError(name)}
    </div>
  );
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
            defaultValue={value("neighbourhood") || "Molyko"}
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
        {coordinate("latitude")}
        {coordinate("longitude")}
      </div>
      <p id="coordinates-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {label("coordinatesHint")}
      </p>
    </fieldset>
  );
}
