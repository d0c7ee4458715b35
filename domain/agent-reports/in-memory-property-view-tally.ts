import type { PropertyViewTally } from "./property-view-tally.port";

export interface ViewDay {
  propertyId: string;
  day: string;
  views: number;
}

export class InMemoryPropertyViewTally implements PropertyViewTally {
  private readonly counts = new Map<string, ViewDay>();
  private readonly agents = new Map<string, string>();

  /** Declares a listing and its agent (the in-memory stand-in for the properties table). */
  putProperty(propertyId: string, agentId: string): void {
    this.agents.set(propertyId, agentId);
  }

  async listingAgentOf(propertyId: string): Promise<string | null> {
    return this.agents.get(propertyId) ?? null;
  }

  async addView(propertyId: string, day: string): Promise<void> {
    this.addViews(propertyId, day, 1);
  }

  /** Adds `views` at once (tests and fixtures). */
  addViews(propertyId: string, day: string, views: number): void {
    const key = `${propertyId}|${day}`;
    const row = this.counts.get(key) ?? { propertyId, day, views: 0 };
    this.counts.set(key, { ...row, views: row.views + views });
  }

  rows(): ViewDay[] {
    return [...this.counts.values()].map((r) => ({ ...r }));
  }
}
