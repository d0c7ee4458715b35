import type { CommissionRepository } from "./commission-repository.port";
import type { AgentEarningsSummary, AgentNoShows, CommissionEarning } from "./commission.entity";

const copy = (e: CommissionEarning): CommissionEarning => ({ ...e, date: new Date(e.date), paidDate: e.paidDate ? new Date(e.paidDate) : null });

/** No-shows live on bookings; this adapter reads them through the two lookups it is given. */
export interface NoShowSource {
  noShowPropertyIds(): string[];
  agentOf(propertyId: string): string | undefined;
}

export class InMemoryCommissionRepository implements CommissionRepository {
  private rows: CommissionEarning[] = [];

  constructor(private readonly noShows: NoShowSource) {}

  async insertEarning(earning: CommissionEarning): Promise<"inserted" | "duplicate"> {
    if (this.rows.some((r) => r.bookingId === earning.bookingId)) return "duplicate";
    this.rows.push(copy(earning));
    return "inserted";
  }

  async findByBookingId(bookingId: string): Promise<CommissionEarning | null> {
    const e = this.rows.find((r) => r.bookingId === bookingId);
    return e ? copy(e) : null;
  }

  async agentEarnings(agentId: string): Promise<AgentEarningsSummary> {
    const mine = this.rows.filter((r) => r.agentId === agentId);
    const paid = mine.filter((r) => r.paid).reduce((sum, r) => sum + r.amount, 0);
    const total = mine.reduce((sum, r) => sum + r.amount, 0);
    return { total, paid, unpaid: total - paid, count: mine.length };
  }

  async noShowCountsByAgent(): Promise<AgentNoShows[]> {
    const counts = new Map<string, number>();
    for (const propertyId of this.noShows.noShowPropertyIds()) {
      const agentId = this.noShows.agentOf(propertyId);
      if (agentId) counts.set(agentId, (counts.get(agentId) ?? 0) + 1);
    }
    return [...counts].map(([agentId, noShows]) => ({ agentId, noShows })).sort((a, b) => b.noShows - a.noShows || a.agentId.localeCompare(b.agentId));
  }

  /** Test helper: marks every earning of the agent paid. */
  markAllPaid(agentId: string, at: Date): void {
    for (const r of this.rows) if (r.agentId === agentId) Object.assign(r, { paid: true, paidDate: new Date(at) });
  }
  snapshot(): CommissionEarning[] {
    return this.rows.map(copy);
  }
  restore(rows: CommissionEarning[]): void {
    this.rows = rows.map(copy);
  }
}
