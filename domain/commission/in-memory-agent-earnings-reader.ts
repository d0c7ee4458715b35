import type { AgentEarningLine, AgentEarningsReader, EarningsStatusTotal } from "./agent-earnings-reader.port";
import type { CommissionEarning, CommissionStatus } from "./commission.entity";

/** What the in-memory reader reads: the commission rows and each property's title. */
export interface EarningsSource {
  rows(): CommissionEarning[];
  titleOf(propertyId: string): string;
}

const STATUSES: CommissionStatus[] = ["pending", "paid", "voided"];

const newestFirst = (a: CommissionEarning, b: CommissionEarning) =>
  b.date.getTime() - a.date.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class InMemoryAgentEarningsReader implements AgentEarningsReader {
  constructor(private readonly source: EarningsSource) {}

  async totalsByStatus(agentId: string): Promise<EarningsStatusTotal[]> {
    const mine = this.source.rows().filter((r) => r.agentId === agentId);
    return STATUSES.map((status) => {
      const rows = mine.filter((r) => r.status === status);
      return { status, amount: rows.reduce((sum, r) => sum + r.amount, 0), count: rows.length };
    }).filter((t) => t.count > 0);
  }

  async listEarnings(agentId: string, window: { offset: number; limit: number }): Promise<{ items: AgentEarningLine[]; total: number }> {
    const mine = this.source
      .rows()
      .filter((r) => r.agentId === agentId)
      .sort(newestFirst);
    return {
      total: mine.length,
      items: mine.slice(window.offset, window.offset + window.limit).map((r) => ({
        id: r.id,
        date: new Date(r.date),
        propertyId: r.propertyId,
        propertyTitle: this.source.titleOf(r.propertyId),
        amount: r.amount,
        status: r.status,
        voidReason: r.status === "voided" ? r.voidReason : null,
      })),
    };
  }
}
