// The action behind every mobile-money form (/payment/$id, /subscription-payment, /test-payment):
// guard, parse (the shared schema), one startPayment call, respond. The amount is never read from
// the form: the use case prices the purchase on the server. Without JavaScript a success answers a
// redirect straight to the provider's checkout; the form's fetcher asks for JSON ({checkoutUrl})
// so the page can say 'Redirecting to payment' and go there after 1 500 ms.
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { startPayment, type Purchase, type StartPaymentOutput } from "#domain/payment/start-payment.use-case";
import type { DomainError, Result } from "#domain/shared/result";
import { getOptionalUser, loginUrl, type SessionUser } from "~/utils/auth.server";
import { describeDomainError, domainErrorKey } from "~/utils/domain-errors.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  JSON_FIELD,
  PHONE_EXAMPLE,
  paymentFormSchema,
  type PaymentActionData,
  type PaymentErrorView,
} from "~/components/payment/payment-schema";

/** Codes whose message has a second line (SPEC §5: 'Invalid phone number' / 'Please enter…'). */
const WITH_DETAIL = new Set(["payment.method_required", "payment.invalid_phone", "payment.invalid_amount"]);

export function paymentErrorView(error: DomainError): PaymentErrorView {
  const key = domainErrorKey(error.code);
  const params = error.code === "payment.invalid_phone" ? { phone: PHONE_EXAMPLE, ...error.params } : error.params;
  return { key, ...(WITH_DETAIL.has(error.code) ? { detailKey: `${key}_detail` } : {}), ...(params ? { params } : {}) };
}

/** The form as sent, control characters dropped, or null when the body is not a form at all (a 400, never a 500). */

export function wantsJson(request: Request, formData: FormData | null): boolean {
  return formData?.get(JSON_FIELD) === "json" || (request.headers.get("Accept") ?? "").includes("application/json");
}

/** A use case that starts a payment for the signed-in user (startPayment, or one that checks more first). */
export type PaymentStarter = (
  user: SessionUser,
  form: { method: string; phone: string },
) => Promise<Result<StartPaymentOutput, DomainError>>;

/**
 * Runs the payment form's action for `purchase` (a function of the signed-in user, e.g. the
 * booking named in the URL), or through `starter`. Answers a redirect to the checkout, JSON for
 * the fetcher, or the form's errors with a 4xx.
 */
export async function handlePaymentForm(
  request: Request,
  context: AppLoadContext,
  purchase: Purchase | ((user: SessionUser) => Purchase | Promise<Purchase>) | { starter: PaymentStarter },
) {
  const formData = await readFormOrNull(request);
  const json = wantsJson(request, formData);

  // Guard: a payment needs a signed-in user (SPEC §5).
  const user = await getOptionalUser(context, request);
  if (!user) {
    if (json)
      return data<PaymentActionData>({ ok: false, result: null, error: { key: "payment:errors.not_authenticated" } }, { status: 401 });
    return redirectWithToast(context, request, loginUrl(request), {
      kind: "error",
      title: "payment:errors.auth_required",
      description: "payment:errors.auth_required_detail",
    });
  }

  // Parse: only the method and the phone are read; an amount in the form is ignored.
  if (!formData) {
    return data<PaymentActionData>({ ok: false, result: null, error: { key: "payment:errors.init_failed" } }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: paymentFormSchema });
  if (submission.status !== "success") {
    const first =
      Object.values(submission.error ?? {})
        .flat()
        .find((m): m is string => typeof m === "string") ?? "payment:errors.init_failed";
    const view: PaymentErrorView = {
      key: first,
      ...(first === "payment:errors.method_required" ? { detailKey: "payment:errors.method_required_detail" } : {}),
    };
    return data<PaymentActionData>({ ok: false, result: submission.reply(), error: view }, { status: 400 });
  }

  // One use case call.
  const result =
    "starter" in purchase
      ? await purchase.starter(user, { method: submission.value.method, phone: submission.value.phone })
      : await startPayment(context.services.money.payments, {
          user: { id: user.id, email: user.email, fullName: user.name },
          purchase: typeof purchase === "function" ? await purchase(user) : purchase,
          method: submission.value.method,
          phone: submission.value.phone,
        });
  if (!result.ok) {
    const described = await describeDomainError(request, result.error);
    return data<PaymentActionData>(
      { ok: false, result: submission.reply({ formErrors: [described.message] }), error: paymentErrorView(result.error) },
      { status: described.status },
    );
  }

  const { checkoutUrl, reference, paymentId } = result.value;
  if (json) return data<PaymentActionData>({ ok: true, checkoutUrl, reference, paymentId });
  return redirect(checkoutUrl, 303);
}
