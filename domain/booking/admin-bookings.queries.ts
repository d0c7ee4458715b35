// The admin's bookings page and its CSV (issue 11, docs/decisions/0126): the filter read from the
// page's query (a value that is not valid is no filter), and one page of bookings. Pages count
// from 1; a page past the end reads as the last one.
import type { AdminBookingFilter, AdminBookingsReader, AdminBookingView } from "./admin-bookings.port";
import type { BookingStatus } from "./booking.entity";
import { isCalendarDate } from "./visit-date";
import { cappedTotal, countLimitFor, type CountedTotal } from "../shared/paging";

export const ADMIN_BOOKINGS_PAGE_SIZE = 20;
/** The most rows one CSV export holds (newest first). */
export const ADMIN_BOOKINGS_CSV_MAX = 5000;
/** The longest property text kept (a longer one is cut). */
export const ADMIN_BOOKING_PROPERTY_MAX = 100;

export const BOOKING_STATUSES: readonly BookingStatus[] = ["pending", "confirmed", "cancelled", "expired", "rebook_required"];
export const isBookingStatus = (v: unknown): v is BookingStatus =>
  typeof v === "string" && (BOOKING_STATUSES as readonly string[]).includes(v);

/** The raw query of the page: any of these may be missing or nonsense. */
export interface RawAdminBookingFilter {
  status?: string | null;
  from?: string | null;
  to?: string | null;
  property?: string | null;
}

/** NUL and other control characters. */
const hasControl = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The filter the raw query means: an unknown status, a date that is not a calendar day or a property text with control characters is dropped. */
export function adminBookingFilterFrom(raw: RawAdminBookingFilter): AdminBookingFilter {
  const filter: AdminBookingFilter = {};
  if (isBookingStatus(raw.status)) filter.bookingStatus = raw.status;
  const from = raw.from?.trim();
  const to = raw.to?.trim();
  if (from && isCalendarDate(from)) filter.visitFrom = from;
  if (to && isCalendarDate(to)) filter.visitTo = to;
  const property = raw.property?.trim().slice(0, ADMIN_BOOKING_PROPERTY_MAX).trim();
  if (property && !hasControl(property)) filter.property = property;
  return filter;
}

export interface AdminBookingsPage extends CountedTotal {
  items: AdminBookingView[];
  page: number;
  /** At least 1. */
  pageCount: number;
}

export async function listBookingsForAdmin(
  deps: { reader: AdminBookingsReader },
  filter: AdminBookingFilter,
  requestedPage: number,
): Promise<AdminBookingsPage> {
  const wanted = Number.isSafeInteger(requestedPage) && requestedPage >= 1 ? requestedPage : 1;
  const offsetOf = (page: number) => (page - 1) * ADMIN_BOOKINGS_PAGE_SIZE;
  const read = (page: number) =>
    deps.reader.list({ ...filter, limit: ADMIN_BOOKINGS_PAGE_SIZE, offset: offsetOf(page), countLimit: countLimitFor(offsetOf(page)) });
  const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / ADMIN_BOOKINGS_PAGE_SIZE));
  let found = await read(wanted);
  const page = Math.min(wanted, pageCountOf(found.total));
  if (page !== wanted) found = await read(page);
  // Counted only LIST_COUNT_AHEAD past the page: beyond, the screen says "more than" (decision 0148).
  const counted = cappedTotal(found.total, offsetOf(page));
  return { items: found.items, ...counted, page, pageCount: pageCountOf(counted.total) };
}

/** The rows of the CSV export: every match, newest first, at most ADMIN_BOOKINGS_CSV_MAX. */
export async function exportBookingsForAdmin(
  deps: { reader: AdminBookingsReader },
  filter: AdminBookingFilter,
): Promise<AdminBookingView[]> {
  return (await deps.reader.list({ ...filter, limit: ADMIN_BOOKINGS_CSV_MAX, offset: 0, countLimit: 0 })).items;
}
