// The admin help-content routes' shared answers: a refused form comes back with the translated
// message and the typed values (so nothing typed is lost, with or without JavaScript).
import { data } from "@remix-run/node";
import type { DomainError } from "#domain/shared/result";
import { describeDomainError } from "~/utils/domain-errors.server";

export interface HelpFormError<V> {
  formError: string;
  values: V | null;
}

/** The use case's refusal (or an unreadable form, `error` null) as a 4xx with the values typed. */
export async function helpFormRefused<V>(request: Request, error: DomainError | null, values: V | null) {
  const described = await describeDomainError(request, error ?? { code: "help-content.invalid_form" });
  return data<HelpFormError<V>>({ formError: described.message, values }, { status: described.status });
}

/** The text fields of a form as typed, bounded (what comes back to the page on a refusal). */
export function typedValues<K extends string>(formData: FormData | null, names: readonly K[]): Record<K, string> | null {
  if (!formData) return null;
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = formData.get(name);
    out[name] = typeof v === "string" ? v.slice(0, 70000) : "";
  }
  return out;
}
