// The money pages' read models on SQLite and PostgreSQL. Which rows qualify is the domain's rule,
// never restated here: a listing that takes visits is BOOKABLE_PROPERTY turned into a WHERE; a
// running hold and a viewing due for its outcome are decided by the domain predicates over the
// owner's rows, read in the page's order a page at a time; the agent's bookings (VISIBLE_TO_AGENT
// and AGENT_BOOKING_FILTER_CRITERIA turned into a WHERE) are counted and paged in SQL (decision 0124).
import type { Kysely } from "kysely";
import { BOOKABLE_PROPERTY } from "#domain/booking/booking-property-reader.port";
import { AGENT_BOOKING_FILTER_CRITERIA, type AgentBookingCriteria, type AgentBookingFilter } from "#domain/booking/booking-lifecycle";
import {
  VISIBLE_TO_AGENT,
  type AgentResponse,
  type BookingPaymentStatus,
  type BookingStatus,
  type CancelledBy,
} from "#domain/booking/booking.entity";
import {
  AGENT_BOOKINGS_PAGE_SIZE,
  agentBookingsPaging,
  isPayable,
  isViewingDue,
  STUDENT_BOOKINGS_LIMIT,
  STUDENT_PAYMENTS_LIMIT,
  VIEWINGS_TO_CONFIRM_LIMIT,
} from "#domain/payment/money-views";
import type {
  AgentBookingsPage,
  AgentBookingsQuery,
  AgentBookingView,
  BookablePropertyRef,
  MoneyViewsReader,
  StudentBookingView,
  StudentPaymentView,
} from "#domain/payment/money-views-reader.port";
import type { PaymentStatus, PaymentType } from "#domain/payment/payment.entity";
import type { Database } from "../db/schema";
import { preparedQuery, type SlotMaker } from "../db/prepared-query";

/** Rows read at a time when a domain predicate picks them. */
const PAGE = 100;

/** The rows `keep` accepts, in the order `page` reads them, at most `limit`; reads PAGE rows at a time. */
async function collect<T>(page: (offset: number, size: number) => Promise<T[]>, keep: (row: T) => boolean, limit: number): Promise<T[]> {
  const kept: T[] = [];
  for (let offset = 0; kept.length < limit; offset += PAGE) {
    const rows = await page(offset, PAGE);
    for (const row of rows) {
      if (kept.length < limit && keep(row)) kept.push(row);
    }
    if (rows.length < PAGE) break;
  }
  return kept;
}

/**
 * The agent's bookings page: which filters are set (the property, the visit date, the status
 * filter's name) is the shape; the values are bound. Built once per shape (prepared-query.ts):
 * building these three reads was 4 % of /agents/bookings' CPU.
 */
function agentBookingsShape(query: AgentBookingsQuery): string {
  return [query.propertyId === undefined ? "" : "property", query.visitDate === undefined ? "" : "date", query.status ?? ""].join(":");
}

/** The agent's bookings that the page's filters keep: VISIBLE_TO_AGENT and the status filter turned into a WHERE. */
function agentBookingsMatching(db: Kysely<Database>, slot: SlotMaker, shape: string) {
  const [property, date, status] = shape.split(":");
  let matching = db
    .selectFrom("bookings as b")
    .innerJoin("properties as p", "p.id", "b.property_id")
    .where("p.agent_id", "=", slot<string>("agentId"))
    .where("b.payment_status", "=", VISIBLE_TO_AGENT.paymentStatus)
    .where("b.booking_status", "in", VISIBLE_TO_AGENT.bookingStatuses);
  if (property) matching = matching.where("b.property_id", "=", slot<string>("propertyId"));
  if (date) matching = matching.where("b.visit_date", "=", slot<string>("visitDate"));
  // The status filter: AGENT_BOOKING_FILTER_CRITERIA turned into a WHERE (an absent key does not filter).
  const c: AgentBookingCriteria = status ? AGENT_BOOKING_FILTER_CRITERIA[status as AgentBookingFilter] : {};
  if (c.bookingStatus !== undefined) matching = matching.where("b.booking_status", "=", c.bookingStatus);
  if (c.hasOutcome !== undefined) matching = matching.where("b.viewing_outcome", c.hasOutcome ? "is not" : "is", null);
  if (c.agentResponse !== undefined) matching = matching.where("b.agent_response", "=", c.agentResponse);
  return matching;
}

const agentBookingsCountQuery = preparedQuery((db: Kysely<Database>, slot, shape) =>
  agentBookingsMatching(db, slot, shape).select((eb) => eb.fn.countAll<number | string>().as("n")),
);

const agentBookingsPageQuery = preparedQuery((db: Kysely<Database>, slot, shape) =>
  agentBookingsMatching(db, slot, shape)
    .select([
      "b.id",
      "b.booking_reference",
      "b.property_id",
      "p.title",
      "b.visitor_name",
      "b.visitor_email",
      "b.visitor_phone",
      "b.visit_date",
      "b.visit_time",
      "b.message",
      "b.booking_status",
      "b.payment_status",
      "b.viewing_outcome",
      ...VISIT_LIFECYCLE_COLUMNS,
    ])
    .orderBy("b.created_at", "desc")
    .orderBy("b.id", "desc")
    .offset(slot<number>("offset"))
    .limit(AGENT_BOOKINGS_PAGE_SIZE),
);

/** The property filter's choices: the agent's listings with a booking the agent sees. */
const agentBookedPropertiesQuery = preparedQuery((db: Kysely<Database>, slot) =>
  db
    .selectFrom("properties as p")
    .select(["p.id", "p.title"])
    .where("p.agent_id", "=", slot<string>("agentId"))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("bookings as b")
          .select("b.id")
          .whereRef("b.property_id", "=", "p.id")
          .where("b.payment_status", "=", VISIBLE_TO_AGENT.paymentStatus)
          .where("b.booking_status", "in", VISIBLE_TO_AGENT.bookingStatuses),
      ),
    )
    .orderBy("p.title")
    .orderBy("p.id"),
);

export class KyselyMoneyViewsReader implements MoneyViewsReader {
  constructor(private readonly db: Kysely<Database>) {}

  async studentBookings(studentId: string, limit = STUDENT_BOOKINGS_LIMIT): Promise<StudentBookingView[]> {
    return this.newestBookingsOf(studentId, 0, limit);
  }

  async studentPayments(userId: string, limit = STUDENT_PAYMENTS_LIMIT): Promise<StudentPaymentView[]> {
    const { rows } = await this.db.executeQuery(studentPaymentsQuery(this.db, { userId }, String(limit)));
    return rows.map((r) => ({
      reference: r.reference,
      type: r.payment_type as PaymentType,
      amount: Number(r.amount),
      status: r.payment_status as PaymentStatus,
      method: r.method,
      bookingReference: r.booking_reference ?? null,
      createdAt: r.created_at,
    }));
  }

  async latestPendingBooking(studentId: string, at: Date): Promise<StudentBookingView | null> {
    const [view] = await collect(
      (offset, size) => this.newestBookingsOf(studentId, offset, size),
      (v) => isPayable(v, at),
      1,
    );
    return view ?? null;
  }

  async viewingsToConfirm(studentId: string, at: Date): Promise<StudentBookingView[]> {
    return collect(
      async (offset, size) => {
        const { rows } = await this.db.executeQuery(studentBookingsByVisitQuery(this.db, { studentId, offset }, String(size)));
        return rows.map(toStudentBooking);
      },
      (v) => isViewingDue(studentId, v, at),
      VIEWINGS_TO_CONFIRM_LIMIT,
    );
  }

  async studentBooking(studentId: string, bookingId: string): Promise<StudentBookingView | null> {
    const row = await studentBookingQuery(this.db).where("b.student_id", "=", studentId).where("b.id", "=", bookingId).executeTakeFirst();
    return row ? toStudentBooking(row) : null;
  }

  async agentBookings(agentId: string, query: AgentBookingsQuery): Promise<AgentBookingsPage> {
    const shape = agentBookingsShape(query);
    const values = { agentId, propertyId: query.propertyId, visitDate: query.visitDate };
    const pageAt = async (offset: number) =>
      (await this.db.executeQuery(agentBookingsPageQuery(this.db, { ...values, offset }, shape))).rows;
    // The count, the page asked for and the property filter's choices, asked together (on
    // PostgreSQL one round trip, decision 0169). The page is read again only when the count moves
    // it (a page past the last one shows the last).
    const wantedOffset = agentBookingsPaging(Number.POSITIVE_INFINITY, query.page).offset;
    const [count, wantedRows, properties] = await Promise.all([
      this.db.executeQuery(agentBookingsCountQuery(this.db, values, shape)),
      pageAt(wantedOffset),
      this.db.executeQuery(agentBookedPropertiesQuery(this.db, { agentId })).then((r) => r.rows),
    ]);
    const total = Number(count.rows[0]?.n ?? 0);
    const { page, pageCount, offset } = agentBookingsPaging(total, query.page);
    const rows = offset === wantedOffset ? wantedRows : await pageAt(offset);
    return {
      total,
      page,
      pageCount,
      properties,
      items: rows.map((r): AgentBookingView => ({
        id: r.id,
        reference: r.booking_reference,
        propertyId: r.property_id,
        propertyTitle: r.title,
        visitorName: r.visitor_name,
        visitorEmail: r.visitor_email,
        visitorPhone: r.visitor_phone,
        visitDate: r.visit_date,
        visitTime: r.visit_time,
        message: r.message,
        bookingStatus: r.booking_status as BookingStatus,
        paymentStatus: r.payment_status as BookingPaymentStatus,
        viewingOutcome: r.viewing_outcome,
        ...lifecycleOf(r),
        createdAt: r.created_at,
      })),
    };
  }

  async firstBookableProperty(): Promise<BookablePropertyRef | null> {
    const row = await this.db
      .selectFrom("properties")
      .select(["id", "title"])
      .where("is_verified", "=", 1)
      .where("status", "=", BOOKABLE_PROPERTY.status)
      .where("is_available", "=", BOOKABLE_PROPERTY.isAvailable ? 1 : 0)
      .where("hidden_at", BOOKABLE_PROPERTY.hidden ? "is not" : "is", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("agents")
            .select("agents.user_id")
            .whereRef("agents.user_id", "=", "properties.agent_id")
            .where("agents.verification_status", "=", BOOKABLE_PROPERTY.agentStatus),
        ),
      )
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .executeTakeFirst();
    return row ?? null;
  }

  /** The student's bookings, newest first (created, then id), `size` from `offset`. */
  private async newestBookingsOf(studentId: string, offset: number, size: number): Promise<StudentBookingView[]> {
    const { rows } = await this.db.executeQuery(newestStudentBookingsQuery(this.db, { studentId, offset }, String(size)));
    return rows.map(toStudentBooking);
  }
}

/** What both sides see of a visit's lifecycle (decision 0117): the agent's answer, a proposed time, a cancellation. */
const VISIT_LIFECYCLE_COLUMNS = [
  "b.agent_response",
  "b.proposed_visit_date",
  "b.proposed_visit_time",
  "b.cancelled_by",
  "b.cancel_reason",
  "b.created_at",
] as const;

/** A student's bookings joined to their listing (title and agent). */
function studentBookingQuery(db: Kysely<Database>) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("properties as p", "p.id", "b.property_id")
    .select([
      "b.id",
      "b.booking_reference",
      "b.property_id",
      "p.title",
      "p.agent_id",
      "b.visit_date",
      "b.visit_time",
      "b.booking_status",
      "b.payment_status",
      "b.payment_amount",
      "b.viewing_outcome",
      "b.hold_expires_at",
      ...VISIT_LIFECYCLE_COLUMNS,
    ]);
}

type StudentRow = Awaited<ReturnType<ReturnType<typeof studentBookingQuery>["executeTakeFirstOrThrow"]>>;

// The profile page's reads, built and compiled once (infrastructure/db/prepared-query.ts): each
// signed-in profile view ran Kysely's builder for every one of them. A page's size is its shape,
// not a value: SQLite plans a statement again at every run when its LIMIT is bound (decision 0168).
type StudentPage = { studentId: string; offset: number };

/** A student's bookings by `order` (newest booked, or latest visit), last first, a page at a time. */
const studentBookingsPage = (order: "b.created_at" | "b.visit_date") =>
  preparedQuery<StudentPage, StudentRow, Database>((db, slot, size) =>
    studentBookingQuery(db)
      .where("b.student_id", "=", slot<string>("studentId"))
      .orderBy(order, "desc")
      .orderBy("b.id", "desc")
      .offset(slot<number>("offset"))
      .limit(Number(size)),
  );
const newestStudentBookingsQuery = studentBookingsPage("b.created_at");
const studentBookingsByVisitQuery = studentBookingsPage("b.visit_date");

/** A user's payments, newest first, with the booking each paid for. */
const studentPaymentsQuery = preparedQuery((db: Kysely<Database>, slot, limit) =>
  db
    .selectFrom("payments as pay")
    .leftJoin("bookings as b", "b.id", "pay.booking_id")
    .select([
      "pay.reference",
      "pay.payment_type",
      "pay.amount",
      "pay.payment_status",
      "pay.method",
      "pay.created_at",
      "b.booking_reference",
    ])
    .where("pay.user_id", "=", slot<string>("userId"))
    .orderBy("pay.created_at", "desc")
    .orderBy("pay.id", "desc")
    .limit(Number(limit)),
);

function toStudentBooking(r: StudentRow): StudentBookingView {
  return {
    id: r.id,
    reference: r.booking_reference,
    propertyId: r.property_id,
    propertyTitle: r.title,
    agentId: r.agent_id,
    visitDate: r.visit_date,
    visitTime: r.visit_time,
    bookingStatus: r.booking_status as BookingStatus,
    paymentStatus: r.payment_status as BookingPaymentStatus,
    paymentAmount: Number(r.payment_amount),
    viewingOutcome: r.viewing_outcome,
    holdExpiresAt: r.hold_expires_at,
    ...lifecycleOf(r),
    createdAt: r.created_at,
  };
}

/** The lifecycle columns of a bookings row as the views' fields. */
function lifecycleOf(r: {
  agent_response: string;
  proposed_visit_date: string | null;
  proposed_visit_time: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
}) {
  return {
    agentResponse: r.agent_response as AgentResponse,
    proposedVisitDate: r.proposed_visit_date,
    proposedVisitTime: r.proposed_visit_time,
    cancelledBy: r.cancelled_by as CancelledBy | null,
    cancelReason: r.cancel_reason,
  };
}
