// The admin's bookings list over Kysely (docs/decisions/0126): the filters are one WHERE, the page
// and its capped count two queries over the same joins (no query per row). One code path for SQLite and
// PostgreSQL: the title search lowers both sides and escapes % and _.
import { sql, type Kysely } from "kysely";
import type { AdminBookingsQuery, AdminBookingsReader, AdminBookingView } from "#domain/booking/admin-bookings.port";
import type { AgentResponse, BookingPaymentStatus, BookingStatus, CancelledBy } from "#domain/booking/booking.entity";
import type { Database } from "../db/schema";
import { likePattern } from "./listing-search/shared";

export class KyselyAdminBookingsReader implements AdminBookingsReader {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: AdminBookingsQuery): Promise<{ items: AdminBookingView[]; total: number }> {
    let matching = this.db
      .selectFrom("bookings as b")
      .innerJoin("properties as p", "p.id", "b.property_id")
      .innerJoin("profiles as s", "s.id", "b.student_id")
      .innerJoin("profiles as a", "a.id", "p.agent_id");
    if (query.bookingStatus !== undefined) matching = matching.where("b.booking_status", "=", query.bookingStatus);
    if (query.visitFrom !== undefined) matching = matching.where("b.visit_date", ">=", query.visitFrom);
    if (query.visitTo !== undefined) matching = matching.where("b.visit_date", "<=", query.visitTo);
    if (query.property !== undefined) {
      const pattern = likePattern(query.property.toLowerCase());
      const id = query.property;
      matching = matching.where((eb) => eb.or([eb("p.id", "=", id), sql<boolean>`lower(p.title) like ${pattern} escape '\\'`]));
    }
    const [rows, count] = await Promise.all([
      matching
        .leftJoin("payments as pay", "pay.id", "b.payment_id")
        .select([
          "b.id",
          "b.booking_reference",
          "b.property_id",
          "p.title",
          "b.student_id",
          "s.full_name as student_name",
          "s.email as student_email",
          "p.agent_id",
          "a.full_name as agent_name",
          "b.visit_date",
          "b.visit_time",
          "b.booking_status",
          "b.payment_status",
          "b.payment_amount",
          "pay.reference as payment_reference",
          "b.agent_response",
          "b.viewing_outcome",
          "b.cancelled_by",
          "b.cancel_reason",
          "b.created_at",
        ])
        .orderBy("b.created_at", "desc")
        .orderBy("b.id", "desc")
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      // Capped, in the page's order, so it reads bookings_created_idx and stops (decision 0148).
      query.countLimit === 0
        ? { n: 0 }
        : this.db
            .selectFrom(
              matching
                .select(sql<number>`1`.as("one"))
                .orderBy("b.created_at", "desc")
                .orderBy("b.id", "desc")
                .limit(query.countLimit)
                .as("matches"),
            )
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        id: r.id,
        reference: r.booking_reference,
        propertyId: r.property_id,
        propertyTitle: r.title,
        studentId: r.student_id,
        studentName: r.student_name,
        studentEmail: r.student_email,
        agentId: r.agent_id,
        agentName: r.agent_name,
        visitDate: r.visit_date,
        visitTime: r.visit_time,
        bookingStatus: r.booking_status as BookingStatus,
        paymentStatus: r.payment_status as BookingPaymentStatus,
        paymentAmount: Number(r.payment_amount),
        paymentReference: r.payment_reference ?? null,
        agentResponse: r.agent_response as AgentResponse,
        viewingOutcome: r.viewing_outcome,
        cancelledBy: (r.cancelled_by as CancelledBy | null) ?? null,
        cancelReason: r.cancel_reason,
        createdAt: new Date(r.created_at),
      })),
    };
  }
}
