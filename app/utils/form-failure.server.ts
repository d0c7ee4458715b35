// Parsing discovery forms on the server: one Zod schema per form (app/components/listings/schemas.ts),
// read with Conform's parseWithZod (empty fields become undefined, numbers are coerced). The
// browser gets native constraints (required, maxlength, min/max) instead of a client-side Zod:
// see docs/decisions/0106-discovery-forms-without-client-validation.md.
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { DomainError } from "#domain/shared/result";
import { describeDomainError } from "~/utils/domain-errors.server";
import type { FormFailure } from "~/components/forms/form-bits";

const SECRET_FIELDS = new Set(["password", "website"]);

function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !SECRET_FIELDS.has(key) && !(key in values)) values[key] = value.slice(0, 5000);
  }
  return values;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: ReturnType<typeof data<FormFailure>> };

/** The form's values, or a 400 answer with one message (an i18n key) per invalid field. */
export function parseForm<S extends z.ZodTypeAny>(formData: FormData, schema: S, intent: string): Parsed<z.output<S>> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<S> };
  const fieldErrors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages && messages.length > 0) fieldErrors[name === "" ? "form" : name] = messages[0];
  }
  const failure: FormFailure = { intent, fieldErrors, formError: null, values: typedValues(formData) };
  return { ok: false, response: data(failure, { status: 400 }) };
}

/** A use case said no: its translated message and status (domain-errors.server.ts decides both). */
export async function domainFailure(request: Request, formData: FormData, intent: string, error: DomainError) {
  const described = await describeDomainError(request, error);
  const failure: FormFailure = { intent, fieldErrors: {}, formError: described.message, values: typedValues(formData) };
  return data(failure, { status: described.status });
}
