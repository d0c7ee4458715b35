// /agents/bookings's filters and page as its URL carries them (decision 0117): read by the page,
// written back by its pagination and by the accept form's return address, so the agent lands on
// the list as they left it. A malformed value is ignored (no filter, page 1), never refused.
import { AGENT_BOOKING_FILTERS, type AgentBookingFilter } from "#domain/booking/booking-lifecycle";
import { isCalendarDate } from "#domain/booking/visit-date";
import type { AgentBookingsQuery } from "#domain/payment/money-views-reader.port";
import { cleanKey } from "./clean-key";
import { listPage, listReturnPath } from "./list-url";

const LIST = "/agents/bookings";

/** The list's filters, each optional: the query without its page. */
export type AgentBookingsFilter = Omit<AgentBookingsQuery, "page">;

const isStatus = (value: string | null): value is AgentBookingFilter => (AGENT_BOOKING_FILTERS as readonly string[]).includes(value ?? "");

/** The filters a URL's query means: a property id, a calendar day, a known status. */
export function agentBookingFilterFromUrl(url: URL): AgentBookingsFilter {
  const q = url.searchParams;
  const filter: AgentBookingsFilter = {};
  const propertyId = cleanKey(q.get("property"));
  if (propertyId) filter.propertyId = propertyId;
  const date = q.get("date");
  if (date && isCalendarDate(date)) filter.visitDate = date;
  const status = q.get("status");
  if (isStatus(status)) filter.status = status;
  return filter;
}

/** The list's address with these filters on this page; the names the filter form uses. */
export function agentBookingsPath(filter: AgentBookingsFilter, page = 1): string {
  const q = new URLSearchParams();
  if (filter.propertyId) q.set("property", filter.propertyId);
  if (filter.visitDate) q.set("date", filter.visitDate);
  if (filter.status) q.set("status", filter.status);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${LIST}?${s}` : LIST;
}

/** A return address inside the list (its filters and page rebuilt), or the list itself. */
export function agentBookingsReturnPath(value: unknown): string {
  return listReturnPath(LIST, value, (url) => agentBookingsPath(agentBookingFilterFromUrl(url), listPage(url)));
}
