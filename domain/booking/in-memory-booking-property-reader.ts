import type { AgentStatus } from "../accounts/account.entity";
import type { AgentRepository } from "../accounts/agent-repository.port";
import type { BookableProperty, BookingPropertyReader } from "./booking-property-reader.port";
import { DEFAULT_VISITING_HOURS } from "./visiting-hours";

/** A stored listing: what booking reads, plus what the money read models list by. */
export interface ListedProperty extends BookableProperty {
  verified: boolean;
  createdAt: Date;
}

function bookableOf(listed: ListedProperty): BookableProperty {
  const { verified: _verified, createdAt: _createdAt, ...bookable } = listed;
  return { ...bookable };
}

export class InMemoryBookingPropertyReader implements BookingPropertyReader {
  private readonly properties = new Map<string, ListedProperty>();

  /**
   * `agents`: where the agents' statuses live, as the databases join them; without it, each
   * listing keeps the agentStatus it was added with.
   */
  constructor(private readonly agents?: Pick<AgentRepository, "findByUserId">) {}

  async findPropertyForBooking(id: string): Promise<BookableProperty | null> {
    const p = this.properties.get(id);
    if (!p) return null;
    return this.agents ? { ...bookableOf(p), agentStatus: await this.agentStatusOf(p.agentId) } : bookableOf(p);
  }

  /** Adds or replaces a property; unspecified fields make a visible, verified, available listing of an approved agent. */
  add(property: Partial<ListedProperty> & { id: string; agentId: string }): BookableProperty {
    const full: ListedProperty = {
      title: "Room in Molyko",
      status: "available",
      isAvailable: true,
      hidden: false,
      agentStatus: "approved",
      visitingHours: DEFAULT_VISITING_HOURS,
      verified: true,
      createdAt: new Date(0),
      ...property,
    };
    this.properties.set(full.id, full);
    return bookableOf(full);
  }

  /** Every stored listing (for the in-memory read models). */
  all(): ListedProperty[] {
    return [...this.properties.values()].map((p) => ({ ...p, createdAt: new Date(p.createdAt) }));
  }

  agentOf(propertyId: string): string | undefined {
    return this.properties.get(propertyId)?.agentId;
  }

  titleOf(propertyId: string): string | undefined {
    return this.properties.get(propertyId)?.title;
  }

  private async agentStatusOf(agentId: string): Promise<AgentStatus | null> {
    return (await this.agents?.findByUserId(agentId))?.status ?? null;
  }
}
