// /admin/bookings's filters and page as its URL carries them (docs/decisions/0126): read by the
// page, its CSV (/admin/bookings.csv) and its cancel page, written back by the pagination, the CSV
// link and the cancel page's return address. A value that is not valid is no filter.
import type { AdminBookingFilter } from "#domain/booking/admin-bookings.port";
import { adminBookingFilterFrom } from "#domain/booking/admin-bookings.queries";
import { listPage, listReturnPath } from "./list-url";

const LIST = "/admin/bookings";

/** The filter a URL's query means (values that are not valid are no filter). */
export function bookingFilterFromUrl(url: URL): AdminBookingFilter {
  const q = url.searchParams;
  return adminBookingFilterFrom({ status: q.get("status"), from: q.get("from"), to: q.get("to"), property: q.get("property") });
}

/** The query string of a filter (and page), "" when there is none; the names the form uses. */
export function bookingFilterQuery(filter: AdminBookingFilter, page = 1): string {
  const q = new URLSearchParams();
  if (filter.bookingStatus) q.set("status", filter.bookingStatus);
  if (filter.visitFrom) q.set("from", filter.visitFrom);
  if (filter.visitTo) q.set("to", filter.visitTo);
  if (filter.property) q.set("property", filter.property);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** A return address inside the bookings page (its filters and page rebuilt), or the page itself. */
export function bookingsReturnPath(value: unknown): string {
  return listReturnPath(LIST, value, (url) => `${LIST}${bookingFilterQuery(bookingFilterFromUrl(url), listPage(url))}`);
}
