// /admin/bookings: every visit booking, newest first, 20 a page, filtered by status, visit-date
// range and property (its id, or text in its title) through a plain GET form, so every view has
// its URL and works without JavaScript. An upcoming visit can be cancelled with a reason: a dialog
// with JavaScript, /admin/bookings/{id}/cancel without; the same filters download as CSV
// (/admin/bookings.csv). See docs/decisions/0126-admin-bookings.md.
import { formatVisitTime } from "#domain/booking/visit-time";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { usePersonName } from "~/utils/person-name";
import { ADMIN_BOOKING_PROPERTY_MAX, BOOKING_STATUSES, listBookingsForAdmin } from "#domain/booking/admin-bookings.queries";
import { isUpcomingVisit } from "#domain/booking/booking-lifecycle";
import { doualaDate } from "#domain/booking/visit-date";
import { bookingFilterFromUrl, bookingFilterQuery } from "~/utils/admin-booking-filter";
import { listPage } from "~/utils/list-url";
import { FilterDate, FilterSearch, FilterSelect } from "~/components/filters/filter-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { ReasonField } from "~/components/booking/booking-lifecycle";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { Pagination } from "~/components/listings/pagination";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { listCountText } from "~/utils/list-count.server";
import { requireAdmin } from "~/utils/auth.server";
import { ScrollRegion } from "~/components/scroll-region";
import { formatDateTime, formatXaf } from "~/utils/format";

export const handle = { i18n: ["auth", "admin-bookings", "listings", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const filter = bookingFilterFromUrl(url);
  const deps = context.services.money.bookingAdmin;
  const found = await listBookingsForAdmin(deps, filter, listPage(url));
  const today = doualaDate(deps.clock.now());
  const t = await i18next.getFixedT(request, "auth");
  return {
    title: t("portal.admin.pages.bookings.title"),
    filter,
    form: { status: filter.bookingStatus ?? "", from: filter.visitFrom ?? "", to: filter.visitTo ?? "", property: filter.property ?? "" },
    page: found.page,
    pageCount: found.pageCount,
    total: found.total,
    totalIsCapped: found.totalIsCapped,
    countText: await listCountText(request, "admin-bookings", "list.count", found),
    items: found.items.map((b) => ({ ...b, createdAt: b.createdAt.toISOString(), cancellable: isUpcomingVisit(b, today) })),
  };
}

export default function AdminBookingsPage() {
  const { t, i18n } = useTranslation(["admin-bookings", "auth"]);
  const personName = usePersonName();
  const { filter, form, items, page, pageCount, countText } = useLoaderData<typeof loader>();
  const here = `/admin/bookings${bookingFilterQuery(filter, page)}`;
  const paymentText = (b: (typeof items)[number]) =>
    b.paymentStatus !== "confirmed"
      ? t("payment.pending")
      : b.paymentReference
        ? `${t("payment.confirmed")} · ${formatXaf(b.paymentAmount)} · ${b.paymentReference}`
        : t("payment.subscription");
  return (
    <PortalLayout portal="admin" title={t("auth:portal.admin.pages.bookings.title")} intro={t("auth:portal.admin.pages.bookings.intro")}>
      <section aria-labelledby="booking-filters-heading">
        <h2 id="booking-filters-heading" className="text-lg font-semibold">
          {t("filters.title")}
        </h2>
        <Form method="get" action="/admin/bookings" className="card mt-2 flex flex-wrap items-end gap-3 p-4">
          <FilterSelect
            id="booking-status"
            name="status"
            label={t("filters.status")}
            value={form.status}
            anyLabel={t("filters.any")}
            options={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
          <FilterDate id="booking-from" name="from" label={t("filters.from")} value={form.from} />
          <FilterDate id="booking-to" name="to" label={t("filters.to")} value={form.to} />
          <FilterSearch
            id="booking-property"
            name="property"
            label={t("filters.property")}
            value={form.property}
            maxLength={ADMIN_BOOKING_PROPERTY_MAX}
          />
          <button type="submit" className="btn-primary">
            {t("filters.apply")}
          </button>
          <Link to="/admin/bookings" className="btn-secondary">
            {t("filters.clear")}
          </Link>
          <a href={`/admin/bookings.csv${bookingFilterQuery(filter)}`} className="btn-secondary" download>
            {t("filters.csv")}
          </a>
        </Form>
      </section>

      <h2 className="mt-8 text-lg font-semibold">{t("list.title")}</h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="booking-count">
        {countText}
      </p>
      {items.length === 0 ? (
        <p className="card mt-2 p-4">{t("list.empty")}</p>
      ) : (
        <ScrollRegion label={t("list.title")} className="mt-2">
          <table className="card w-full text-left text-sm">
            <thead>
              <tr>
                {(["reference", "property", "student", "agent", "visit", "status", "payment", "actions"] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2">
                    {t(`list.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr
                  key={b.id}
                  className="border-t border-slate-200 align-top dark:border-slate-800"
                  data-testid="admin-booking"
                  data-reference={b.reference}
                >
                  <td className="px-3 py-2">
                    <span className="font-medium">{b.reference}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {t("list.booked", { date: formatDateTime(b.createdAt, i18n.language) })}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <Link to={`/listings/${encodeURIComponent(b.propertyId)}`} className="link">
                      {b.propertyTitle}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <Link to={`/admin/users/${encodeURIComponent(b.studentId)}`} className="link">
                      {b.studentName ? personName(b.studentName) : b.studentEmail}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <Link to={`/admin/users/${encodeURIComponent(b.agentId)}`} className="link">
                      {b.agentName}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {formatVisitDate(b.visitDate, i18n.language)}, {formatVisitTime(b.visitTime, i18n.language)}
                  </td>
                  <td className="px-3 py-2" data-testid="booking-status">
                    {t(`statuses.${b.bookingStatus}`)}
                    {b.cancelledBy ? ` ${t(`cancelledBy.${b.cancelledBy}`)}` : null}
                    {b.bookingStatus === "confirmed" ? <span className="block text-xs">{t(`responses.${b.agentResponse}`)}</span> : null}
                    {b.cancelReason ? <span className="block text-xs">{t("list.reason", { reason: b.cancelReason })}</span> : null}
                  </td>
                  <td className="px-3 py-2">{paymentText(b)}</td>
                  <td className="px-3 py-2">
                    {b.cancellable ? (
                      <ConfirmAction
                        confirmHref={`/admin/bookings/${encodeURIComponent(b.id)}/cancel?back=${encodeURIComponent(here)}`}
                        action={`/admin/bookings/${encodeURIComponent(b.id)}/cancel`}
                        fields={{ back: here }}
                        trigger={
                          <>
                            {t("cancel.button")}
                            <span className="sr-only"> {b.reference}</span>
                          </>
                        }
                        title={t("cancel.title", { reference: b.reference })}
                        body={t("cancel.body", {
                          property: b.propertyTitle,
                          date: formatVisitDate(b.visitDate, i18n.language),
                          time: formatVisitTime(b.visitTime, i18n.language),
                        })}
                        confirmLabel={t("cancel.confirm")}
                        extra={<ReasonField id={`cancel-reason-${b.id}`} label={t("cancel.reason")} required />}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/admin/bookings${bookingFilterQuery(filter, p)}`} />
    </PortalLayout>
  );
}
