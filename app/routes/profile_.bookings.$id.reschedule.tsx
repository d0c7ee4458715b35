// /profile/bookings/{id}/reschedule: the student moves an upcoming visit to another free slot in
// one step: the new slot is taken and the old one freed in the same transaction (decision 0117).
import { formatVisitTime } from "#domain/booking/visit-time";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { findChangeableBooking, rescheduleVisit } from "#domain/booking/booking-lifecycle.use-cases";
import { titleMeta } from "~/utils/page-title";
import { SlotChoiceForm } from "~/components/booking/booking-lifecycle";
import { lifecycleRefused, readNewSlot, slotChoice, type LifecycleActionError } from "~/utils/booking-lifecycle.server";
import { cleanKey } from "~/utils/clean-key";
import { VisitDatePicker } from "~/components/booking/visit-form";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["booking"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const bookingId = cleanKey(params.id);
  const { money } = context.services;
  const found = bookingId ? await findChangeableBooking(money.lifecycle, { studentId: user.id, bookingId }) : null;
  if (!found) throw notFound();
  const t = await i18next.getFixedT(request, "booking");
  return {
    title: t("student.reschedule.title", { property: found.property.title }),
    booking: {
      id: found.booking.id,
      reference: found.booking.reference,
      visitDate: found.booking.visitDate,
      visitTime: found.booking.visitTime,
    },
    ...(await slotChoice(request, money, found.property)),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const bookingId = cleanKey(params.id);
  if (!bookingId) throw notFound();
  const posted = await readNewSlot(request);
  if ("refused" in posted) return posted.refused;
  const result = await rescheduleVisit(context.services.money.lifecycle, { studentId: user.id, bookingId, ...posted.slot });
  if (!result.ok) return lifecycleRefused(request, result.error);
  return redirectWithToast(context, request, "/profile#bookings", { kind: "success", title: "booking:toasts.visitRescheduled" });
}

export default function RescheduleVisitPage() {
  const { t, i18n } = useTranslation("booking");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LifecycleActionError | undefined;
  const action = `/profile/bookings/${encodeURIComponent(data.booking.id)}/reschedule`;
  return (
    <section className="container-page py-10">
      <div className="card max-w-xl space-y-6 p-6">
        <h1 className="text-2xl font-bold">{data.title}</h1>
        <p>
          {t("student.reschedule.current", {
            date: formatVisitDate(data.booking.visitDate, i18n.language),
            time: formatVisitTime(data.booking.visitTime, i18n.language),
            reference: data.booking.reference,
          })}
        </p>
        <VisitDatePicker action={action} date={data.dateInput} min={data.first} max={data.last} error={data.dateError} />
        <SlotChoiceForm
          action={action}
          date={data.date}
          slots={data.slots}
          submitLabel={t("student.reschedule.submit")}
          error={actionData?.formError}
        />
        <Link to="/profile#bookings" className="link inline-block">
          {t("student.back")}
        </Link>
      </div>
    </section>
  );
}
