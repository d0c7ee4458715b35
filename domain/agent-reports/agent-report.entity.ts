// The agent's reports (issue 9, docs/decisions/0119-agent-reports.md): per listing, over the last
// 7, 30 or 90 Buea calendar days, how many times it was viewed, how many visit bookings it got,
// how many viewings the students confirmed, and the conversion from views to confirmed viewings.
import type { Booking } from "../booking/booking.entity";
import { addDays, doualaDate } from "../booking/visit-date";
import { HOUR_MS } from "../shared/clock";

export const REPORT_PERIODS = [7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** What the page shows when no period (or a period it does not offer) is asked for. */
export const DEFAULT_REPORT_PERIOD: ReportPeriod = 30;

/** `?period=7|30|90`; anything else is the default period (a report is read-only: no error page). */
export function parseReportPeriod(raw: string | null | undefined): ReportPeriod {
  return REPORT_PERIODS.find((p) => String(p) === raw) ?? DEFAULT_REPORT_PERIOD;
}

/**
 * The days a report covers: the `period` Buea calendar days ending today, today included, and the
 * same span as UTC instants (`from` inclusive, `to` exclusive) for events stamped with a time.
 */
export interface ReportWindow {
  firstDay: string;
  lastDay: string;
  from: Date;
  to: Date;
}

/** Buea is UTC+1 all year (no daylight saving): midnight there is 23:00 UTC the day before. */
const bueaMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - HOUR_MS);

export function reportWindow(now: Date, period: ReportPeriod): ReportWindow {
  const lastDay = doualaDate(now);
  const firstDay = addDays(lastDay, -(period - 1));
  return { firstDay, lastDay, from: bueaMidnight(firstDay), to: bueaMidnight(addDays(lastDay, 1)) };
}

/**
 * A visit booking counts once it is secured: paid, or covered by the student's subscription
 * (payment_status 'confirmed'). Unpaid bookings that lapsed never were bookings; a paid booking that
 * lost its slot ('rebook_required') is counted through the booking the student makes instead, so
 * it is left out to count the student once. A secured booking cancelled later still counts: the
 * interest was real.
 */
export const COUNTED_BOOKING_PAYMENT_STATUS = "confirmed";
export const UNCOUNTED_BOOKING_STATUS = "rebook_required";

export function countsAsVisitBooking(booking: Pick<Booking, "paymentStatus" | "bookingStatus">): boolean {
  return booking.paymentStatus === COUNTED_BOOKING_PAYMENT_STATUS && booking.bookingStatus !== UNCOUNTED_BOOKING_STATUS;
}

/** What the reader sums for one listing over a window. */
export interface PropertyActivity {
  propertyId: string;
  title: string;
  neighbourhood: string;
  views: number;
  visitBookings: number;
  confirmedViewings: number;
}

export interface ActivityTotals {
  views: number;
  visitBookings: number;
  confirmedViewings: number;
}

/**
 * Confirmed viewings per view, a fraction (0.125 is 12.5 %), or null when there were no views
 * (nothing to convert). It can pass 1: a viewing confirmed in the window may come from a view
 * before it, and only signed-in views are counted.
 */
export function conversionRate(confirmedViewings: number, views: number): number | null {
  return views > 0 ? confirmedViewings / views : null;
}

/** The report's totals: sums of the rows (the conversion total is total confirmed / total views, not a mean of rates). */
export function totalsOf(rows: readonly ActivityTotals[]): ActivityTotals {
  return rows.reduce(
    (t, r) => ({
      views: t.views + r.views,
      visitBookings: t.visitBookings + r.visitBookings,
      confirmedViewings: t.confirmedViewings + r.confirmedViewings,
    }),
    { views: 0, visitBookings: 0, confirmedViewings: 0 },
  );
}

/** Most viewed first, then by title and id, so the order never changes between two loads. */
export function byViewsThenTitle(a: PropertyActivity, b: PropertyActivity): number {
  return b.views - a.views || a.title.localeCompare(b.title) || (a.propertyId < b.propertyId ? -1 : a.propertyId > b.propertyId ? 1 : 0);
}

/** How many characters of a listing's id tell it apart on a chart (as "#1a2b3c"), at least. */
export const SHORT_ID_LENGTH = 6;

/**
 * Each row's label on the charts and in the table (issue 33): the title and the neighbourhood, so
 * two listings with similar titles can be told apart; when rows would still read the same, each of
 * them also shows the start of its id (longer when six characters are not enough).
 */
export function rowLabels(rows: readonly Pick<PropertyActivity, "propertyId" | "title" | "neighbourhood">[]): Map<string, string> {
  const base = (r: Pick<PropertyActivity, "title" | "neighbourhood">) => (r.neighbourhood ? `${r.title} · ${r.neighbourhood}` : r.title);
  const groups = new Map<string, string[]>();
  for (const r of rows) {
    const key = base(r).toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), r.propertyId]);
  }
  const prefixLength = (ids: string[]) => {
    let n = SHORT_ID_LENGTH;
    while (n < Math.max(...ids.map((id) => id.length)) && new Set(ids.map((id) => id.slice(0, n))).size < ids.length) n++;
    return n;
  };
  return new Map(
    rows.map((r) => {
      const ids = groups.get(base(r).toLowerCase()) ?? [];
      return [r.propertyId, ids.length > 1 ? `${base(r)} · #${r.propertyId.slice(0, prefixLength(ids))}` : base(r)];
    }),
  );
}
