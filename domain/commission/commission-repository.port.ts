import type { AgentEarningsSummary, AgentNoShows, CommissionEarning } from "./commission.entity";

/**
 * - 'duplicate': the booking already earned its commission (commission_earnings.booking_id is unique);
 * - 'period_already_earned': this student's viewings already earned this agent a commission in the
 *   same subscription period (unique agent, student, period). The database decides both under races.
 */
export type InsertEarningResult = "inserted" | "duplicate" | "period_already_earned";

export interface CommissionRepository {
  insertEarning(earning: CommissionEarning): Promise<InsertEarningResult>;
  findById(id: string): Promise<CommissionEarning | null>;
  findByBookingId(bookingId: string): Promise<CommissionEarning | null>;
  /** Voids a still-pending earning; answers false when it is not pending (paid, voided, or missing) or a provider payout is paying it. */
  voidEarning(id: string, change: { reason: string; by: string; at: Date }): Promise<boolean>;
  /** One agent's pending earnings dated at or before `at` that no provider payout is paying, oldest first (the manual payout run pays them per agent). */
  pendingUpTo(agentId: string, at: Date): Promise<CommissionEarning[]>;
  /** Marks a still-pending earning paid; answers false when it is not pending (paid, voided, or missing) or a provider payout is paying it. */
  markPaid(id: string, payout: { paidDate: Date; reference: string }): Promise<boolean>;
  /** Voided earnings are left out. */
  agentEarnings(agentId: string): Promise<AgentEarningsSummary>;
  /** No-shows recorded on each agent's listings, for admins; agents with none are left out. */
  noShowCountsByAgent(): Promise<AgentNoShows[]>;
}
