import type { CommissionStatus } from "./commission.entity";

/** One status's share of an agent's commissions, summed by the store (SUM … GROUP BY status). */
export interface EarningsStatusTotal {
  status: CommissionStatus;
  /** In XAF. */
  amount: number;
  count: number;
}

/**
 * One commission as its agent sees it on the earnings page. Deliberately nothing about the
 * student (no name, e-mail or phone): the agent's pay does not need them.
 */
export interface AgentEarningLine {
  id: string;
  date: Date;
  propertyId: string;
  propertyTitle: string;
  amount: number;
  status: CommissionStatus;
  /** Set only on a voided commission. */
  voidReason: string | null;
}

/** The agent earnings read model (issue 9): totals per status and the list, newest first. */
export interface AgentEarningsReader {
  /** Statuses the agent has no commission in are left out. */
  totalsByStatus(agentId: string): Promise<EarningsStatusTotal[]>;
  /** Newest first (date, then id, so pages never overlap), `limit` rows from `offset`; `total` counts all of the agent's rows. */
  listEarnings(agentId: string, window: { offset: number; limit: number }): Promise<{ items: AgentEarningLine[]; total: number }>;
}
