import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, domainError, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import type { BookingPropertyReader } from "../booking/booking-property-reader.port";
import type { BookingRepository } from "../booking/booking-repository.port";
import { viewingOutcomeRefusal, type Booking, type ViewingOutcome } from "../booking/booking.entity";
import type { SubscriptionRepository } from "../subscription/subscription-repository.port";
import type { CommissionRepository } from "./commission-repository.port";
import {
  NO_SUBSCRIPTION_PERIOD,
  VISITATION_COMMISSION_XAF,
  type AgentEarningsSummary,
  type AgentNoShows,
  type CommissionEarning,
} from "./commission.entity";
import type { CommissionError } from "./commission.errors";

export interface RecordViewingOutcomeDeps {
  uow: UnitOfWork<{ bookings: BookingRepository; commissions: CommissionRepository; subscriptions: SubscriptionRepository }>;
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
  /**
   * The commission a confirmed viewing earned; null for a no-show, and for a viewing of an agent
   * this student's viewings already earned a commission in the same subscription period.
   */
  commission: CommissionEarning | null;
}

/**
 * The student says whether the visit took place. Only the booking's student, never the listing's
 * own agent, only for a confirmed booking whose visit day (Buea time) has come, and only once.
 * A confirmed viewing earns the listing's agent one visitation commission, pending until the
 * weekly payout, unless this student's viewings already earned that agent one in the same
 * subscription period: then it is recorded as a viewing without commission (decision 0108).
 * A no-show earns nothing.
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
  return deps.uow.run(async ({ bookings, commissions, subscriptions }) => {
    const booking = await bookings.findById(input.bookingId);
    if (!booking) return err(domainError("commission.booking_not_found"));
    if (booking.studentId !== input.studentId) return err(domainError("commission.not_your_booking"));
    const property = listing?.id === booking.propertyId ? listing : null;
    if (!property) throw new Error(`Property ${booking.propertyId} of booking ${booking.id} is missing`);
    // Bookings of one's own listing are refused when made; one from before that rule earns nothing.
    const refusal = viewingOutcomeRefusal(booking, property.agentId, now);
    if (refusal === "own_listing") return err(domainError("commission.own_listing_forbidden"));
    if (refusal === "not_confirmed") return err(domainError("commission.booking_not_confirmed"));
    if (refusal === "not_yet_due") return err(domainError("commission.visit_not_yet_due", { date: booking.visitDate }));
    if (refusal === "already_recorded") return err(domainError("commission.already_recorded"));
    // The conditional write is what makes "once" hold when two submissions race.
    if (!(await bookings.recordViewingOutcome(booking.id, input.outcome, now))) return err(domainError("commission.already_recorded"));
    if (input.outcome === "no_show") return ok({ outcome: input.outcome, commission: null });

    const earning: CommissionEarning = {
      id: deps.ids.id(),
      agentId: property.agentId,
      propertyId: property.id,
      bookingId: booking.id,
      studentId: booking.studentId,
      periodKey: await subscriptionPeriodOf(subscriptions, booking),
      amount: VISITATION_COMMISSION_XAF,
      type: "visitation",
      date: now,
      status: "pending",
      paidDate: null,
      voidedAt: null,
      voidedBy: null,
      voidReason: null,
    };
    const inserted = await commissions.insertEarning(earning);
    if (inserted === "duplicate") return err(domainError("commission.already_recorded"));
    // The viewing stays recorded as confirmed; it simply earns nothing more this period.
    if (inserted === "period_already_earned") return ok({ outcome: input.outcome, commission: null });
    return ok({ outcome: input.outcome, commission: earning });
  });
}

/**
 * The subscription period a booking belongs to: the subscription its payment bought, else the one
 * active when it was booked (a free booking under a subscription), else NO_SUBSCRIPTION_PERIOD
 * (one shared period, so unknown provenance never multiplies commissions).
 */
async function subscriptionPeriodOf(subscriptions: SubscriptionRepository, booking: Booking): Promise<string> {
  if (booking.paymentId) {
    const bought = await subscriptions.findByPaymentId(booking.paymentId);
    if (bought) return bought.id;
  }
  const active = await subscriptions.findActiveSubscription(booking.studentId, booking.createdAt);
  return active?.id ?? NO_SUBSCRIPTION_PERIOD;
}

export function agentEarnings(deps: { commissions: CommissionRepository }, agentId: string): Promise<AgentEarningsSummary> {
  return deps.commissions.agentEarnings(agentId);
}

/** For admins: how many no-shows each agent's listings had. */
export function noShowsByAgent(deps: { commissions: CommissionRepository }): Promise<AgentNoShows[]> {
  return deps.commissions.noShowCountsByAgent();
}
