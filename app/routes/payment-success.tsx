// /payment-success?ref=<our payment reference>: where the provider sends the payer back. The
// status is asked of the provider on the server (verifyPayment), never taken from the URL. While
// it is pending the page checks again every 5 s, up to 24 times: with JavaScript by revalidating,
// without it by a <meta http-equiv="refresh"> that carries the attempt number in the URL.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useLocation, useRevalidator, useRouteError } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translation";
import { toPaymentView, type PaymentView } from "#domain/payment/payment-view";
import { verifyPayment } from "#domain/payment/verify-payment.use-case";
import { titleMeta } from "~/utils/page-title";
import { findOwnBooking } from "~/utils/own-booking.server";
import { cleanKey } from "~/utils/clean-key";
import { VisitSummary } from "~/components/booking/visit-summary";
import { NotFoundScreen } from "~/components/error-screens";
import { PaymentErrorNotice } from "~/components/payment/mobile-money-form";
import { paymentErrorView } from "~/utils/payment-form.server";
import type { PaymentErrorView } from "~/components/payment/payment-schema";
import { useShowToast } from "~/components/toaster";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { formatDate, formatXaf } from "~/utils/format";
import { visitStatus } from "#domain/booking/visit-status";
import { formatPhone } from "#domain/shared/phone-display";
import { VisitStatusLine } from "~/components/booking/visit-status";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["payment", "booking", "subscription", "guest-houses"] };
export const meta = titleMeta;

/** SPEC §9: payment polling every 5 000 ms, up to 24 attempts. */
const POLL_INTERVAL_MS = 5000;
const MAX_POLL_ATTEMPTS = 24;

const RETRY_PATHS: Record<string, string> = {
  unified_payment: "/subscription-payment",
  test_payment: "/test-payment",
  guest_house_access: "/guest-house-payment",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const reference = cleanKey(url.searchParams.get("ref"));
  if (!reference) throw notFound();
  const attemptParam = Number.parseInt(url.searchParams.get("attempt") ?? "1", 10);
  const attempt = Number.isFinite(attemptParam) ? Math.min(Math.max(attemptParam, 1), MAX_POLL_ATTEMPTS) : 1;
  const { money } = context.services;

  // One use case call: ask the provider (3 attempts with a short back-off) and apply the answer.
  const verified = await verifyPayment(money.interactivePayments, { reference, userId: user.id });
  let view: PaymentView;
  let verificationError: PaymentErrorView | null = null;
  if (verified.ok) {
    view = verified.value;
  } else {
    if (verified.error.code === "payment.not_found") throw notFound();
    // The provider could not be asked this time: show what we know and keep checking.
    const payment = await money.payments.repos.payments.findByReference(reference);
    if (!payment || payment.userId !== user.id) throw notFound();
    view = await toPaymentView(money.payments.repos, payment);
    verificationError = paymentErrorView(verified.error);
  }

  const booking = view.bookingReference ? await findOwnBooking(money, user.id, view.bookingReference) : null;
  const property = booking ? await money.properties.findPropertyForBooking(booking.propertyId) : null;
  const t = await i18next.getFixedT(request, "payment");
  const failure: PaymentErrorView | null =
    view.status === "failed"
      ? {
          key: view.failureReason?.startsWith("payment.")
            ? `payment:errors.${view.failureReason.slice("payment.".length)}`
            : "payment:errors.declined",
        }
      : view.status === "expired"
        ? { key: "payment:errors.expired" }
        : null;

  return {
    // A success for something already paid bought nothing: it is listed for a refund (decision 0184).
    title: view.refund ? t("result.refund.title") : t(`result.${view.status}.title`),
    refund: view.refund,
    reference: view.reference,
    status: view.status,
    amount: view.amount,
    type: view.type,
    subscriptionEndsAt: view.subscriptionEndsAt?.toISOString() ?? null,
    accessExpiresAt: view.accessExpiresAt?.toISOString() ?? null,
    // After the access fee, back to the booking form the guest came from (it kept what they typed).
    continuePath:
      view.type === "guest_house_access" && view.guestHouseId ? `/guest-house-booking/${encodeURIComponent(view.guestHouseId)}` : null,
    booking: booking
      ? {
          reference: booking.reference,
          status: booking.bookingStatus,
          // The same status /profile and the e-mails show (decision 0200): paid is not yet confirmed.
          visitStatus: visitStatus({ ...booking, cancelledBy: booking.cancellation?.by ?? null }, money.clock.now()),
          propertyTitle: property?.title ?? "",
          visitDate: booking.visitDate,
          visitTime: booking.visitTime,
        }
      : null,
    failure,
    // A failed payment names what it was for and the number used (the payer checks its balance).
    failedWith: view.status === "failed" || view.status === "expired" ? { phone: view.phone ? formatPhone(view.phone) : null } : null,
    verificationError,
    retryPath: booking
      ? `/payment/${encodeURIComponent(booking.reference)}`
      : view.type === "guest_house_access" && view.guestHouseId
        ? `/guest-house-payment?house=${encodeURIComponent(view.guestHouseId)}`
        : (RETRY_PATHS[view.type] ?? "/payment"),
    attempt,
  };
}

export default function PaymentResultPage() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(["payment", "booking", "subscription", "guest-houses"]);
  const showToast = useShowToast();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // With JavaScript the attempts are counted here (the URL does not change between polls).
  const [attempt, setAttempt] = useState(data.attempt);
  const pending = data.status === "pending";
  const exhausted = pending && attempt >= MAX_POLL_ATTEMPTS;

  useEffect(() => {
    if (!pending || exhausted || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => {
      setAttempt((a) => a + 1);
      void revalidate.current();
    }, POLL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [pending, exhausted, revalidator.state, data]);

  useEffect(() => {
    if (pending) return;
    try {
      window.localStorage.removeItem("pending_payment_ref");
      window.localStorage.removeItem("pending_payment_id");
    } catch {
      // Nothing to clean up.
    }
    if (data.refund) showToast({ kind: "info", title: "payment:result.refund.title" });
    else if (data.status === "successful") showToast({ kind: "success", title: "payment:result.successful.title" });
    else if (data.failure) showToast({ kind: "error", title: "payment:toasts.failed", description: data.failure.key });
  }, [pending, data.status, data.failure, data.refund, showToast]);

  const date = (iso: string) => formatDate(iso, i18n.language);
  const here = `/payment-success?ref=${encodeURIComponent(data.reference)}`;

  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-lg space-y-4 p-6" aria-live="polite">
        <h1 className="text-2xl font-bold">{data.refund ? t("payment:result.refund.title") : t(`payment:result.${data.status}.title`)}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="payment-reference">
          {t("payment:result.paymentReference", { reference: data.reference, amount: formatXaf(data.amount) })}
        </p>

        {data.refund ? (
          <>
            <p data-testid="payment-refund">
              {t("payment:result.refund.body", { reference: data.refund.paidByReference, amount: formatXaf(data.amount) })}
            </p>
            <Link to="/profile" className="btn-primary">
              {t("payment:links.profile")}
            </Link>
          </>
        ) : data.status === "successful" ? (
          <>
            {data.booking ? (
              <div>
                <VisitStatusLine status={data.booking.visitStatus} />
                <VisitSummary className="mt-2" booking={data.booking} language={i18n.language} />
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="references-help">
                  {t("booking:references.bookingHelp")}
                </p>
              </div>
            ) : null}
            {data.subscriptionEndsAt ? <p>{t("subscription:status.activeUntil", { date: date(data.subscriptionEndsAt) })}</p> : null}
            {data.accessExpiresAt ? <p>{t("guest-houses:access.activeUntil", { date: date(data.accessExpiresAt) })}</p> : null}
            <div className="flex flex-wrap gap-3">
              {data.continuePath ? (
                <Link to={data.continuePath} className="btn-primary" data-testid="continue-booking">
                  {t("guest-houses:access.continueBooking")}
                </Link>
              ) : null}
              <Link to="/profile" className="btn-primary">
                {t("payment:links.profile")}
              </Link>
              <Link to="/listings" className="btn-secondary">
                {t("payment:links.listings")}
              </Link>
            </div>
          </>
        ) : data.failure ? (
          <>
            <PaymentErrorNotice error={data.failure} />
            <div className="space-y-1" data-testid="payment-failed-for">
              <p>
                {data.booking
                  ? t("payment:result.failedFor.booking", { amount: formatXaf(data.amount), property: data.booking.propertyTitle })
                  : t("payment:result.failedFor.other", { amount: formatXaf(data.amount) })}
              </p>
              {data.failedWith?.phone ? <p>{t("payment:result.failedFor.number", { phone: data.failedWith.phone })}</p> : null}
              <p>{t("payment:result.failedFor.balance")}</p>
            </div>
            <Link to={data.retryPath} className="btn-primary">
              {t("payment:links.tryAgain")}
            </Link>
          </>
        ) : (
          <>
            {data.verificationError ? <PaymentErrorNotice error={data.verificationError} /> : null}
            {exhausted ? (
              <>
                <p className="font-medium">{t("payment:errors.verification_timeout")}</p>
                <p>{t("payment:result.pending.stopped")}</p>
                <a href={`${here}&attempt=${MAX_POLL_ATTEMPTS}`} className="btn-primary">
                  {t("payment:links.checkAgain")}
                </a>
              </>
            ) : (
              <>
                <p>{t("payment:result.pending.body")}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t("payment:result.pending.attempt", { attempt, max: MAX_POLL_ATTEMPTS })}
                </p>
                <p className="flex items-center gap-2 text-sm">
                  <span
                    className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
                    aria-hidden="true"
                  />
                  {t("payment:result.pending.checking")}
                </p>
                <NoScriptRefresh to={`${here}&attempt=${data.attempt + 1}`} />
                <a href={`${here}&attempt=${data.attempt}`} className="link text-sm">
                  {t("payment:links.checkAgain")}
                </a>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** Without JavaScript only: the next check in 5 s (with it, the poll above does the work). */
function NoScriptRefresh({ to }: { to: string }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${POLL_INTERVAL_MS / 1000};url=${to}`} />
    </noscript>
  );
}

/** A poll that failed (the network dropped, the server stumbled): 'Payment polling failed' and a way to check again. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("payment");
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-lg space-y-4 p-6" role="alert">
        <h1 className="text-2xl font-bold">{t("errors.polling_failed")}</h1>
        <p>{t("result.pending.pollingFailed")}</p>
        <a href={`${location.pathname}${location.search}`} className="btn-primary">
          {t("links.checkAgain")}
        </a>
      </div>
    </section>
  );
}
