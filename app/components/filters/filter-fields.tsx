// The fields of a list's filter form, a plain GET form (every view has its URL; works without
// JavaScript): a labelled choice (its first option may filter nothing), day, whole number or text.
import type { ReactNode } from "react";

export interface FilterOption {
  value: string;
  label: string;
}

interface FieldProps {
  id: string;
  name: string;
  label: string;
  /** The value the loader kept ("" for none). */
  value: string;
}

/** A field with its label above it. */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled select; with `anyLabel`, a first option of that text and the empty value. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: FieldProps & { anyLabel?: string; options: readonly FilterOption[] }) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} name={name} defaultValue={value} className="input">
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** A labelled date field (YYYY-MM-DD); `describedBy` names the id of a hint about it. */
export function FilterDate({ id, name, label, value, describedBy }: FieldProps & { describedBy?: string }) {
  return (
    <Labelled id={id} label={label}>
      <input id={id} name={name} type="date" defaultValue={value} className="input" aria-describedby={describedBy} />
    </Labelled>
  );
}

/** A labelled search field: text to look for, at most `maxLength` characters. */
export function FilterSearch({ id, name, label, value, maxLength }: FieldProps & { maxLength: number }) {
  return (
    <Labelled id={id} label={label}>
      <input id={id} name={name} type="search" defaultValue={value} maxLength={maxLength} className="input" />
    </Labelled>
  );
}

/** A labelled whole-number field (a count, an amount in FCFA); empty when `value` is null. */
export function FilterNumber({
  id,
  name,
  label,
  value,
  min,
  max,
  step,
}: Omit<FieldProps, "value"> & { value: number | null; min: number; max?: number; step?: number }) {
  return (
    <Labelled id={id} label={label}>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        defaultValue={value ?? ""}
        className="input"
      />
    </Labelled>
  );
}
