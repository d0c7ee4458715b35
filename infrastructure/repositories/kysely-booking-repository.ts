import type { Kysely, Selectable, Updateable } from "kysely";
import type {
  BookingLifecycleChange,
  BookingRepository,
  ConfirmBookingResult,
  InsertBookingResult,
  LifecycleChangeResult,
} from "#domain/booking/booking-repository.port";
import {
  BOOKED_VISIT,
  nextUpdatedAt,
  type AgentResponse,
  type Booking,
  type BookingPaymentStatus,
  type BookingStatus,
  type CancelledBy,
  type ViewingOutcome,
  type VisitSlot,
} from "#domain/booking/booking.entity";
import type { BookingsTable, Database } from "../db/schema";
import { isLiveSlotViolation, withSavepoint } from "./kysely-booking-unique-violation";

const iso = (d: Date) => d.toISOString();
const LIVE = ["pending", "confirmed"] as const;

export function toBooking(row: Selectable<BookingsTable>): Booking {
  return {
    id: row.id,
    propertyId: row.property_id,
    studentId: row.student_id,
    visitorName: row.visitor_name,
    visitorEmail: row.visitor_email,
    visitorPhone: row.visitor_phone,
    visitDate: row.visit_date,
    visitTime: row.visit_time,
    message: row.message,
    paymentAmount: Number(row.payment_amount),
    feeType: "student_rental",
    paymentStatus: row.payment_status as BookingPaymentStatus,
    bookingStatus: row.booking_status as BookingStatus,
    reference: row.booking_reference,
    holdExpiresAt: row.hold_expires_at ? new Date(row.hold_expires_at) : null,
    paymentId: row.payment_id,
    viewingOutcome: row.viewing_outcome,
    viewingRecordedAt: row.viewing_recorded_at ? new Date(row.viewing_recorded_at) : null,
    agentResponse: row.agent_response as AgentResponse,
    proposedSlot:
      row.proposed_visit_date && row.proposed_visit_time
        ? { visitDate: row.proposed_visit_date, visitTime: row.proposed_visit_time }
        : null,
    cancellation:
      row.cancelled_at && row.cancelled_by
        ? { at: new Date(row.cancelled_at), by: row.cancelled_by as CancelledBy, reason: row.cancel_reason ?? "" }
        : null,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export class KyselyBookingRepository implements BookingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<Booking | null> {
    const row = await this.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toBooking(row) : null;
  }

  async findByReference(reference: string): Promise<Booking | null> {
    const row = await this.db.selectFrom("bookings").selectAll().where("booking_reference", "=", reference).executeTakeFirst();
    return row ? toBooking(row) : null;
  }

  async findLiveBookingForSlot(slot: VisitSlot): Promise<Booking | null> {
    const row = await this.slot(this.db.selectFrom("bookings").selectAll(), slot).where("booking_status", "in", LIVE).executeTakeFirst();
    return row ? toBooking(row) : null;
  }

  async listTakenTimes(propertyId: string, visitDate: string, at: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom("bookings")
      .select("visit_time")
      .where("property_id", "=", propertyId)
      .where("visit_date", "=", visitDate)
      .where((eb) =>
        eb.or([
          eb("booking_status", "=", "confirmed"),
          eb.and([eb("booking_status", "=", "pending"), eb.or([eb("hold_expires_at", "is", null), eb("hold_expires_at", ">", iso(at))])]),
        ]),
      )
      .execute();
    return rows.map((r) => r.visit_time);
  }

  async expireLapsedHoldsForSlot(slot: VisitSlot, at: Date): Promise<number> {
    const result = await this.slot(this.db.updateTable("bookings").set({ booking_status: "expired", updated_at: iso(at) }), slot)
      .where("booking_status", "=", "pending")
      .where("hold_expires_at", "<=", iso(at))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async lockStudent(studentId: string): Promise<void> {
    // A no-op update takes the profile's row lock on PostgreSQL (FOR NO KEY UPDATE strength, so rows
    // that merely reference the profile stay writable) and the write lock on SQLite, portably; inside
    // a transaction it holds until commit. The same lock latestSubscriptionEnd takes.
    await this.db
      .updateTable("profiles")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", studentId)
      .execute();
  }

  async hasBookedVisit(studentId: string, propertyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("bookings")
      .select("id")
      .where("student_id", "=", studentId)
      .where("property_id", "=", propertyId)
      .where("payment_status", "=", BOOKED_VISIT.paymentStatus)
      .where("booking_status", "=", BOOKED_VISIT.bookingStatus)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async listLiveBookingsOfStudent(studentId: string, at: Date, today: string): Promise<Booking[]> {
    // The same rule as isLiveForLimits in booking.entity.ts.
    const rows = await this.db
      .selectFrom("bookings")
      .selectAll()
      .where("student_id", "=", studentId)
      .where((eb) =>
        eb.or([
          eb.and([eb("booking_status", "=", "pending"), eb.or([eb("hold_expires_at", "is", null), eb("hold_expires_at", ">", iso(at))])]),
          eb.and([eb("booking_status", "=", "confirmed"), eb("viewing_outcome", "is", null), eb("visit_date", ">=", today)]),
        ]),
      )
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toBooking);
  }

  async insertBooking(b: Booking): Promise<InsertBookingResult> {
    return withSavepoint<InsertBookingResult, Database>(
      this.db,
      async () => {
        await this.db
          .insertInto("bookings")
          .values({
            id: b.id,
            property_id: b.propertyId,
            student_id: b.studentId,
            visitor_name: b.visitorName,
            visitor_email: b.visitorEmail,
            visitor_phone: b.visitorPhone,
            visit_date: b.visitDate,
            visit_time: b.visitTime,
            message: b.message,
            payment_amount: b.paymentAmount,
            fee_type: b.feeType,
            payment_status: b.paymentStatus,
            booking_status: b.bookingStatus,
            booking_reference: b.reference,
            hold_expires_at: b.holdExpiresAt ? iso(b.holdExpiresAt) : null,
            payment_id: b.paymentId,
            viewing_outcome: b.viewingOutcome,
            viewing_recorded_at: b.viewingRecordedAt ? iso(b.viewingRecordedAt) : null,
            agent_response: b.agentResponse,
            proposed_visit_date: b.proposedSlot?.visitDate ?? null,
            proposed_visit_time: b.proposedSlot?.visitTime ?? null,
            cancelled_at: b.cancellation ? iso(b.cancellation.at) : null,
            cancelled_by: b.cancellation?.by ?? null,
            cancel_reason: b.cancellation?.reason ?? null,
            created_at: iso(b.createdAt),
            updated_at: iso(b.updatedAt),
          })
          .execute();
        return "inserted";
      },
      // The partial unique index decides who wins the slot; any other violation is a bug.
      isLiveSlotViolation,
      "slot_taken",
    );
  }

  async confirmBooking(id: string, paymentId: string | null, at: Date): Promise<ConfirmBookingResult> {
    return withSavepoint<ConfirmBookingResult, Database>(
      this.db,
      async () => {
        const result = await this.db
          .updateTable("bookings")
          .set({
            payment_status: "confirmed",
            booking_status: "confirmed",
            hold_expires_at: null,
            updated_at: iso(at),
            ...(paymentId !== null ? { payment_id: paymentId } : {}),
          })
          .where("id", "=", id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw new Error(`Booking ${id} not found`);
        return "confirmed";
      },
      // Reviving an expired booking collides when someone else now holds the slot.
      isLiveSlotViolation,
      "slot_taken",
    );
  }

  async markRebookRequired(id: string, paymentId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("bookings")
      .set({
        payment_status: "confirmed",
        booking_status: "rebook_required",
        hold_expires_at: null,
        payment_id: paymentId,
        updated_at: iso(at),
      })
      .where("id", "=", id)
      .execute();
  }

  async expireBooking(id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("bookings")
      .set({ booking_status: "expired", updated_at: iso(at) })
      .where("id", "=", id)
      .where("booking_status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async applyLifecycleChange(before: Booking, change: BookingLifecycleChange, at: Date): Promise<LifecycleChangeResult> {
    const set: Updateable<BookingsTable> = { updated_at: iso(nextUpdatedAt(before, at)) };
    if (change.bookingStatus !== undefined) set.booking_status = change.bookingStatus;
    if (change.agentResponse !== undefined) set.agent_response = change.agentResponse;
    if (change.slot !== undefined) Object.assign(set, { visit_date: change.slot.visitDate, visit_time: change.slot.visitTime });
    if (change.proposedSlot !== undefined) {
      Object.assign(set, {
        proposed_visit_date: change.proposedSlot?.visitDate ?? null,
        proposed_visit_time: change.proposedSlot?.visitTime ?? null,
      });
    }
    if (change.cancellation !== undefined) {
      Object.assign(set, {
        cancelled_at: iso(change.cancellation.at),
        cancelled_by: change.cancellation.by,
        cancel_reason: change.cancellation.reason,
      });
    }
    return withSavepoint<LifecycleChangeResult, Database>(
      this.db,
      async () => {
        const result = await this.db
          .updateTable("bookings")
          .set(set)
          .where("id", "=", before.id)
          .where("updated_at", "=", iso(before.updatedAt))
          .where("booking_status", "=", before.bookingStatus)
          .where("agent_response", "=", before.agentResponse)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1 ? "applied" : "stale";
      },
      // Moving to a slot another live booking holds: the partial unique index decides.
      isLiveSlotViolation,
      "slot_taken",
    );
  }

  async recordViewingOutcome(id: string, outcome: ViewingOutcome, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("bookings")
      .set({ viewing_outcome: outcome, viewing_recorded_at: iso(at), updated_at: iso(at) })
      .where("id", "=", id)
      .where("viewing_outcome", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private slot<Q extends { where: (...args: any[]) => any }>(query: Q, slot: VisitSlot): Q {
    return query
      .where("property_id", "=", slot.propertyId)
      .where("visit_date", "=", slot.visitDate)
      .where("visit_time", "=", slot.visitTime);
  }
}
