// /agents/bookings/{id}/propose: the agent proposes another time for a visit: a day (GET form,
// ?date=), then one of its free slots within the property's visiting hours (POST). The proposal
// holds nothing until the student accepts it on /profile (decision 0117).
import { formatVisitTime } from "#domain/booking/visit-time";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { findAnswerableBooking, proposeVisitTime } from "#domain/booking/booking-lifecycle.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { SlotChoiceForm } from "~/components/booking/booking-lifecycle";
import { lifecycleRefused, readNewSlot, slotChoice, type LifecycleActionError } from "~/utils/booking-lifecycle.server";
import { cleanKey } from "~/utils/clean-key";
import { VisitDatePicker } from "~/components/booking/visit-form";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "booking", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const bookingId = cleanKey(params.id);
  const { money } = context.services;
  const found = bookingId ? await findAnswerableBooking(money.lifecycle, { agentId: user.id, bookingId }) : null;
  if (!found) throw notFound();
  const t = await i18next.getFixedT(request, "booking");
  return {
    title: t("agent.propose.title", { property: found.property.title }),
    booking: {
      id: found.booking.id,
      reference: found.booking.reference,
      visitDate: found.booking.visitDate,
      visitTime: found.booking.visitTime,
      propertyTitle: found.property.title,
    },
    ...(await slotChoice(request, money, found.property)),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const bookingId = cleanKey(params.id);
  if (!bookingId) throw notFound();
  const posted = await readNewSlot(request);
  if ("refused" in posted) return posted.refused;
  const result = await proposeVisitTime(context.services.money.lifecycle, { agentId: user.id, bookingId, ...posted.slot });
  if (!result.ok) return lifecycleRefused(request, result.error);
  return redirectWithToast(context, request, "/agents/bookings", { kind: "success", title: "booking:toasts.timeProposed" });
}

export default function ProposeTimePage() {
  const { t, i18n } = useTranslation("booking");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LifecycleActionError | undefined;
  const action = `/agents/bookings/${encodeURIComponent(data.booking.id)}/propose`;
  return (
    <PortalLayout portal="agent" title={data.title}>
      <div className="card max-w-xl space-y-6 p-6">
        <p>
          {t("agent.propose.current", {
            date: formatVisitDate(data.booking.visitDate, i18n.language),
            time: formatVisitTime(data.booking.visitTime, i18n.language),
            reference: data.booking.reference,
          })}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("agent.propose.intro")}</p>
        <VisitDatePicker action={action} date={data.dateInput} min={data.first} max={data.last} error={data.dateError} />
        <SlotChoiceForm
          action={action}
          date={data.date}
          slots={data.slots}
          submitLabel={t("agent.propose.submit")}
          error={actionData?.formError}
        />
      </div>
    </PortalLayout>
  );
}
