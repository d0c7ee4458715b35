// Shared by the portal's property routes: the 404 for a property that is missing or someone
// else's, and an action's answer to a refused use case (the translated message, its status).
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { DomainError } from "#domain/shared/result";
import { describeDomainError } from "~/utils/domain-errors.server";

// One 404 for every page (app/utils/not-found.server.ts), re-exported for this module's routes.

export interface PortalActionError {
  formError: string;
}

export async function refused(request: Request, error: DomainError) {
  const described = await describeDomainError(request, error);
  return data<PortalActionError>({ formError: described.message }, { status: described.status });
}

/** A form that could not be read or parsed at all (not a form, a field of the wrong kind). */
export async function badForm(request: Request) {
  return refused(request, { code: "portal.invalid_form" });
}

/**
 * The domain's refusal of one field, as Conform's field error (or a form error). The reply's echo
 * of the typed values keeps text only: a file sent where text belongs must not be echoed back.
 */
const FIELD_OF: Record<string, string> = {
  "portal.invalid_title": "title",
  "portal.invalid_description": "description",
  "portal.invalid_property_type": "propertyType",
  "portal.invalid_rent": "monthlyRent",
  "portal.invalid_advance_months": "advanceMonths",
  "portal.invalid_neighbourhood": "neighbourhood",
  "portal.invalid_address": "address",
  "portal.invalid_coordinates": "latitude",
  "portal.invalid_bedrooms": "bedrooms",
  "portal.invalid_bathrooms": "bathrooms",
  "portal.invalid_visiting_hours": "visitDays",
};

export function fieldOf(code: string): string | null {
  return FIELD_OF[code] ?? null;
}

/** Conform's reply with only text in `initialValue` (a File cannot travel back to the page). */
export function textOnly<R extends { initialValue?: unknown }>(reply: R): R {
  const initial = reply.initialValue;
  if (!initial || typeof initial !== "object") return reply;
  const kept: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(initial as Record<string, unknown>)) {
    if (typeof v === "string") kept[k] = v.slice(0, 6000);
    else if (Array.isArray(v)) kept[k] = v.filter((x): x is string => typeof x === "string").slice(0, 10);
  }
  return { ...reply, initialValue: kept };
}

/** The property form's refusal by the domain: the message on its field (or the form), the typed values kept. */
export async function propertyFormRefused(
  request: Request,
  reply: (options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>,
  error: DomainError,
) {
  const described = await describeDomainError(request, error);
  const field = fieldOf(error.code);
  return data(textOnly(reply(field ? { fieldErrors: { [field]: [described.message] } } : { formErrors: [described.message] })), {
    status: described.status,
  });
}
