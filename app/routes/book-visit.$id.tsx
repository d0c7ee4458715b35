// /book-visit/{property id}: book a visit. With an active subscription the booking is confirmed at
// once; without one it holds the slot while the student pays 8 000 FCFA on /payment/{reference}.
import type { SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { availableSlots, firstFreeVisitDate } from "#domain/booking/available-slots.query";
import { bookVisit, propertyBookingError } from "#domain/booking/book-visit.use-case";
import { BOOKING_FEE_XAF } from "#domain/booking/booking.entity";
import { addDays, checkVisitDate, doualaDate, MAX_DAYS_AHEAD } from "#domain/booking/visit-date";
import { getSubscriptionStatus } from "#domain/subscription/subscription.use-cases";
import { titleMeta } from "~/utils/page-title";
import { bookVisitSchema } from "~/components/booking/booking-schema";
import { cleanKey } from "~/utils/clean-key";
import { VisitDatePicker, VisitForm } from "~/components/booking/visit-form";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { formatDate, formatXaf } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound } from "~/utils/not-found.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["booking", "subscription", "payment"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const propertyId = cleanKey(params.id);
  const { money } = context.services;
  const property = propertyId ? await money.properties.findPropertyForBooking(propertyId) : null;
  if (!property) throw notFound();

  const t = await i18next.getFixedT(request, "booking");
  const language = await i18next.getLocale(request);
  const now = money.clock.now();
  const today = doualaDate(now);
  const first = addDays(today, 1);
  const last = addDays(today, MAX_DAYS_AHEAD);
  const blocked = propertyBookingError(property);

  // The day whose times are shown: ?date= (the "Show times" button), else the first day with a
  // free time (not tomorrow when the agent takes no visits then).
  const requested = cleanKey(new URL(request.url).searchParams.get("date"), 10);
  const firstFree =
    requested || blocked ? null : await firstFreeVisitDate({ bookings: money.booking.bookings, clock: money.clock }, property);
  const date = requested ?? firstFree ?? first;
  const checked = checkVisitDate(date, now);
  const slots =
    blocked || !checked.ok ? [] : await availableSlots({ bookings: money.booking.bookings, clock: money.clock }, property, date);
  const subscription = await getSubscriptionStatus(money.subscriptions, user.id);

  return {
    title: t("page.title", { property: property.title }),
    property: { id: property.id, title: property.title },
    blocked: blocked ? `booking:errors.${blocked.code.slice("booking.".length)}` : null,
    date: checked.ok ? date : null,
    dateInput: checked.ok ? date : first,
    dateError: checked.ok
      ? null
      : t(`errors.${checked.error.code.slice("booking.".length)}`, {
          first: formatVisitDate(first, language),
          last: formatVisitDate(last, language),
        }),
    first,
    last,
    slots,
    // The agent's visiting days and hours, shown above the date (issue 32).
    visitingHours: { days: property.visitingHours.days, from: property.visitingHours.from, to: property.visitingHours.to },
    noFreeDay: !requested && !blocked && firstFree === null,
    fee: BOOKING_FEE_XAF,
    subscription: { active: subscription.active, expired: subscription.expired, endsAt: subscription.endsAt?.toISOString() ?? null },
    defaults: { visitorName: user.name, visitorEmail: user.email, visitorPhone: user.phone ?? "" },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const propertyId = cleanKey(params.id);
  if (!propertyId) throw notFound();

  const formData = await readFormOrNull(request);
  const submission = parseWithZod(formData ?? new FormData(), { schema: bookVisitSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const result = await bookVisit(context.services.money.booking, {
    propertyId,
    studentId: user.id,
    ...submission.value,
  });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    // The form is kept; a taken time is cleared so the student picks another.
    return data(
      submission.reply({ formErrors: [error.message], hideFields: result.error.code === "booking.slot_taken" ? ["visitTime"] : [] }),
      {
        status: error.status,
      },
    );
  }

  const { booking, needsPayment } = result.value;
  // Without a subscription nothing is booked yet, only held while the student pays: no "success".
  return redirectWithToast(
    context,
    request,
    needsPayment ? `/payment/${encodeURIComponent(booking.reference)}` : "/profile",
    needsPayment ? { kind: "info", title: "booking:toasts.held" } : { kind: "success", title: "booking:toasts.booked" },
  );
}

export default function BookVisitPage() {
  const { t, i18n } = useTranslation(["booking", "subscription"]);
  const loaderData = useLoaderData<typeof loader>();
  const lastResult = (useActionData<typeof action>() as SubmissionResult<string[]> | undefined) ?? null;
  const { property, blocked, subscription, fee } = loaderData;
  const action = `/book-visit/${encodeURIComponent(property.id)}`;

  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-xl p-6">
        <h1 className="text-2xl font-bold">{t("booking:page.heading")}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          <Link to={`/property/${encodeURIComponent(property.id)}`} className="link">
            {property.title}
          </Link>
        </p>

        {blocked ? (
          <div
            role="alert"
            className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            <p className="font-semibold">{t(blocked)}</p>
            <Link to="/listings" className="link mt-2 inline-block">
              {t("booking:page.browseOthers")}
            </Link>
          </div>
        ) : (
          <>
            <SubscriptionNotice subscription={subscription} fee={fee} language={i18n.language} />
            <div className="mt-6 space-y-6">
              <VisitDatePicker
                action={action}
                date={loaderData.dateInput}
                min={loaderData.first}
                max={loaderData.last}
                error={loaderData.dateError}
                hours={loaderData.visitingHours}
                noFreeDay={loaderData.noFreeDay}
              />
              <VisitForm
                action={`${action}${loaderData.date ? `?date=${loaderData.date}` : ""}`}
                date={loaderData.date}
                slots={loaderData.slots}
                defaults={loaderData.defaults}
                lastResult={lastResult}
                submitLabel={subscription.active ? t("booking:form.submitFree") : t("booking:form.submitPay", { amount: formatXaf(fee) })}
              />
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function SubscriptionNotice({
  subscription,
  fee,
  language,
}: {
  subscription: { active: boolean; expired: boolean; endsAt: string | null };
  fee: number;
  language: string;
}) {
  const { t } = useTranslation(["booking", "subscription"]);
  if (subscription.active && subscription.endsAt) {
    return (
      <p className="mt-4 rounded-md border border-brand-500 bg-brand-50 p-3 text-sm text-brand-800 dark:bg-slate-800 dark:text-brand-100">
        {t("booking:page.subscribed", { date: formatDate(subscription.endsAt, language) })}
      </p>
    );
  }
  if (subscription.expired) {
    return (
      <div
        role="status"
        className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-semibold">{t("subscription:status.expired")}</p>
        <p className="mt-1 text-sm">{t("booking:page.expiredChoice", { amount: formatXaf(fee) })}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to="/subscription-payment" className="btn-primary">
            {t("subscription:actions.renew")}
          </Link>
          <a href="#visit-form" className="btn-secondary">
            {t("subscription:actions.proceedToPayment")}
          </a>
        </div>
      </div>
    );
  }
  return <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{t("booking:page.feeNotice", { amount: formatXaf(fee) })}</p>;
}
