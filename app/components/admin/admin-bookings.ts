// Shared by /admin/bookings, its CSV and its cancel page: the filters as the URL carries them.
import type { AdminBookingFilter } from "#domain/booking/admin-bookings.port";
import { adminBookingFilterFrom } from "#domain/booking/admin-bookings.queries";

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

/** A return address inside the bookings page (with its filters), or the page itself. */
export function bookingsReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/admin/bookings")) return "/admin/bookings";
  const url = new URL(value, "http://kamernest.invalid");
  if (url.pathname !== "/admin/bookings") return "/admin/bookings";
  const page = Number(url.searchParams.get("page"));
  return `/admin/bookings${bookingFilterQuery(bookingFilterFromUrl(url), Number.isSafeInteger(page) ? page : 1)}`;
}
