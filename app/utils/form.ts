// The forms' state in the browser, without Zod or Conform on the page (issue 12, decision 0144).
//
// The server validates every post with the form's Zod schema (parseWithZod in the action) and
// answers with Conform's `submission.reply()`; this module shows that answer, with Conform's ids,
// attributes and markup, so a form reads the same with JavaScript on or off. What it leaves out is
// the browser-side run of the schema: a mistake is shown after the round trip, as without
// JavaScript, and the page does not carry Zod and Conform (24 KB gzip) for it. The fields' HTML
// constraints (required, maxLength…) still come from the schema: the loader computes them with
// `getZodConstraint` and the form takes them from its data.
import type { SubmissionResult } from "@conform-to/react";
import type { FormEvent } from "react";

export type { SubmissionResult };

/** A field's HTML constraints, as `getZodConstraint` gives them. */
export interface Constraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
}

export interface FieldMetadata extends Constraint {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
}

export interface FormMetadata {
  id: string;
  errorId: string;
  descriptionId: string;
  /** Form-level errors (`formErrors` of the reply). */
  errors?: string[];
  /** The browser's own checks stay off, as Conform had them: the server's messages are the ones shown. */
  noValidate: true;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

export interface FormOptions {
  id: string;
  /** The action's `submission.reply()`, if the form was posted. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown> | null;
  /** `getZodConstraint(schema)`, from the loader. */
  constraint?: Record<string, Constraint>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/** Conform's `useForm`, answering from the server's reply only. `Shape` names the fields. */
export function useForm<Shape = Record<string, unknown>>(
  options: FormOptions,
): [FormMetadata, Record<keyof Shape & string, FieldMetadata>] {
  type Name = keyof Shape & string;
  const { id, lastResult, defaultValue, constraint } = options;
  const values = lastResult?.initialValue ?? defaultValue ?? {};
  const errors = lastResult?.error ?? {};
  const form: FormMetadata = {
    id,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    errors: errors[""] ?? undefined,
    noValidate: true,
    onSubmit: options.onSubmit,
  };
  // A field's metadata is made on its first read in this render, then the same object is given.
  const made = new Map<string, FieldMetadata>();
  const fields = new Proxy({} as Record<Name, FieldMetadata>, {
    get(_, name) {
      if (typeof name !== "string") return undefined;
      const known = made.get(name);
      if (known) return known;
      const fieldId = `${id}-${name}`;
      const field: FieldMetadata = {
        ...constraint?.[name],
        id: fieldId,
        name,
        errorId: `${fieldId}-error`,
        descriptionId: `${fieldId}-description`,
        errors: errors[name] ?? undefined,
        initialValue: values[name],
      };
      made.set(name, field);
      return field;
    },
  });
  return [form, fields];
}

type Props = Record<string, unknown>;

const defined = (props: Props): Props => {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
};

function aria(field: { errors?: string[]; errorId: string }, describedBy: string | undefined, control: boolean): Props {
  const invalid = field.errors !== undefined;
  return {
    "aria-invalid": (control && invalid) || undefined,
    "aria-describedby": invalid ? `${field.errorId} ${describedBy ?? ""}`.trim() : describedBy,
  };
}

export function getFormProps(form: FormMetadata, options: { ariaDescribedBy?: string } = {}) {
  return defined({ id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate, ...aria(form, options.ariaDescribedBy, false) });
}

function controlProps(field: FieldMetadata, formId: string | undefined, describedBy: string | undefined): Props {
  return { required: field.required || undefined, id: field.id, name: field.name, form: formId, ...aria(field, describedBy, true) };
}

// The owning form's id: Conform writes form="…" on every control.
const formOf = (field: FieldMetadata) => field.id.slice(0, field.id.length - field.name.length - 1);

// The input types each constraint applies to (HTML's input element, "content attributes"): the
// schema's constraints are per field, whatever control shows it, and an attribute on a type that
// does not take it (a date's pattern from its regex) makes the page invalid HTML.
const TEXT_TYPES = new Set(["text", "search", "url", "tel", "email", "password"]);
const RANGE_TYPES = new Set(["date", "month", "week", "time", "datetime-local", "number", "range"]);
const MULTIPLE_TYPES = new Set(["email", "file"]);

export function getInputProps(field: FieldMetadata, options: { type: string; value?: string | boolean; ariaDescribedBy?: string }) {
  const text = TEXT_TYPES.has(options.type);
  const range = RANGE_TYPES.has(options.type);
  const props: Props = {
    ...controlProps(field, formOf(field), options.ariaDescribedBy),
    type: options.type,
    minLength: text ? field.minLength : undefined,
    maxLength: text ? field.maxLength : undefined,
    min: range ? field.min : undefined,
    max: range ? field.max : undefined,
    step: range ? field.step : undefined,
    pattern: text ? field.pattern : undefined,
    multiple: MULTIPLE_TYPES.has(options.type) ? field.multiple : undefined,
  };
  if (options.value === undefined || options.value) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(field.initialValue)
        ? field.initialValue.includes(options.value)
        : field.initialValue === props.value;
    } else if (typeof field.initialValue === "string") {
      props.defaultValue = field.initialValue;
    }
  }
  return defined(props) as { id: string; name: string; key?: undefined } & Props;
}

export function getSelectProps(field: FieldMetadata, options: { value?: boolean; ariaDescribedBy?: string } = {}) {
  const props: Props = { ...controlProps(field, formOf(field), options.ariaDescribedBy), multiple: field.multiple };
  if (options.value === undefined || options.value) {
    props.defaultValue = Array.isArray(field.initialValue)
      ? field.initialValue.map((item) => `${item ?? ""}`)
      : (field.initialValue as { toString(): string } | undefined)?.toString();
  }
  return defined(props) as { id: string; name: string; key?: undefined } & Props;
}

export function getTextareaProps(field: FieldMetadata, options: { value?: boolean; ariaDescribedBy?: string } = {}) {
  const props: Props = {
    ...controlProps(field, formOf(field), options.ariaDescribedBy),
    minLength: field.minLength,
    maxLength: field.maxLength,
  };
  if (options.value === undefined || options.value)
    props.defaultValue = (field.initialValue as { toString(): string } | undefined)?.toString();
  return defined(props) as { id: string; name: string; key?: undefined } & Props;
}
