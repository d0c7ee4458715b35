// Small form building blocks for the accounts pages: a visible label on every field, errors tied
// to their field (aria-describedby), messages translated whether they arrive as i18n keys (from
// the shared Zod schemas) or as text already translated by the server (domain errors).
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "~/utils/translation";
import { isMessageKey } from "~/utils/form-message";

/** Translates a message that is an i18n key such as "auth:errors.required_fields"; other text is shown as is. */
export function useMessageText() {
  const { t } = useTranslation(["auth", "common"]);
  return (message: string) => (isMessageKey(message) ? t(message) : message);
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const text = useMessageText();
  if (!errors || errors.length === 0) return null;
  // One message per problem, without repeats (a field may fail two rules with the same text).
  const unique = [...new Set(errors.map(text))];
  return (
    <ul id={id} className="field-error space-y-1">
      {unique.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** The form-level error (e.g. wrong password), announced to screen readers. */
export function FormAlert({ id, errors }: { id?: string; errors?: string[] | null }) {
  const text = useMessageText();
  if (!errors || errors.length === 0) return null;
  const unique = [...new Set(errors.map(text))];
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      {unique.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

export function TextField({
  label,
  hint,
  errors,
  errorId,
  inputProps,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  errorId: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
}) {
  const { key: _key, ...props } = inputProps as typeof inputProps & { key?: unknown };
  const hintId = hint ? `${props.id}-hint` : undefined;
  const describedBy = [hintId, errors?.length ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={props.id} className="label">
        {label}
      </label>
      <input {...props} className="input" aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  errors,
  errorId,
  inputProps,
}: {
  label: ReactNode;
  errors?: string[] | null;
  errorId: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
}) {
  const { key: _key, ...props } = inputProps as typeof inputProps & { key?: unknown };
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          {...props}
          type="checkbox"
          className="mt-1 h-4 w-4"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
        />
        <label htmlFor={props.id} className="text-sm">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Conform's input props without `key`, which React refuses to receive through a spread. */
export function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** A page card with the single h1 of the page. */
export function AuthCard({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-md p-6">
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro ? <p className="mt-2 text-slate-700 dark:text-slate-300">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
