// /test-payment-debug (debug pages only, signed-in users only): starts a 5 000 FCFA test payment and
// shows the initialisation's request and response, as the spec's debug page does, plus the
// payment's events. It stays on this page; the checkout link is shown, not followed.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { PAYMENT_PRICES } from "#domain/payment/payment.entity";
import { customerName, startPayment } from "#domain/payment/start-payment.use-case";
import { titleMeta } from "~/utils/page-title";
import { requireDebugUser } from "~/utils/debug-pages.server";
import { PAYMENT_METHODS, PHONE_PLACEHOLDER, paymentFormSchema } from "~/components/payment/payment-schema";
import { i18next } from "~/i18next.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { formatXaf } from "~/utils/format";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["payment"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireDebugUser(context, request);
  const t = await i18next.getFixedT(request, "payment");
  return { title: t("debug.paymentDebug.title"), amount: PAYMENT_PRICES.test_payment, gateway: context.services.money.gatewayName };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireDebugUser(context, request);
  const formData = await readFormOrNull(request);
  const submission = parseWithZod(formData ?? new FormData(), { schema: paymentFormSchema });
  const sent = {
    amount: PAYMENT_PRICES.test_payment,
    currency: "XAF",
    paymentMethod: submission.status === "success" ? submission.value.method : String(formData?.get("method") ?? "").slice(0, 40),
    phoneNumber: submission.status === "success" ? submission.value.phone : String(formData?.get("phone") ?? "").slice(0, 40),
    paymentType: "test_payment",
    customerEmail: user.email,
    customerName: customerName({ email: user.email, fullName: user.name }),
  };
  if (submission.status !== "success") {
    return data({ request: sent, response: { success: false, error: submission.error }, events: [] }, { status: 400 });
  }
  const { money } = context.services;
  const result = await startPayment(money.payments, {
    user: { id: user.id, email: user.email, fullName: user.name },
    purchase: { kind: "test" },
    method: submission.value.method,
    phone: submission.value.phone,
  });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    return data(
      { request: sent, response: { success: false, error: error.message, code: error.code }, events: [] },
      { status: error.status },
    );
  }
  const events = await money.payments.repos.payments.listPaymentEvents(result.value.paymentId);
  return data({
    request: sent,
    response: { success: true, tx_ref: result.value.reference, payment_id: result.value.paymentId, checkout_url: result.value.checkoutUrl },
    events: events.map((e) => ({ type: e.type, at: e.createdAt.toISOString(), data: e.data })),
  });
}

export default function TestPaymentDebugPage() {
  const { t } = useTranslation("payment");
  const { amount, gateway } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const checkoutUrl = result && "checkout_url" in result.response ? String(result.response.checkout_url) : null;
  return (
    <section className="container-page py-10">
      <h1 className="text-2xl font-bold">{t("debug.paymentDebug.title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("debug.paymentDebug.intro", { amount: formatXaf(amount), gateway })}</p>
      <Form method="post" className="card mt-6 max-w-lg space-y-4 p-6">
        <fieldset>
          <legend className="label">{t("form.methodLegend")}</legend>
          {PAYMENT_METHODS.map((m) => (
            <div key={m} className="mt-2 flex items-center gap-2">
              <input type="radio" id={`debug-method-${m}`} name="method" value={m} defaultChecked={m === "mtn_momo"} className="h-4 w-4" />
              <label htmlFor={`debug-method-${m}`}>{t(`methods.${m}`)}</label>
            </div>
          ))}
        </fieldset>
        <div>
          <label htmlFor="debug-phone" className="label">
            {t("form.phoneLabel")}
          </label>
          <input id="debug-phone" name="phone" type="tel" inputMode="numeric" placeholder={PHONE_PLACEHOLDER} className="input" />
        </div>
        <button type="submit" className="btn-primary">
          {t("debug.paymentDebug.run", { amount: formatXaf(amount) })}
        </button>
      </Form>
      {result ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="debug-request">
            <h2 id="debug-request" className="text-lg font-semibold">
              {t("debug.paymentDebug.request")}
            </h2>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">
              {JSON.stringify(result.request, null, 2)}
            </pre>
          </section>
          <section aria-labelledby="debug-response">
            <h2 id="debug-response" className="text-lg font-semibold">
              {t("debug.paymentDebug.response")}
            </h2>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">
              {JSON.stringify(result.response, null, 2)}
            </pre>
            {checkoutUrl ? (
              <a href={checkoutUrl} className="link mt-2 inline-block">
                {t("debug.paymentDebug.openCheckout")}
              </a>
            ) : null}
          </section>
          {result.events.length > 0 ? (
            <section aria-labelledby="debug-events" className="lg:col-span-2">
              <h2 id="debug-events" className="text-lg font-semibold">
                {t("debug.paymentDebug.events")}
              </h2>
              <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">
                {JSON.stringify(result.events, null, 2)}
              </pre>
            </section>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
