// The figures an admin runs the platform by (issue 11): the dashboard's counts and the reports'
// sums. Adapters compute them where the rows are (GROUP BY in the database); which rows count is
// written down here, once. docs/decisions/0125-admin-dashboard-reports-payout.md.
//
// - A payment belongs to the period it was started in (created_at); revenue is the amount of the
//   successful ones. Periods are half-open [from, to).
// - A subscription is active at `at` when starts_at <= at < ends_at; an access pass (a
//   platform_fee_payments row) when it is valid and expiry_date > at.
// - Commissions: voided ones are never owed; pending ones are owed until the weekly payout run.

export interface CountByKey {
  key: string;
  count: number;
}

/** Payments of one type through one gateway in one status: how many and how much. */
export interface PaymentFigure {
  type: string;
  gateway: string;
  status: string;
  count: number;
  amount: number;
}

/** Successful payments of one type started in the bucket that begins at `bucketStart`. */
export interface RevenueFigure {
  bucketStart: Date;
  type: string;
  count: number;
  amount: number;
}

export interface AgentFigure {
  agentId: string;
  agentName: string;
  count: number;
  amount: number;
}

export interface ActiveAccessFigures {
  subscriptions: number;
  accessPasses: number;
}

/**
 * Where an agent's payout goes. No account has a mobile-money payout number of its own yet (issue
 * 34): the transfer goes to the business phone the admin checked at the agent's verification, or,
 * without one, to the account's phone. `phoneSource` says which, so the screen can say so.
 */
export interface AgentPayee {
  /** The account holder's name: the person the mobile-money account should be registered to. */
  name: string;
  businessName: string | null;
  phone: string | null;
  /** Where the number comes from: the payout number the agent set (with its operator), else a phone on file. */
  phoneSource: "payout_mtn" | "payout_orange" | "business" | "account" | null;
}

/** A pending commission the weekly payout run reviews. */
export interface PendingEarningLine {
  id: string;
  agentId: string;
  agentName: string;
  propertyTitle: string;
  amount: number;
  date: Date;
  payee: AgentPayee;
}

export interface PlatformStatsReader {
  /** Pending commissions dated at or before `upTo`, oldest first (the weekly payout run). */
  pendingEarnings(upTo: Date): Promise<PendingEarningLine[]>;
  usersByRole(): Promise<CountByKey[]>;
  propertyCounts(): Promise<{ total: number; unverified: number }>;
  pendingVerifications(): Promise<{ agents: number; hosts: number }>;
  openListingReports(): Promise<number>;
  bookingsByStatus(): Promise<CountByKey[]>;
  /** Payments started in [from, to), by type, gateway and status. */
  payments(from: Date, to: Date): Promise<PaymentFigure[]>;
  /** Agents with at least `min` no-shows recorded on their listings, most first (count; amount is 0). */
  agentsWithNoShows(min: number): Promise<AgentFigure[]>;
  /** Pending (unpaid, not voided) commissions per agent, largest first. */
  commissionsOwed(): Promise<AgentFigure[]>;
  /** Successful payments per bucket and type; buckets are consecutive starts, the last one ends at `end`. Empty buckets are left out. */
  revenue(bucketStarts: Date[], end: Date): Promise<RevenueFigure[]>;
  activeAccess(at: Date): Promise<ActiveAccessFigures>;
}
