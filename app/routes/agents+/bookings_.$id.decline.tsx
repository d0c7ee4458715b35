// /agents/bookings/{id}/decline: the agent declines a visit with a reason (for instance the
// property was let). The booking is cancelled and its slot freed; the student keeps the
// subscription the booking bought and is told by e-mail and on /profile (decision 0117).
import { formatVisitTime } from "#domain/booking/visit-time";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { declineVisit, findAnswerableBooking } from "#domain/booking/booking-lifecycle.use-cases";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { ReasonField } from "~/components/booking/booking-lifecycle";
import { declineSchema } from "~/components/booking/lifecycle-schema";
import { lifecycleBadForm, lifecycleRefused, type LifecycleActionError } from "~/utils/booking-lifecycle.server";
import { cleanKey } from "~/utils/clean-key";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "booking", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const bookingId = cleanKey(params.id);
  const found = bookingId ? await findAnswerableBooking(context.services.money.lifecycle, { agentId: user.id, bookingId }) : null;
  if (!found) throw notFound();
  const t = await i18next.getFixedT(request, "booking");
  return {
    title: t("agent.decline.title", { property: found.property.title }),
    booking: {
      id: found.booking.id,
      reference: found.booking.reference,
      visitDate: found.booking.visitDate,
      visitTime: found.booking.visitTime,
      visitorName: found.booking.visitorName,
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const bookingId = cleanKey(params.id);
  if (!bookingId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return lifecycleBadForm(request);
  const submission = parseWithZod(formData, { schema: declineSchema });
  if (submission.status !== "success") return lifecycleRefused(request, { code: "booking.invalid_reason", params: { min: 3, max: 500 } });
  const result = await declineVisit(context.services.money.lifecycle, { agentId: user.id, bookingId, reason: submission.value.reason });
  if (!result.ok) return lifecycleRefused(request, result.error);
  return redirectWithToast(context, request, "/agents/bookings", { kind: "success", title: "booking:toasts.visitDeclined" });
}

export default function DeclineVisitPage() {
  const { t, i18n } = useTranslation("booking");
  const { title, booking } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LifecycleActionError | undefined;
  return (
    <PortalLayout portal="agent" title={title}>
      {actionData?.formError ? <FormAlert id="decline-error" errors={[actionData.formError]} /> : null}
      <ConfirmPage
        action={`/agents/bookings/${encodeURIComponent(booking.id)}/decline`}
        fields={{}}
        body={t("agent.decline.body", {
          visitor: booking.visitorName,
          date: formatVisitDate(booking.visitDate, i18n.language),
          time: formatVisitTime(booking.visitTime, i18n.language),
          reference: booking.reference,
        })}
        confirmLabel={t("agent.decline.confirm")}
        backHref="/agents/bookings"
        extra={<ReasonField id="decline-reason" label={t("agent.decline.reason")} hint={t("agent.decline.reasonHint")} required />}
      />
    </PortalLayout>
  );
}
