// /admin/bookings/{id}/cancel: an admin cancels an upcoming visit with a reason (the confirmation
// page without JavaScript; /admin/bookings asks in a dialog with it, posting here). The slot is
// freed, the student and the agent are e-mailed, and the audit row lands in the same transaction
// (cancelVisitAsAdmin). A visit that can no longer be cancelled answers 409 with a message.
import { formatVisitTime } from "#domain/booking/visit-time";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { cancelVisitAsAdmin, findBookingForAdmin } from "#domain/booking/booking-lifecycle.use-cases";
import { MAX_REASON_LENGTH, MIN_REASON_LENGTH } from "#domain/booking/booking-lifecycle";
import { bookingsReturnPath } from "~/utils/admin-booking-filter";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { ReasonField } from "~/components/booking/booking-lifecycle";
import { adminCancelSchema } from "~/components/booking/lifecycle-schema";
import { lifecycleBadForm, lifecycleRefused, type LifecycleActionError } from "~/utils/booking-lifecycle.server";
import { cleanKey } from "~/utils/clean-key";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "admin-bookings", "booking", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const found = id ? await findBookingForAdmin(context.services.money.bookingAdmin, id) : null;
  if (!found) throw notFound();
  const t = await i18next.getFixedT(request, "admin-bookings");
  const { booking, property } = found;
  return {
    title: t("cancel.title", { reference: booking.reference }),
    back: bookingsReturnPath(new URL(request.url).searchParams.get("back")),
    cancellable: found.cancellable,
    booking: {
      id: booking.id,
      reference: booking.reference,
      visitDate: booking.visitDate,
      visitTime: booking.visitTime,
      propertyTitle: property.title,
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const bookingId = cleanKey(params.id);
  if (!bookingId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return lifecycleBadForm(request);
  const submission = parseWithZod(formData, { schema: adminCancelSchema });
  if (submission.status !== "success")
    return lifecycleRefused(request, { code: "booking.invalid_reason", params: { min: MIN_REASON_LENGTH, max: MAX_REASON_LENGTH } });
  const result = await cancelVisitAsAdmin(context.services.money.bookingAdmin, {
    adminId: admin.id,
    bookingId,
    reason: submission.value.reason,
  });
  if (!result.ok) return lifecycleRefused(request, result.error);
  return redirectWithToast(context, request, bookingsReturnPath(submission.value.back), {
    kind: "success",
    title: "admin-bookings:toasts.cancelled",
  });
}

export default function AdminCancelBookingPage() {
  const { t, i18n } = useTranslation("admin-bookings");
  const { title, back, cancellable, booking } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LifecycleActionError | undefined;
  return (
    <PortalLayout portal="admin" title={title}>
      {actionData?.formError ? <FormAlert id="cancel-error" errors={[actionData.formError]} /> : null}
      {cancellable ? (
        <ConfirmPage
          action={`/admin/bookings/${encodeURIComponent(booking.id)}/cancel`}
          fields={{ back }}
          body={t("cancel.body", {
            property: booking.propertyTitle,
            date: formatVisitDate(booking.visitDate, i18n.language),
            time: formatVisitTime(booking.visitTime, i18n.language),
          })}
          confirmLabel={t("cancel.confirm")}
          backHref={back}
          extra={<ReasonField id="cancel-reason" label={t("cancel.reason")} required />}
        />
      ) : (
        <div className="card max-w-xl p-6">
          <p data-testid="not-cancellable">{t("cancel.notChangeable")}</p>
          <Link to={back} className="btn-secondary mt-4 inline-flex">
            {t("cancel.back")}
          </Link>
        </div>
      )}
    </PortalLayout>
  );
}
