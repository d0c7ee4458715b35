import type { CommissionRepository, InsertEarningResult } from "./commission-repository.port";
import type { AgentEarningsSummary, AgentNoShows, CommissionEarning } from "./commission.entity";

const copy = (e: CommissionEarning): CommissionEarning => ({
  ...e,
  date: new Date(e.date),
  paidDate: e.paidDate ? new Date(e.paidDate) : null,
  voidedAt: e.voidedAt ? new Date(e.voidedAt) : null,
});

/** No-shows live on bookings; this adapter reads them through the two lookups it is given. */
export interface NoShowSource {
  noShowPropertyIds(): string[];
  agentOf(propertyId: string): string | undefined;
}

/** Mirrors commission_earnings_period_uq: NULLs never collide, as in SQL. */
const samePeriod = (a: CommissionEarning, b: CommissionEarning) =>
  a.studentId !== null && a.periodKey !== null && a.agentId === b.agentId && a.studentId === b.studentId && a.periodKey === b.periodKey;

export class InMemoryCommissionRepository implements CommissionRepository {
  private rows: CommissionEarning[] = [];

  constructor(private readonly noShows: NoShowSource) {}

  async insertEarning(earning: CommissionEarning): Promise<InsertEarningResult> {
    if (this.rows.some((r) => r.bookingId === earning.bookingId)) return "duplicate";
    if (this.rows.some((r) => samePeriod(r, earning))) return "period_already_earned";
    this.rows.push(copy(earning));
    return "inserted";
  }

  async findById(id: string): Promise<CommissionEarning | null> {
    const e = this.rows.find((r) => r.id === id);
    return e ? copy(e) : null;
  }

  async findByBookingId(bookingId: string): Promise<CommissionEarning | null> {
    const e = this.rows.find((r) => r.bookingId === bookingId);
    return e ? copy(e) : null;
  }

  async voidEarning(id: string, change: { reason: string; by: string; at: Date }): Promise<boolean> {
    const e = this.rows.find((r) => r.id === id);
    if (!e || e.status !== "pending" || e.payoutId) return false;
    Object.assign(e, { status: "voided", voidReason: change.reason, voidedBy: change.by, voidedAt: new Date(change.at) });
    return true;
  }

  async pendingUpTo(agentId: string, at: Date): Promise<CommissionEarning[]> {
    return this.rows
      .filter((r) => r.agentId === agentId && r.status === "pending" && !r.payoutId && r.date.getTime() <= at.getTime())
      .sort((a, b) => a.date.getTime() - b.date.getTime() || a.id.localeCompare(b.id))
      .map(copy);
  }

  async markPaid(id: string, payout: { paidDate: Date; reference: string }): Promise<boolean> {
    const e = this.rows.find((r) => r.id === id);
    if (!e || e.status !== "pending" || e.payoutId) return false;
    Object.assign(e, { status: "paid", paidDate: new Date(payout.paidDate), payoutReference: payout.reference });
    return true;
  }

  async agentEarnings(agentId: string): Promise<AgentEarningsSummary> {
    const mine = this.rows.filter((r) => r.agentId === agentId && r.status !== "voided");
    const paid = mine.filter((r) => r.status === "paid").reduce((sum, r) => sum + r.amount, 0);
    const total = mine.reduce((sum, r) => sum + r.amount, 0);
    return { total, paid, unpaid: total - paid, count: mine.length };
  }

  async noShowCountsByAgent(): Promise<AgentNoShows[]> {
    const counts = new Map<string, number>();
    for (const propertyId of this.noShows.noShowPropertyIds()) {
      const agentId = this.noShows.agentOf(propertyId);
      if (agentId) counts.set(agentId, (counts.get(agentId) ?? 0) + 1);
    }
    return [...counts]
      .map(([agentId, noShows]) => ({ agentId, noShows }))
      .sort((a, b) => b.noShows - a.noShows || a.agentId.localeCompare(b.agentId));
  }

  /** Test helper: marks every pending earning of the agent paid (the weekly payout comes later). */
  markAllPaid(agentId: string, at: Date): void {
    for (const r of this.rows)
      if (r.agentId === agentId && r.status === "pending") Object.assign(r, { status: "paid", paidDate: new Date(at) });
  }
  all(): CommissionEarning[] {
    return this.rows.map(copy);
  }
  snapshot(): CommissionEarning[] {
    return this.rows.map(copy);
  }
  restore(rows: CommissionEarning[]): void {
    this.rows = rows.map(copy);
  }
}
