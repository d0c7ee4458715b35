// /admin/bookings's filters and page as its URL carries them (docs/decisions/0126): read by the
// page, its CSV (/admin/bookings.csv) and its cancel page, written back by the pagination, the CSV
// link and the cancel page's return address. A value that is not valid is no filter.
import type { AdminBookingFilter } from "#domain/booking/admin-bookings.port";
import { adminBookingFilterFrom } from "#domain/booking/admin-bookings.queries";

const LIST = "/admin/bookings";

/** The filter a URL's query means (values that are not valid are no filter). */
export function bookingFilterFromUrl(url: URL): AdminBookingFilter {
  const q = url.searchParams;
  return adminBookingFilterFrom({ status: q.get("status"), from: q.get("from"), to: q.get("to"), property: q.get("property") });
}

/** ?page=N, a whole number from 1; anything else is page 1 (a page past the end reads as the last). */
export function bookingPageFromUrl(url: URL): number {
  const raw = url.searchParams.get("page");
  return raw && /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
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
  if (typeof value !== "string" || !value.startsWith(LIST)) return LIST;
  const url = new URL(value, "http://kamernest.invalid");
  if (url.pathname !== LIST) return LIST;
  return `${LIST}${bookingFilterQuery(bookingFilterFromUrl(url), bookingPageFromUrl(url))}`;
}
