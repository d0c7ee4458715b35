import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, domainError, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { BookingPropertyReader } from "../booking/booking-property-reader.port";
import type { BookingRepository } from "../booking/booking-repository.port";
import type { ViewingOutcome } from "../booking/booking.entity";
import { doualaDate } from "../booking/visit-date";
import type { CommissionRepository } from "./commission-repository.port";
import { VISITATION_COMMISSION_XAF, type AgentEarningsSummary, type AgentNoShows, type CommissionEarning } from "./commission.entity";
import type { CommissionError } from "./commission.errors";

export interface RecordViewingOutcomeDeps {
  uow: UnitOfWork<{ bookings: BookingRepository; commissions: CommissionRepository }>;
  properties: BookingPropertyReader;
  clock: Clock;
  ids: IdGenerator;
}

export interface RecordViewingOutcomeInput {
  bookingId: string;
  studentId: string;
  outcome: ViewingOutcome;
}

export interface RecordViewingOutcomeOutput {
  outcome: ViewingOutcome;
  /** The commission a confirmed viewing earned; null for a no-show. */
  commission: CommissionEarning | null;
}

/**
 * The student says whether the visit took place. Only the booking's student, only for a
 * confirmed booking whose visit day (Buea time) has come, and only once. A confirmed viewing
 * earns the listing's agent exactly one visitation commission; a no-show earns nothing.
 */
export async function recordViewingOutcome(
  deps: RecordViewingOutcomeDeps,
  input: RecordViewingOutcomeInput,
): Promise<Result<RecordViewingOutcomeOutput, CommissionError>> {
  const now = deps.clock.now();
  // The listing's agent is read before the unit of work: on SQLite the transaction holds the one
  // connection, so a read through another handle inside it would wait forever.
  const known = await deps.uow.run(({ bookings }) => bookings.findById(input.bookingId));
  const listing = known ? await deps.properties.findPropertyForBooking(known.propertyId) : null;
  return deps.uow.run(async ({ bookings, commissions }) => {
    const booking = await bookings.findById(input.bookingId);
    if (!booking) return err(domainError("commission.booking_not_found"));
    if (booking.studentId !== input.studentId) return err(domainError("commission.not_your_booking"));
    if (booking.bookingStatus !== "confirmed") return err(domainError("commission.booking_not_confirmed"));
    if (booking.visitDate > doualaDate(now)) return err(domainError("commission.visit_not_yet_due", { date: booking.visitDate }));
    if (booking.viewingOutcome !== null) return err(domainError("commission.already_recorded"));
    // The conditional write is what makes "once" hold when two submissions race.
    if (!(await bookings.recordViewingOutcome(booking.id, input.outcome, now))) return err(domainError("commission.already_recorded"));
    if (input.outcome === "no_show") return ok({ outcome: input.outcome, commission: null });

    const property = listing?.id === booking.propertyId ? listing : null;
    if (!property) throw new Error(`Property ${booking.propertyId} of booking ${booking.id} is missing`);
    const earning: CommissionEarning = {
      id: deps.ids.id(),
      agentId: property.agentId,
      propertyId: property.id,
      bookingId: booking.id,
      amount: VISITATION_COMMISSION_XAF,
      type: "visitation",
      date: now,
      paid: false,
      paidDate: null,
    };
    if ((await commissions.insertEarning(earning)) === "duplicate") return err(domainError("commission.already_recorded"));
    return ok({ outcome: input.outcome, commission: earning });
  });
}

export function agentEarnings(deps: { commissions: CommissionRepository }, agentId: string): Promise<AgentEarningsSummary> {
  return deps.commissions.agentEarnings(agentId);
}

/** For admins: how many no-shows each agent's listings had. */
export function noShowsByAgent(deps: { commissions: CommissionRepository }): Promise<AgentNoShows[]> {
  return deps.commissions.noShowCountsByAgent();
}
