// The one place where a domain error code becomes an HTTP status and a translated message.
// A code is `<namespace>.<snake_case>`; the namespace is the i18n namespace, and the message is
// `t("<namespace>:errors.<snake_case>", params)` (e.g. auth.invalid_credentials → auth:errors.invalid_credentials).
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { DomainError } from "#domain/shared/result";
import { i18next } from "~/i18next.server";

/** 'booking.slot_taken' → { namespace: 'booking', name: 'slot_taken' }. */
export function splitErrorCode(code: string): { namespace: string; name: string } {
  const dot = code.indexOf(".");
  if (dot <= 0) return { namespace: "common", name: code };
  return { namespace: code.slice(0, dot), name: code.slice(dot + 1) };
}

/** The i18n key of a code, e.g. 'auth:errors.invalid_credentials'. */
export function domainErrorKey(code: string): string {
  const { namespace, name } = splitErrorCode(code);
  return `${namespace}:errors.${name}`;
}

/**
 * The HTTP status of a code: 429 for too many attempts (or rate_limited), 404 for a missing thing, 403 for a
 * refusal, 409 for a conflict or a taken slot, 400 for everything else the user can correct.
 */
export function domainErrorStatus(code: string): number {
  const exact = STATUS_BY_CODE[code];
  if (exact !== undefined) return exact;
  const { name } = splitErrorCode(code);
  if (name === "too_many_attempts" || name.startsWith("too_many_") || name === "rate_limited") return 429;
  if (name === "not_found" || name.endsWith("_not_found")) return 404;
  if (name === "forbidden" || name.endsWith("_forbidden")) return 403;
  if (name === "conflict" || name.endsWith("_conflict") || name === "slot_taken" || name.endsWith("_slot_taken")) return 409;
  return 400;
}

/** Codes whose names do not follow the conventions above: conflicts with what is already stored. */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  "booking.property_already_booked": 409,
  // The visit lifecycle (decision 0117): the booking is no longer in the state the step needs.
  "booking.not_changeable": 409,
  "booking.already_accepted": 409,
  "booking.no_proposal": 409,
  "booking.changed_meanwhile": 409,
  "commission.commission_already_voided": 409,
  "commission.commission_already_paid": 409,
  "auth.account_suspended": 403,
  "auth.cannot_change_self": 403,
  "auth.cannot_suspend_admin": 403,
  "auth.role_unchanged": 409,
  "auth.last_admin": 409,
  "auth.already_suspended": 409,
  "auth.not_suspended": 409,
  "moderation.no_change": 409,
  "blog.already_published": 409,
  "blog.not_published": 409,
  "help-content.no_change": 409,
  "help-content.cannot_move": 409,
  // One open checkout per purpose (decision 0184).
  // Refunds (decision 0219): the payment is not (or no longer) in a state a refund can start from.
  "admin-payments.refund_not_successful": 409,
  "admin-payments.refund_in_progress": 409,
  "admin-payments.refund_already_refunded": 409,
  "admin-payments.refund_changed_meanwhile": 409,
  "admin-payments.refunds_off": 409,
  "admin-payments.refund_balance_too_low": 409,
  "admin-payments.refund_provider_unavailable": 503,
  "payment.already_paid": 409,
  "payment.checkout_starting": 409,
  "payment.earlier_checkout_open": 409,
  // An admin serving a person's request (decision 0228).
  "data-rights.not_for_self": 403,
  "data-rights.already_closed": 409,
};

export interface DescribedDomainError {
  code: string;
  status: number;
  /** The i18n key, for a toast (toasts are translated where they are shown). */
  key: string;
  params?: Record<string, string | number>;
  /** The message in the request's language. */
  message: string;
}

/** Status, key and translated message of a domain error, in the language of the request. */
export async function describeDomainError(request: Request, error: DomainError): Promise<DescribedDomainError> {
  const { namespace } = splitErrorCode(error.code);
  const t = await i18next.getFixedT(request, [namespace, "common"]);
  const key = domainErrorKey(error.code);
  const message = t(key, { ...error.params, defaultValue: t("common:errors.generic") });
  return { code: error.code, status: domainErrorStatus(error.code), key, params: error.params, message };
}

/**
 * The action's answer to a failed use case on a Conform form: the form comes back with the
 * translated message as a form error, with the domain error's status.
 */
export async function replyWithDomainError(
  request: Request,
  submission: { reply(options?: { formErrors?: string[]; hideFields?: string[]; resetForm?: boolean }): SubmissionResult<string[]> },
  error: DomainError,
  options: { hideFields?: string[] } = {},
) {
  const described = await describeDomainError(request, error);
  return data(submission.reply({ formErrors: [described.message], hideFields: options.hideFields }), { status: described.status });
}

/** For loaders: throws the domain error as a response with its status and translated message. */
export async function throwDomainError(request: Request, error: DomainError): Promise<never> {
  const described = await describeDomainError(request, error);
  throw data({ code: described.code, message: described.message }, { status: described.status });
}
