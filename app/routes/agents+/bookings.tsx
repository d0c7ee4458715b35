// /agents/bookings: the visits booked on the agent's listings that are paid for or covered by a
// subscription, newest first, 10 a page, filtered by property, day and status (decision 0117).
// The agent accepts the time here (a plain POST form); proposing another time and declining with
// a reason have their own pages (/agents/bookings/{id}/propose and /decline), which also serve
// without JavaScript.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { AGENT_BOOKING_FILTERS } from "#domain/booking/booking-lifecycle";
import { acceptVisitTime } from "#domain/booking/booking-lifecycle.use-cases";
import { doualaDate } from "#domain/booking/visit-date";
import { FilterDate, FilterSelect } from "~/components/filters/filter-fields";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { AgentBookingsList } from "~/components/booking/agent-bookings";
import { agentBookingActionSchema } from "~/components/booking/lifecycle-schema";
import { lifecycleBadForm, lifecycleRefused, type LifecycleActionError } from "~/utils/booking-lifecycle.server";
import { agentBookingFilterFromUrl, agentBookingsPath, agentBookingsReturnPath } from "~/utils/agent-booking-filter";
import { listPage } from "~/utils/list-url";
import { Pagination } from "~/components/listings/pagination";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["auth", "booking", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const url = new URL(request.url);
  const filter = agentBookingFilterFromUrl(url);
  const result = await context.services.money.views.agentBookings(user.id, { ...filter, page: listPage(url) });
  return {
    title: t("portal.agent.pages.bookings.title"),
    bookings: result.items,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    properties: result.properties,
    today: doualaDate(context.services.money.clock.now()),
    filter,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const formData = await readFormOrNull(request);
  if (!formData) return lifecycleBadForm(request);
  const submission = parseWithZod(formData, { schema: agentBookingActionSchema });
  if (submission.status !== "success") return lifecycleBadForm(request);
  const result = await acceptVisitTime(context.services.money.lifecycle, { agentId: user.id, bookingId: submission.value.bookingId });
  if (!result.ok) return lifecycleRefused(request, result.error);
  return redirectWithToast(context, request, agentBookingsReturnPath(formData.get("back")), {
    kind: "success",
    title: "booking:toasts.visitAccepted",
  });
}

export default function AgentBookingsPage() {
  const { t } = useTranslation(["auth", "booking"]);
  const { bookings, page, pageCount, total, properties, filter, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LifecycleActionError | undefined;
  const pathOf = (p: number) => agentBookingsPath(filter, p);
  return (
    <PortalLayout portal="agent" title={t("portal.agent.pages.bookings.title")} intro={t("portal.agent.pages.bookings.intro")}>
      <Form
        method="get"
        action="/agents/bookings"
        className="card mb-4 flex flex-wrap items-end gap-3 p-4"
        aria-label={t("booking:agent.filters.label")}
      >
        <FilterSelect
          id="filter-property"
          name="property"
          label={t("booking:agent.filters.property")}
          value={filter.propertyId ?? ""}
          anyLabel={t("booking:agent.filters.allProperties")}
          options={properties.map((p) => ({ value: p.id, label: p.title }))}
        />
        <FilterDate id="filter-date" name="date" label={t("booking:agent.filters.date")} value={filter.visitDate ?? ""} />
        <FilterSelect
          id="filter-status"
          name="status"
          label={t("booking:agent.filters.status")}
          value={filter.status ?? ""}
          anyLabel={t("booking:agent.filters.allStatuses")}
          options={AGENT_BOOKING_FILTERS.map((s) => ({ value: s, label: t(`booking:agent.filters.statuses.${s}`) }))}
        />
        <button type="submit" className="btn-secondary">
          {t("booking:agent.filters.apply")}
        </button>
        {filter.propertyId || filter.visitDate || filter.status ? (
          <Link to="/agents/bookings" className="link self-center">
            {t("booking:agent.filters.clear")}
          </Link>
        ) : null}
      </Form>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t("booking:agent.count", { count: total })}</p>
      {actionData?.formError ? <FormAlert id="bookings-error" errors={[actionData.formError]} /> : null}
      <AgentBookingsList bookings={bookings} back={pathOf(page)} today={today} />
      <Pagination page={page} pageCount={pageCount} hrefFor={pathOf} />
    </PortalLayout>
  );
}
