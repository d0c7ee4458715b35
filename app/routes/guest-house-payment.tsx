// /guest-house-payment: the guest-house platform access fee, 5 000 FCFA for 14 days, through the
// same mobile-money form, provider and return page as the visit subscription (payment type
// guest_house_access). ?house=<id> is the guest house the guest came from: after paying they go back
// to its booking form. Without it (the link on /profile) it is the house whose booking form the
// guest left last, if one waits (decision 0243). Paying while access is valid extends it from its
// current expiry.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { getPlatformAccess } from "#domain/guest-house-access/get-platform-access.query";
import { PLATFORM_ACCESS_DAYS, PLATFORM_ACCESS_FEE_XAF } from "#domain/guest-house-access/platform-access.entity";
import { startPlatformAccessPayment } from "#domain/guest-house-access/start-platform-access-payment.use-case";
import { findHouseToBook } from "#domain/guest-house-booking/request-guest-house-booking.use-case";
import { latestBookingDraft } from "#domain/guest-house-booking/booking-draft";
import { titleMeta } from "~/utils/page-title";
import { cleanKey } from "~/utils/clean-key";
import { MobileMoneyForm } from "~/components/payment/mobile-money-form";
import { handlePaymentForm } from "~/utils/payment-form.server";
import type { PaymentActionData } from "~/components/payment/payment-schema";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { formatDate, formatXaf } from "~/utils/format";

export const handle = { i18n: ["guest-houses", "subscription", "payment"] };
export const meta = titleMeta;

const houseParam = (request: Request) => cleanKey(new URL(request.url).searchParams.get("house"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const { guestHouses } = context.services;
  const houseId = houseParam(request) ?? (await latestBookingDraft(guestHouses.drafts, user.id))?.guestHouseId ?? null;
  // A house that is unknown or hidden is simply forgotten: the access is for every guest house.
  const found = houseId ? await findHouseToBook(guestHouses.handoff.houses, user.id, houseId) : null;
  const own = found !== null && !found.ok && found.error.code === "guest-houses.own_guest_house_forbidden";
  const house = found?.ok ? { id: found.value.id, name: found.value.name } : null;
  const status = await getPlatformAccess(guestHouses.booking, user.id);
  const t = await i18next.getFixedT(request, "guest-houses");
  return data(
    {
      title: t("access.title"),
      amount: PLATFORM_ACCESS_FEE_XAF,
      house,
      own,
      active: status.active,
      expired: status.expired,
      expiresAt: status.expiresAt?.toISOString() ?? null,
      renewalEndsAt: status.renewalEndsAt.toISOString(),
    },
    { status: own ? 403 : 200 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const houseId = houseParam(request);
  return handlePaymentForm(request, context, {
    starter: (user, form) =>
      startPlatformAccessPayment(context.services.guestHouses.accessPayments, {
        user: { id: user.id, email: user.email, fullName: user.name },
        guestHouseId: houseId,
        method: form.method,
        phone: form.phone,
      }),
  });
}

export default function GuestHousePaymentPage() {
  const { t, i18n } = useTranslation(["guest-houses", "subscription", "payment"]);
  const { amount, house, own, active, expired, expiresAt, renewalEndsAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PaymentActionData | undefined;
  const date = (iso: string) => formatDate(iso, i18n.language);
  const self = house ? `/guest-house-payment?house=${encodeURIComponent(house.id)}` : "/guest-house-payment";
  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-lg p-6">
        <h1 className="text-2xl font-bold">{t("guest-houses:access.title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {t("guest-houses:access.intro", { amount: formatXaf(amount), days: PLATFORM_ACCESS_DAYS })}
        </p>
        {own ? (
          <p
            role="alert"
            className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {t("guest-houses:errors.own_guest_house_forbidden")}
          </p>
        ) : (
          <>
            <div className="mt-4 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="access-status">
              {active && expiresAt ? (
                <>
                  <p>{t("guest-houses:access.activeUntil", { date: date(expiresAt) })}</p>
                  <p className="mt-1">{t("guest-houses:access.extends", { date: date(renewalEndsAt) })}</p>
                </>
              ) : expired && expiresAt ? (
                <>
                  <p className="font-semibold">{t("guest-houses:access.expiredOn", { date: date(expiresAt) })}</p>
                  <p className="mt-1">{t("guest-houses:access.startsNow", { date: date(renewalEndsAt) })}</p>
                </>
              ) : (
                <p>{t("guest-houses:access.startsNow", { date: date(renewalEndsAt) })}</p>
              )}
            </div>
            {house ? (
              <p className="mt-4 text-sm">
                {active ? (
                  <Link to={`/guest-house-booking/${encodeURIComponent(house.id)}`} className="btn-primary" data-testid="continue-booking">
                    {t("guest-houses:access.continue", { name: house.name })}
                  </Link>
                ) : (
                  t("guest-houses:access.forHouse", { name: house.name })
                )}
              </p>
            ) : null}
            <div className="mt-6">
              <MobileMoneyForm id="guest-house-payment" amount={amount} action={self} actionData={actionData} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
