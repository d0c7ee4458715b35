// /admin/bookings.csv: the bookings the same filters keep on /admin/bookings, newest first (at most
// ADMIN_BOOKINGS_CSV_MAX rows), as CSV for a spreadsheet. A resource route: admins only; every cell
// goes through toCsv (byte-order mark, formula-injection safe).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportBookingsForAdmin } from "#domain/booking/admin-bookings.queries";
import { doualaDate } from "#domain/booking/visit-date";
import { bookingFilterFromUrl } from "~/utils/admin-booking-filter";
import { requireAdmin } from "~/utils/auth.server";
import { toCsv } from "~/utils/csv";

const HEADER = [
  "reference",
  "booked_at",
  "property_id",
  "property_title",
  "student_name",
  "student_email",
  "agent_name",
  "visit_date",
  "visit_time",
  "booking_status",
  "agent_response",
  "payment_status",
  "payment_reference",
  "amount_xaf",
  "cancelled_by",
  "cancel_reason",
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const deps = context.services.money.bookingAdmin;
  const rows = await exportBookingsForAdmin(deps, bookingFilterFromUrl(new URL(request.url)));
  const csv = toCsv([
    HEADER,
    ...rows.map((b) => [
      b.reference,
      b.createdAt.toISOString(),
      b.propertyId,
      b.propertyTitle,
      b.studentName,
      b.studentEmail,
      b.agentName,
      b.visitDate,
      b.visitTime,
      b.bookingStatus,
      b.agentResponse,
      b.paymentStatus,
      b.paymentReference,
      b.paymentAmount,
      b.cancelledBy,
      b.cancelReason,
    ]),
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="kamernest-bookings-${doualaDate(deps.clock.now())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
