// /profile/bookings/{id}/cancel: the student cancels an upcoming visit (the confirmation page
// without JavaScript; /profile asks in a dialog with it). The slot is freed at once; there is no
// refund, and the subscription the booking bought is kept: the page says so before confirming.
import { formatVisitTime } from "#domain/booking/visit-time";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { cancelVisit, findChangeableBooking } from "#domain/booking/booking-lifecycle.use-cases";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { ReasonField } from "~/components/booking/booking-lifecycle";
import { cancelSchema } from "~/components/booking/lifecycle-schema";
import { lifecycleBadForm, lifecycleRefused, type LifecycleActionError } from "~/utils/booking-lifecycle.server";
import { cleanKey } from "~/utils/clean-key";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound } from "~/utils/not-found.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["booking", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const bookingId = cleanKey(params.id);
  const found = bookingId ? await findChangeableBooking(context.services.money.lifecycle, { studentId: user.id, bookingId }) : null;
  if (!found) throw notFound();
  const t = await i18next.getFixedT(request, "booking");
  return {
    title: t("student.cancel.title"),
    booking: {
      id: found.booking.id,
      reference: found.booking.reference,
      visitDate: found.booking.visitDate,
      visitTime: found.booking.visitTime,
      propertyTitle: found.property.title,
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const bookingId = cleanKey(params.id);
  if (!bookingId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return lifecycleBadForm(request);
  const submission = parseWithZod(formData, { schema: cancelSchema });
  if (submission.status !== "success") return lifecycleRefused(request, { code: "booking.invalid_reason", params: { min: 3, max: 500 } });
  const result = await cancelVisit(context.services.money.lifecycle, {
    actor: { role: "student", id: user.id },
    bookingId,
    reason: submission.value.reason,
  });
  if (!result.ok) return lifecycleRefused(request, result.error);
  return redirectWithToast(context, request, "/profile#bookings", { kind: "success", title: "booking:toasts.visitCancelled" });
}

export default function CancelVisitPage() {
  const { t, i18n } = useTranslation("booking");
  const { title, booking } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LifecycleActionError | undefined;
  return (
    <section className="container-page py-10">
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      {actionData?.formError ? <FormAlert id="cancel-error" errors={[actionData.formError]} /> : null}
      <ConfirmPage
        action={`/profile/bookings/${encodeURIComponent(booking.id)}/cancel`}
        fields={{}}
        body={t("student.cancel.body", {
          property: booking.propertyTitle,
          date: formatVisitDate(booking.visitDate, i18n.language),
          time: formatVisitTime(booking.visitTime, i18n.language),
        })}
        confirmLabel={t("student.cancel.confirm")}
        backHref="/profile#bookings"
        cancelLabel={t("student.cancel.keep")}
        extra={<ReasonField id="cancel-reason" label={t("student.cancel.reason")} />}
      >
        <p className="mb-3 font-semibold" data-testid="no-refund">
          {t("student.cancel.noRefund")}
        </p>
      </ConfirmPage>
    </section>
  );
}
