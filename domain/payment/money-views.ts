// The booking rules, applied to the money pages' read models: every MoneyViewsReader adapter (and
// the pages) decide with these, never with a restated condition. See decision 0124.
import { holdIsRunning, viewingOutcomeRefusal } from "../booking/booking.entity";
import type { StudentBookingView } from "./money-views-reader.port";

export const STUDENT_BOOKINGS_LIMIT = 20;
export const STUDENT_PAYMENTS_LIMIT = 20;
/** The agent's bookings screen shows this many a page (decision 0117). */
export const AGENT_BOOKINGS_PAGE_SIZE = 10;
export const VIEWINGS_TO_CONFIRM_LIMIT = 50;

/** Whether the booking can still be paid at `at` (holdIsRunning). */
export function isPayable(view: Pick<StudentBookingView, "bookingStatus" | "holdExpiresAt">, at: Date): boolean {
  return holdIsRunning(
    { bookingStatus: view.bookingStatus, holdExpiresAt: view.holdExpiresAt === null ? null : new Date(view.holdExpiresAt) },
    at,
  );
}

/** Whether `studentId` can record the outcome of this booking's visit at `at` (viewingOutcomeRefusal). */
export function isViewingDue(
  studentId: string,
  view: Pick<StudentBookingView, "bookingStatus" | "visitDate" | "viewingOutcome" | "agentId">,
  at: Date,
): boolean {
  return (
    viewingOutcomeRefusal(
      { studentId, bookingStatus: view.bookingStatus, visitDate: view.visitDate, viewingOutcome: view.viewingOutcome },
      view.agentId,
      at,
    ) === null
  );
}

/** The page count for `total` rows (at least 1) and `wanted` clamped into it. */
export function agentBookingsPaging(total: number, wanted: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / AGENT_BOOKINGS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(wanted) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * AGENT_BOOKINGS_PAGE_SIZE };
}
