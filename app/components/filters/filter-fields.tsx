// The fields of a list's filter form, a plain GET form (every view has its URL; works without
// JavaScript): a labelled choice (its first option may filter nothing), day or whole number.
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
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="input">
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled date field (YYYY-MM-DD); `describedBy` names the id of a hint about it. */
export function FilterDate({ id, name, label, value, describedBy }: FieldProps & { describedBy?: string }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value} className="input" aria-describedby={describedBy} />
    </div>
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
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
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
    </div>
  );
}
