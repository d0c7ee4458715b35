import type { AgentResponse, BookingPaymentStatus, CancelledBy } from "#domain/booking/booking.entity";
import { sql, type Kysely } from "kysely";
import type {
  BookingNoticeContext,
  BookingNoticeReader,
  EmailLanguage,
  PaymentReceipt,
} from "#domain/notifications/booking-notice-reader.port";
import type { VisitReminderFinder, VisitToRemind } from "#domain/notifications/visit-reminder-finder.port";
import { PAYMENT_METHODS, type PaymentMethod } from "#domain/payment/payment.entity";
import type { Database } from "../db/schema";

const language = (value: string | null): EmailLanguage => (value === "fr" ? "fr" : "en");
const method = (value: string | null): PaymentMethod | null =>
  (PAYMENT_METHODS as readonly string[]).includes(value ?? "") ? (value as PaymentMethod) : null;

/** What the booking e-mails say, read when they are sent. */
export class KyselyBookingNoticeReader implements BookingNoticeReader {
  constructor(private readonly db: Kysely<Database>) {}

  async findContext(bookingId: string): Promise<BookingNoticeContext | null> {
    const row = await this.db
      .selectFrom("bookings as b")
      .innerJoin("properties as p", "p.id", "b.property_id")
      .innerJoin("profiles as s", "s.id", "b.student_id")
      .innerJoin("profiles as a", "a.id", "p.agent_id")
      .leftJoin("agents as ag", "ag.user_id", "p.agent_id")
      .select([
        "b.id",
        "b.booking_reference",
        "b.booking_status",
        "b.visit_date",
        "b.visit_time",
        "b.viewing_outcome",
        "b.payment_status",
        "b.agent_response",
        "b.cancelled_by",
        "b.visitor_name",
        "b.visitor_phone",
        "p.title",
        "p.address",
        "p.neighbourhood",
        "s.full_name as student_name",
        "s.email as student_email",
        "s.language as student_language",
        "a.full_name as agent_name",
        "a.email as agent_email",
        "a.language as agent_language",
        "ag.business_name",
      ])
      .where("b.id", "=", bookingId)
      .executeTakeFirst();
    if (!row) return null;
    const firstPart = (email: string) => email.split("@")[0];
    return {
      booking: {
        id: row.id,
        reference: row.booking_reference,
        status: row.booking_status,
        visitDate: row.visit_date,
        visitTime: row.visit_time,
        viewingOutcome: row.viewing_outcome,
        paymentStatus: row.payment_status as BookingPaymentStatus,
        agentResponse: row.agent_response as AgentResponse,
        cancelledBy: row.cancelled_by as CancelledBy | null,
        visitorName: row.visitor_name,
        visitorPhone: row.visitor_phone,
      },
      property: { title: row.title, address: row.address, neighbourhood: row.neighbourhood },
      student: {
        name: row.student_name.trim() || firstPart(row.student_email),
        email: row.student_email,
        language: language(row.student_language),
      },
      agent: {
        name: row.business_name?.trim() || row.agent_name.trim() || firstPart(row.agent_email),
        email: row.agent_email,
        language: language(row.agent_language),
      },
    };
  }

  async findReceipt(paymentId: string): Promise<PaymentReceipt | null> {
    const row = await this.db
      .selectFrom("payments as pay")
      .leftJoin("subscriptions as sub", "sub.payment_id", "pay.id")
      .select(["pay.reference", "pay.amount", "pay.method", "pay.provider_tx_id", "pay.payment_status", "pay.confirmed_at", "sub.ends_at"])
      .where("pay.id", "=", paymentId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      reference: row.reference,
      amount: Number(row.amount),
      method: method(row.method),
      providerReference: row.provider_tx_id,
      status: row.payment_status,
      paidAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
      subscriptionEndsAt: row.ends_at ? new Date(row.ends_at) : null,
    };
  }
}

/** Confirmed visits due a reminder. */
export class KyselyVisitReminderFinder implements VisitReminderFinder {
  constructor(private readonly db: Kysely<Database>) {}

  async findVisitsToRemind(visitDate: string, limit: number): Promise<VisitToRemind[]> {
    const rows = await this.db
      .selectFrom("bookings as b")
      .select(["b.id", "b.visit_date"])
      .where("b.booking_status", "=", "confirmed")
      .where("b.viewing_outcome", "is", null)
      .where("b.visit_date", "=", visitDate)
      // Not reminded of this date yet: the key enqueueVisitReminders writes (reminderDedupeKey).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("booking_notices as n")
              .select("n.id")
              .whereRef("n.booking_id", "=", "b.id")
              .where("n.dedupe_key", "=", sql<string>`'reminder:' || b.id || ':' || b.visit_date || ':student'`),
          ),
        ),
      )
      .orderBy("b.created_at")
      .orderBy("b.id")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ bookingId: r.id, visitDate: r.visit_date }));
  }
}
