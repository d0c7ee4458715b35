// The admin dashboard and the reports page, read through the PlatformStatsReader port: the
// windows and buckets (weeks start Monday 00:00 in Buea, as the weekly payout) are decided here.
import type { Clock } from "../shared/clock";
import { DAY_MS } from "../shared/clock";
import { payoutMonthStart, payoutWeekStart } from "../commission/weekly-payout";
import type {
  AgentFigure,
  ActiveAccessFigures,
  CountByKey,
  PaymentFigure,
  PlatformStatsReader,
  RevenueFigure,
} from "./platform-stats-reader.port";

/** An agent with this many no-shows or more is listed on the dashboard. */
export const REPEATED_NO_SHOWS = 2;
export const REPORT_WEEKS = 8;
export const REPORT_MONTHS = 6;

export interface PlatformStatsDeps {
  stats: PlatformStatsReader;
  clock: Clock;
}

export interface DashboardStats {
  at: Date;
  usersByRole: CountByKey[];
  properties: { total: number; unverified: number };
  pendingVerifications: { agents: number; hosts: number };
  openListingReports: number;
  bookingsByStatus: CountByKey[];
  payments7: PaymentFigure[];
  payments30: PaymentFigure[];
  noShowAgents: AgentFigure[];
  commissionsPending: { count: number; amount: number };
}

export async function getDashboardStats(deps: PlatformStatsDeps): Promise<DashboardStats> {
  const at = deps.clock.now();
  const { stats } = deps;
  const [usersByRole, properties, pendingVerifications, openListingReports, bookingsByStatus, payments7, payments30, noShowAgents, owed] =
    await Promise.all([
      stats.usersByRole(),
      stats.propertyCounts(),
      stats.pendingVerifications(),
      stats.openListingReports(),
      stats.bookingsByStatus(),
      stats.payments(new Date(at.getTime() - 7 * DAY_MS), at),
      stats.payments(new Date(at.getTime() - 30 * DAY_MS), at),
      stats.agentsWithNoShows(REPEATED_NO_SHOWS),
      stats.commissionsOwed(),
    ]);
  return {
    at,
    usersByRole,
    properties,
    pendingVerifications,
    openListingReports,
    bookingsByStatus,
    payments7,
    payments30,
    noShowAgents,
    commissionsPending: { count: owed.reduce((s, a) => s + a.count, 0), amount: owed.reduce((s, a) => s + a.amount, 0) },
  };
}

export interface RevenueTable {
  /** Oldest first; every bucket is listed, empty ones with no lines. */
  buckets: { start: Date; lines: { type: string; count: number; amount: number }[]; amount: number }[];
}

export interface ReportsStats {
  at: Date;
  weekly: RevenueTable;
  monthly: RevenueTable;
  active: ActiveAccessFigures;
  commissionsOwed: AgentFigure[];
}

/** The starts of the last `n` weeks (the current one included), oldest first. */
export function weekStarts(at: Date, n: number): Date[] {
  const current = payoutWeekStart(at).getTime();
  return Array.from({ length: n }, (_, i) => new Date(current - (n - 1 - i) * 7 * DAY_MS));
}

/** The starts of the last `n` months (the current one included), oldest first. */
export function monthStarts(at: Date, n: number): Date[] {
  const out: Date[] = [payoutMonthStart(at)];
  while (out.length < n) out.unshift(payoutMonthStart(new Date(out[0].getTime() - DAY_MS)));
  return out;
}

function table(starts: Date[], figures: RevenueFigure[]): RevenueTable {
  return {
    buckets: starts.map((start) => {
      const lines = figures
        .filter((f) => f.bucketStart.getTime() === start.getTime())
        .map(({ type, count, amount }) => ({ type, count, amount }));
      lines.sort((a, b) => a.type.localeCompare(b.type));
      return { start, lines, amount: lines.reduce((s, l) => s + l.amount, 0) };
    }),
  };
}

export async function getReportsStats(deps: PlatformStatsDeps): Promise<ReportsStats> {
  const at = deps.clock.now();
  const weeks = weekStarts(at, REPORT_WEEKS);
  const months = monthStarts(at, REPORT_MONTHS);
  const [weekly, monthly, active, commissionsOwed] = await Promise.all([
    deps.stats.revenue(weeks, at),
    deps.stats.revenue(months, at),
    deps.stats.activeAccess(at),
    deps.stats.commissionsOwed(),
  ]);
  return { at, weekly: table(weeks, weekly), monthly: table(months, monthly), active, commissionsOwed };
}
