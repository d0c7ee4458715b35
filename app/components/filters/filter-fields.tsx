// The fields of an admin list's filter form, a plain GET form (every view has its URL; works
// without JavaScript): a labelled choice whose first option filters nothing, and a labelled day.
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

/** A labelled select; its first option, `anyLabel`, has the empty value. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: FieldProps & { anyLabel: string; options: readonly FilterOption[] }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="input">
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled date field (YYYY-MM-DD). */
export function FilterDate({ id, name, label, value }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value} className="input" />
    </div>
  );
}
