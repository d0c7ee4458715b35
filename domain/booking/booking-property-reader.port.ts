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
  visitingHours: VisitingHours;
}

/**
 * The one definition of a listing that takes visits, as data: the stores build their WHERE from it
 * and isBookable reads it, so the rule is written once.
 */
export const BOOKABLE_PROPERTY = { status: "available", isAvailable: true, hidden: false } as const satisfies Pick<
  BookableProperty,
  "status" | "isAvailable" | "hidden"
>;

export function isBookable(property: Pick<BookableProperty, "status" | "isAvailable" | "hidden">): boolean {
  return (
    property.status === BOOKABLE_PROPERTY.status && property.isAvailable === BOOKABLE_PROPERTY.isAvailable && property.hidden === BOOKABLE_PROPERTY.hidden
  );
}

export interface BookingPropertyReader {
  findPropertyForBooking(id: string): Promise<BookableProperty | null>;
}
