// The agent's earnings page (issue 9): what their confirmed viewings earned, split by status,
// one page of commissions (newest first) and the next weekly payout date.
import type { Clock } from "../shared/clock";
import type { AgentEarningLine, AgentEarningsReader } from "./agent-earnings-reader.port";
import type { CommissionStatus } from "./commission.entity";
import { nextWeeklyPayout } from "./weekly-payout";

/** SPEC §7: lists show 10 per page. */
export const EARNINGS_PAGE_SIZE = 10;

export interface AgentEarningsTotals {
  /** Pending plus paid: voided commissions are not earned (decision 0108). In XAF. */
  earned: number;
  paid: number;
  pending: number;
  voided: number;
  /** How many commissions are in each status. */
  counts: Record<CommissionStatus, number>;
}

export interface AgentEarningsPage {
  totals: AgentEarningsTotals;
  items: AgentEarningLine[];
  page: number;
  pageCount: number;
  total: number;
  nextPayoutAt: Date;
}

export interface AgentEarningsDeps {
  earnings: AgentEarningsReader;
  clock: Clock;
}

/** A page past the end shows the last one; a page below 1 (or not a whole number) the first. */
export async function getAgentEarnings(deps: AgentEarningsDeps, agentId: string, page: number): Promise<AgentEarningsPage> {
  const sums = await deps.earnings.totalsByStatus(agentId);
  const amount = (status: CommissionStatus) => sums.find((s) => s.status === status)?.amount ?? 0;
  const count = (status: CommissionStatus) => sums.find((s) => s.status === status)?.count ?? 0;
  const total = count("pending") + count("paid") + count("voided");
  const pageCount = Math.ceil(total / EARNINGS_PAGE_SIZE);
  const wanted = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  const shown = pageCount > 0 ? Math.min(wanted, pageCount) : 1;
  const list = await deps.earnings.listEarnings(agentId, { offset: (shown - 1) * EARNINGS_PAGE_SIZE, limit: EARNINGS_PAGE_SIZE });
  return {
    totals: {
      earned: amount("pending") + amount("paid"),
      paid: amount("paid"),
      pending: amount("pending"),
      voided: amount("voided"),
      counts: { pending: count("pending"), paid: count("paid"), voided: count("voided") },
    },
    items: list.items,
    page: shown,
    pageCount: Math.ceil(list.total / EARNINGS_PAGE_SIZE),
    total: list.total,
    nextPayoutAt: nextWeeklyPayout(deps.clock.now()),
  };
}
