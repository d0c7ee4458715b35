// Form pieces for the discovery pages: errors tied to their field, translated whether they arrive
// as i18n keys (from the Zod schemas) or as text the server already translated (domain errors).
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/translation";
import { isMessageKey } from "~/utils/form-message";

/** What a discovery action answers when a form cannot be accepted (status 4xx). */
export interface FormFailure {
  intent: string;
  /** Field name → i18n key or translated text. */
  fieldErrors: Record<string, string>;
  /** A problem with the whole form, already translated. */
  formError: string | null;
  /** What was typed, so the form comes back filled in (never secrets). */
  values: Record<string, string>;
}

export function useMessageText() {
  const { t } = useTranslation(["listings", "common"]);
  return (message: string, params?: Record<string, unknown>) => (isMessageKey(message) ? t(message, params) : message);
}

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  const text = useMessageText();
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {text(message)}
    </p>
  );
}

export function FormAlert({ message, tone = "error" }: { message?: string | null; tone?: "error" | "success" }) {
  if (!message) return null;
  const style =
    tone === "error"
      ? "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
      : "border-brand-500 bg-brand-50 text-brand-800 dark:bg-slate-900 dark:text-brand-100";
  return (
    <div role="alert" className={`rounded-md border p-3 text-sm ${style}`}>
      {message}
    </div>
  );
}

/** aria attributes for a field with an optional error. */
export function errorProps(id: string, message?: string | null) {
  return message ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{hint}</p> : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The failure for this form, if the last submission was this form's. */
export function failureFor(actionData: unknown, intent: string): FormFailure | null {
  if (!actionData || typeof actionData !== "object") return null;
  const f = actionData as Partial<FormFailure>;
  return f.intent === intent && f.fieldErrors ? (f as FormFailure) : null;
}
