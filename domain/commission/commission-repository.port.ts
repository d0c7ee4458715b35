import type { AgentEarningsSummary, AgentNoShows, CommissionEarning } from "./commission.entity";

export interface CommissionRepository {
  /** 'duplicate' when the booking already earned its commission (the database decides). */
  insertEarning(earning: CommissionEarning): Promise<"inserted" | "duplicate">;
  findByBookingId(bookingId: string): Promise<CommissionEarning | null>;
  agentEarnings(agentId: string): Promise<AgentEarningsSummary>;
  /** No-shows recorded on each agent's listings, for admins; agents with none are left out. */
  noShowCountsByAgent(): Promise<AgentNoShows[]>;
}
