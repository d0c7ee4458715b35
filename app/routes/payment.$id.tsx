// /payment/{booking reference or id}: pay 8 000 FCFA for a pending visit booking by mobile money.
// Only the booking's student sees it (anyone else gets a 404). The amount comes from the booking on
// the server; the action (shared with every payment form) never reads one from the form.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { titleMeta } from "~/utils/page-title";
import { findOwnBooking } from "~/utils/own-booking.server";
import { cleanKey } from "~/utils/clean-key";
import { VisitSummary } from "~/components/booking/visit-summary";
import { MobileMoneyForm } from "~/components/payment/mobile-money-form";
import { handlePaymentForm } from "~/utils/payment-form.server";
import type { PaymentActionData } from "~/components/payment/payment-schema";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { formatXaf } from "~/utils/format";
import { agentOffersVisits } from "#domain/booking/booking-property-reader.port";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["payment", "booking"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const { money } = context.services;
  const booking = await findOwnBooking(money, user.id, params.id);
  if (!booking) throw notFound();
  const property = await money.properties.findPropertyForBooking(booking.propertyId);
  const t = await i18next.getFixedT(request, "payment");
  // A pending booking whose agent takes no visits now (suspended, no longer an agent) is not offered
  // for payment: startPayment would refuse it (issue 30). The student's own booking stays readable.
  const offered = property !== null && agentOffersVisits(property);
  const state =
    booking.bookingStatus === "pending"
      ? offered
        ? "payable"
        : "unavailable"
      : booking.bookingStatus === "confirmed"
        ? "paid"
        : booking.bookingStatus === "rebook_required"
          ? "rebook"
          : "closed";
  return {
    title: t("booking.title"),
    state,
    booking: {
      reference: booking.reference,
      propertyId: booking.propertyId,
      propertyTitle: property?.title ?? "",
      visitDate: booking.visitDate,
      visitTime: booking.visitTime,
      amount: booking.paymentAmount,
      holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    },
  } as const;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const key = cleanKey(params.id);
  if (!key) throw notFound();
  return handlePaymentForm(request, context, { kind: "booking", booking: key });
}

export default function PaymentForBookingPage() {
  const { t, i18n } = useTranslation(["payment", "booking"]);
  const { state, booking } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PaymentActionData | undefined;
  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-lg p-6">
        <h1 className="text-2xl font-bold">{t("payment:booking.title")}</h1>
        <VisitSummary className="mt-4" booking={booking} language={i18n.language} />

        {state === "payable" ? (
          <>
            <p className="mt-4 text-slate-700 dark:text-slate-300">{t("payment:booking.intro", { amount: formatXaf(booking.amount) })}</p>
            {booking.holdExpiresAt ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {t("payment:booking.hold", {
                  time: new Intl.DateTimeFormat(i18n.language === "fr" ? "fr-CM" : "en-GB", {
                    hour: "2-digit",
                    minute: "2-digit",
                    timeZone: "Africa/Douala",
                  }).format(new Date(booking.holdExpiresAt)),
                })}
              </p>
            ) : null}
            <div className="mt-6">
              <MobileMoneyForm
                id="booking-payment"
                amount={booking.amount}
                action={`/payment/${encodeURIComponent(booking.reference)}`}
                actionData={actionData}
              />
            </div>
          </>
        ) : state === "paid" ? (
          <div className="mt-4 space-y-3">
            <p>{t("payment:booking.alreadyPaid")}</p>
            <Link to="/profile" className="btn-primary">
              {t("payment:links.profile")}
            </Link>
          </div>
        ) : state === "unavailable" ? (
          <div className="mt-4 space-y-3">
            <p role="status">{t("payment:booking.unavailable")}</p>
            <Link to="/listings" className="btn-primary">
              {t("payment:links.listings")}
            </Link>
          </div>
        ) : state === "rebook" ? (
          <div className="mt-4 space-y-3">
            <p>{t("payment:booking.rebook")}</p>
            <Link to={`/book-visit/${encodeURIComponent(booking.propertyId)}`} className="btn-primary">
              {t("payment:links.bookAgain")}
            </Link>
          </div>
        ) : (
          <div className="mt-4 space-y-3">
            <p>{t("payment:booking.closed")}</p>
            <Link to={`/book-visit/${encodeURIComponent(booking.propertyId)}`} className="btn-primary">
              {t("payment:links.bookAgain")}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
