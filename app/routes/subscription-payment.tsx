// /subscription-payment: buy (or renew) 14 days of visit booking for 8 000 FCFA, a unified_payment.
// With an active subscription, paying now extends it from its current end (no paid day is lost).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { PAYMENT_PRICES } from "#domain/payment/payment.entity";
import { nextPeriod } from "#domain/subscription/subscription.entity";
import { getSubscriptionStatus } from "#domain/subscription/subscription.use-cases";
import { titleMeta } from "~/utils/page-title";
import { MobileMoneyForm } from "~/components/payment/mobile-money-form";
import { handlePaymentForm } from "~/utils/payment-form.server";
import type { PaymentActionData } from "~/components/payment/payment-schema";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { formatDate, formatXaf } from "~/utils/format";

export const handle = { i18n: ["subscription", "payment"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const { money } = context.services;
  const status = await getSubscriptionStatus(money.subscriptions, user.id);
  const t = await i18next.getFixedT(request, "subscription");
  return {
    title: t("payment.title"),
    amount: PAYMENT_PRICES.unified_payment,
    active: status.active,
    expired: status.expired,
    endsAt: status.endsAt?.toISOString() ?? null,
    extendsTo: nextPeriod(status.endsAt, money.clock.now()).endsAt.toISOString(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handlePaymentForm(request, context, { kind: "subscription" });
}

export default function SubscriptionPaymentPage() {
  const { t, i18n } = useTranslation(["subscription", "payment"]);
  const { amount, active, expired, endsAt, extendsTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PaymentActionData | undefined;
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-lg p-6">
        <h1 className="text-2xl font-bold">{t("subscription:payment.title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("subscription:payment.intro", { amount: formatXaf(amount) })}</p>
        <div className="mt-4 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
          {active && endsAt ? (
            <>
              <p>{t("subscription:status.activeUntil", { date: date(endsAt) })}</p>
              <p className="mt-1">{t("subscription:payment.extends", { date: date(extendsTo) })}</p>
            </>
          ) : expired ? (
            <>
              <p className="font-semibold">{t("subscription:status.expired")}</p>
              <p className="mt-1">{t("subscription:payment.startsNow", { date: date(extendsTo) })}</p>
            </>
          ) : (
            <p>{t("subscription:payment.startsNow", { date: date(extendsTo) })}</p>
          )}
        </div>
        <div className="mt-6">
          <MobileMoneyForm id="subscription-payment" amount={amount} action="/subscription-payment" actionData={actionData} />
        </div>
      </div>
    </section>
  );
}
