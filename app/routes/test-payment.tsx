// /test-payment (debug pages only, signed-in users only): a test_payment through the real payment
// form. The amount (5 000 FCFA) is fixed by the server.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { PAYMENT_PRICES } from "#domain/payment/payment.entity";
import { titleMeta } from "~/utils/page-title";
import { requireDebugUser } from "~/utils/debug-pages.server";
import { MobileMoneyForm } from "~/components/payment/mobile-money-form";
import { handlePaymentForm } from "~/utils/payment-form.server";
import type { PaymentActionData } from "~/components/payment/payment-schema";
import { i18next } from "~/i18next.server";
import { formatXaf } from "~/utils/format";

export const handle = { i18n: ["payment"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireDebugUser(context, request);
  const t = await i18next.getFixedT(request, "payment");
  return { title: t("debug.testPayment.title"), amount: PAYMENT_PRICES.test_payment };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireDebugUser(context, request);
  return handlePaymentForm(request, context, { kind: "test" });
}

export default function TestPaymentPage() {
  const { t } = useTranslation("payment");
  const { amount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PaymentActionData | undefined;
  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-lg p-6">
        <h1 className="text-2xl font-bold">{t("debug.testPayment.title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("debug.testPayment.intro", { amount: formatXaf(amount) })}</p>
        <div className="mt-6">
          <MobileMoneyForm id="test-payment" amount={amount} action="/test-payment" actionData={actionData} />
        </div>
      </div>
    </section>
  );
}
