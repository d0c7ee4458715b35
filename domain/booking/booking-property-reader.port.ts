import type { AgentStatus } from "../accounts/account.entity";
import { LISTING_AGENT_STATUS } from "../accounts/owner-standing";
import type { VisitingHours } from "./visiting-hours";

export type BookablePropertyStatus = "available" | "booked" | "sold" | "unavailable" | "rented_out";

/** The facts about a property that booking a visit depends on. */
export interface BookableProperty {
  id: string;
  agentId: string;
  title: string;
  status: BookablePropertyStatus;
  isAvailable: boolean;
  hidden: boolean;
  /** The listing's agent's status, or null when the agent has no agent record (owner-standing.ts). */
  agentStatus: AgentStatus | null;
  visitingHours: VisitingHours;
}

/**
 * The one definition of a listing that takes visits, as data: the stores build their WHERE from it
 * and isBookable reads it, so the rule is written once. Its agent must be one whose listings are
 * offered: approved, and the account an agent that is not suspended (owner-standing.ts, issue 30).
 */
export const BOOKABLE_PROPERTY = {
  status: "available",
  isAvailable: true,
  hidden: false,
  agentStatus: LISTING_AGENT_STATUS,
} as const satisfies Pick<BookableProperty, "status" | "isAvailable" | "hidden" | "agentStatus">;

/** The listing's agent may take visits and be paid for them now: new bookings and payments need it. */
export function agentOffersVisits(property: Pick<BookableProperty, "agentStatus">): boolean {
  return property.agentStatus === BOOKABLE_PROPERTY.agentStatus;
}

export function isBookable(property: Pick<BookableProperty, "status" | "isAvailable" | "hidden" | "agentStatus">): boolean {
  return (
    property.status === BOOKABLE_PROPERTY.status &&
    property.isAvailable === BOOKABLE_PROPERTY.isAvailable &&
    property.hidden === BOOKABLE_PROPERTY.hidden &&
    agentOffersVisits(property)
  );
}

export interface BookingPropertyReader {
  findPropertyForBooking(id: string): Promise<BookableProperty | null>;
}
